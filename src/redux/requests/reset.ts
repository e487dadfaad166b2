import type { Handler } from '../instance/feature';
import type { HandlerContext } from '../instance/handlerContext';

/**
 * `resetEntireStore` committed (see docs/concepts.md#the-store): requests in flight are dropped and reject with
 * `ResetError`, and keys nothing uses any more are forgotten (the features' handlers then drop
 * their layers and restart what subscribed keys need).
 */
export function buildResetHandler({ rest, requests, keys }: HandlerContext): Handler {
  return (action) => {
    if (!rest.actions.resetEntireStore.match(action)) return;
    requests.discardAll();
    keys.forget(keys.all());
  };
}
