import type { StoreEndpoint } from '../../rest';
import type { InFlightRequests } from './requests';

const noop = () => undefined;

/**
 * A mounted `useCancelling` waits for the key's read in flight; the returned release
 * aborts that request when it was the last such waiter and no other consumer holds it. The
 * abort waits for a microtask: StrictMode's unmount-and-mount-again, and several hooks moving
 * between keys in one commit, register again before it. A function of its own, not a method of
 * the store's requests (a class method is never tree-shaken), so only apps that cancel bundle it.
 */
export function cancelling(requests: InFlightRequests, endpoint: StoreEndpoint, args: readonly unknown[], key: string): () => void {
  const request = requests.reads.get(requests.dedupeKey(endpoint, args, key));
  if (request === undefined || request.held) return noop;
  request.cancellers += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    request.cancellers -= 1;
    queueMicrotask(() => {
      if (request.cancellers > 0 || request.held || !requests.active.has(request)) return;
      request.abort.abort(new DOMException(`[rtk-rest] ${request.key}: aborted because no useCancelling waits for it any more`, 'AbortError'));
    });
  };
}
