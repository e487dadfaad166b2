/**
 * How the waiters of one request learn its outcome. Every waiter (a hook that suspends, a poll,
 * `rest.settled()`) waits for `promise`; only the callers that read the value (`rest.fetch`,
 * `useFetch`) ask for `answer()`. The value is built only when one of them asked, so a request
 * whose value nobody reads (a component's: its data reaches it through the store) builds nothing
 * for it.
 */
export interface Settlement {
  /** Settles once the outcome is committed, with what builds the value; rejects with the request's error. */
  readonly promise: Promise<() => unknown>;
  /** The promise of the callers that read the value: one per request, so that joined callers share it and its value. */
  answer(): Promise<unknown>;
  resolve(read: () => unknown): void;
  reject(error: unknown): void;
}

const noop = () => undefined;

export function settlement(): Settlement {
  let resolve!: (read: () => unknown) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<() => unknown>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Its rejection is the business of the callers' own promises: waiting alone is not handling it.
  promise.catch(noop);
  let answer: Promise<unknown> | undefined;
  // Reading the value back can fail (data linked too deeply to read): the caller gets that error, the store keeps the write.
  return { promise, resolve, reject, answer: () => (answer ??= promise.then((read) => read())) };
}
