import type { ActionHandler, HandlerContext } from './handlerContext';

/**
 * `resetEntireStore` committed (see docs/concepts.md#the-store): requests in flight are dropped and reject with
 * `ResetError`, their layers go, keys nothing uses any more are forgotten, and every subscribed
 * key is due for a poll at once (it has no write left).
 */
export function buildResetHandler({ rest, requests, keys }: HandlerContext, layers: { clear(): void }, polling: { rescheduleAll(): void }): ActionHandler {
  return (action) => {
    if (!rest.actions.resetEntireStore.match(action)) return;
    requests.discardAll();
    layers.clear();
    keys.forget(keys.all());
    polling.rescheduleAll();
  };
}
