import type { ActionHandler, HandlerContext } from './handlerContext';

/**
 * `resetEntireStore` committed (see docs/concepts.md#the-store): requests in flight are dropped and reject with
 * `ResetError`, their layers go, and keys nothing uses any more are forgotten (the polling and
 * streams features then restart what subscribed keys need).
 */
export function buildResetHandler({ rest, requests, keys }: HandlerContext, layers: { clear(): void }): ActionHandler {
  return (action) => {
    if (!rest.actions.resetEntireStore.match(action)) return;
    requests.discardAll();
    layers.clear();
    keys.forget(keys.all());
  };
}
