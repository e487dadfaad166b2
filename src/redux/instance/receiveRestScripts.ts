import type { Rest } from '../createRest';
import { onlyRest } from './onlyRest';
import { scriptQueueName } from './scriptQueue';
import type { ScriptQueue } from './scriptQueue';
import type { UnknownAction } from '../rtk';

/**
 * Options of `receiveRestScripts`.
 *
 * @preventInline ActionCreatorWithPreparedPayload
 * @preventInline ActionCreatorWithPayload
 * @preventInline ActionCreatorWithoutPayload
 */
export interface ReceiveRestScriptsOptions {
  /** The instance whose writes to receive, for a store with several. @default the one instance installed in the store */
  rest?: Rest;
}

/** The store a receiver applies writes to, beside the queue's `push`. */
interface Receiver extends ScriptQueue {
  readonly store: object;
}

/**
 * Applies to `store` the slice writes that a streaming server render sent inside the HTML (see
 * docs/server-rendering.md#streaming): those already received, then each later one as soon as its
 * script runs, so the store holds a boundary's data before React hydrates the boundary. Each write
 * is merged as `rest.actions.rehydrated(slice)` does, by freshness. Call it where the client store
 * is created, before `hydrateRoot`; `rtk-rest/next`'s `<RestScripts>` calls it for you. Calling it
 * again for the same store changes nothing. Outside a browser (no `document`) it does nothing, so
 * the same store factory runs on the server. Returns a function that stops receiving.
 *
 * @example
 * const store = makeStore();
 * receiveRestScripts(store);
 * hydrateRoot(document, <Provider store={store}><App /></Provider>);
 */
export function receiveRestScripts(store: { dispatch(action: UnknownAction): unknown }, options: ReceiveRestScriptsOptions = {}): () => void {
  // On a server the global object is shared by every request: no queue there.
  if (typeof document === 'undefined') return () => undefined;
  const rest = options.rest ?? onlyRest(store, 'receiveRestScripts', 'receiveRestScripts(store, { rest })');
  const name = scriptQueueName(rest.reducerPath);
  const global = globalThis as unknown as Record<string, ScriptQueue | undefined>;
  const queued = global[name];
  if (isReceiver(queued) && queued.store === store) return stopper(global, name, queued);
  const apply = (slice: unknown) => {
    if (typeof slice === 'object' && slice !== null && !Array.isArray(slice)) store.dispatch(rest.actions.rehydrated(slice as Record<string, unknown>));
  };
  const receiver: Receiver = {
    store,
    push(...slices) {
      slices.forEach(apply);
      return 0;
    },
  };
  if (Array.isArray(queued)) queued.forEach(apply);
  global[name] = receiver;
  return stopper(global, name, receiver);
}

const isReceiver = (queue: ScriptQueue | undefined): queue is Receiver => typeof queue === 'object' && queue !== null && !Array.isArray(queue) && 'store' in queue;

/** Stops a receiver: later scripts queue their writes again, for the next store to receive. */
const stopper = (global: Record<string, ScriptQueue | undefined>, name: string, receiver: Receiver) => () => {
  if (global[name] === receiver) global[name] = [];
};
