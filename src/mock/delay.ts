/**
 * Time and cancellation for the mock (see docs/getting-started.md#5-test-it-without-a-server): answers are always asynchronous, `delay` uses the
 * global timers of the moment of the call (so Jest fake timers drive it), and an aborted signal
 * rejects at once with a `DOMException` named `AbortError`.
 */

/** The rejection for an aborted signal: its own reason when that is an `AbortError`, else a fresh one. */
export function abortError(signal: AbortSignal): unknown {
  const reason: unknown = signal.reason;
  if ((reason as { name?: unknown } | undefined)?.name === 'AbortError') return reason;
  return new DOMException('This operation was aborted', 'AbortError');
}

/**
 * Runs `work` after `delay` ms and settles with its outcome, or rejects with an `AbortError` as soon
 * as `signal` aborts. The timer is set synchronously, so advancing fake time right after the call
 * releases it. A zero delay sets no timer: the answer comes after a few microtasks.
 */
export function afterDelay<T>(delay: number, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      if (timer !== undefined) globalThis.clearTimeout(timer);
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const run = () => {
      timer = undefined;
      work()
        .then(resolve, reject)
        .finally(() => signal?.removeEventListener('abort', onAbort));
    };
    if (delay > 0) timer = globalThis.setTimeout(run, delay);
    else void Promise.resolve().then(run);
  });
}
