/**
 * What an endpoint's `stream(...)` gets (see docs/concepts.md#streams): the key's
 * arguments, a signal aborted when the key's last subscriber leaves (or on `resetEntireStore`),
 * and the store's ways to write. Writes are ordinary actions, so the entities a stream pushes
 * update every key and selector that shows them; after the abort they are ignored.
 *
 * @example
 * const livePost = PostResource.get.extend({
 *   stream({ args: [{ id }], signal, setResponse }: StreamContext) {
 *     const source = new EventSource(`/posts/${id}/events`);
 *     source.onmessage = (event) => setResponse(JSON.parse(event.data));
 *     signal.addEventListener('abort', () => source.close());
 *   },
 * });
 */
export interface StreamContext<A extends readonly unknown[] = any[]> {
  /** The arguments of the subscribed key, as given to `rest.subscribe` (without the body). */
  readonly args: A;
  /** Aborted when the key's last subscriber leaves or the store is reset: close the connection then. */
  readonly signal: AbortSignal;
  /** Writes the key's response, as `rest.setResponse(endpoint, ...args, body)` does. */
  setResponse(body: unknown): void;
  /** `rest.set`: writes entities or a collection directly (see docs/concepts.md#the-store). */
  set(queryable: unknown, ...rest: unknown[]): void;
  /** The store's `dispatch`; does nothing after the abort. */
  dispatch(action: unknown): unknown;
  /** The store's `getState`. */
  getState(): unknown;
}

/** The `stream` option's type: may return a promise; a throw or rejection is logged in development, never stored. */
export type StreamOption = (context: StreamContext<any>) => void | Promise<void>;
