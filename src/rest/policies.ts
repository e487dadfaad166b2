import { isNotModified, NOT_MODIFIED, validatorsOf, withValidators } from './conditional';
import type { Validators } from './conditional';
import { attachErrorBody } from './errorBody';
import { NetworkError } from './errors';
import { resolveRetry, retryDelay } from './retry';
import { eitherSignal } from './signals';
import type { RetryOption } from './types';

/** The timer functions the policies wait with (the store's injected ones, the `timers` option of createRest). */
export interface PolicyTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

/** What one request runs with (issue 18.5): the endpoint's options over the store's defaults. */
export interface RequestPolicies {
  readonly retry?: RetryOption;
  readonly timeout?: number;
  readonly timers?: PolicyTimers;
  readonly now?: () => number;
  /** A conditional refetch: the stored answer's validators to send; a 304 then resolves `NOT_MODIFIED`. */
  readonly validators?: Validators;
  /** Called with the validators of the answer (a 200's, or a 304's). */
  readonly onValidators?: (validators: Validators) => void;
}

const globalTimers: PolicyTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
};

type Send = (init: RequestInit) => Promise<Response>;

/**
 * `fetchResponse` under the request policies: each try bounded by `timeout`, failures that mean
 * "try again" retried per `retry` (never an abort). The error that ends it carries the server's
 * JSON body (issue 18.5). With `validators` the request is conditional and a 304 resolves
 * `NOT_MODIFIED`. With no policy this is one plain call.
 */
export async function sendWithPolicies(send: Send, url: string, given: RequestInit, policies: RequestPolicies): Promise<Response | typeof NOT_MODIFIED> {
  const retry = resolveRetry(policies.retry);
  const timers = policies.timers ?? globalTimers;
  const init = policies.validators === undefined ? given : withValidators(given, policies.validators);
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await (policies.timeout === undefined ? send(init) : sendWithTimeout(send, url, init, policies.timeout, timers));
      policies.onValidators?.(validatorsOf(response));
      return response;
    } catch (error) {
      if (policies.validators !== undefined && isNotModified(error)) {
        policies.onValidators?.({ ...policies.validators, ...(error.response ? validatorsOf(error.response) : {}) });
        return NOT_MODIFIED;
      }
      await attachErrorBody(error);
      const wait =
        retry !== undefined && attempt <= retry.attempts && !init.signal?.aborted && retry.when(error, attempt)
          ? retryDelay(retry, error, attempt, (policies.now ?? Date.now)())
          : undefined;
      if (wait === undefined) throw error;
      await sleep(wait, init.signal, timers);
    }
  }
}

/**
 * One try that gives up after `ms`: the request is aborted (reason a `TimeoutError`) and the try
 * rejects with a `NetworkError` of status 408 saying it timed out, even when an overridden
 * `fetchResponse` ignores the signal.
 */
function sendWithTimeout(send: Send, url: string, init: RequestInit, ms: number, timers: PolicyTimers): Promise<Response> {
  const controller = new AbortController();
  const signal = init.signal ? eitherSignal(init.signal, controller.signal) : controller.signal;
  return new Promise<Response>((resolve, reject) => {
    const timer = timers.setTimeout(() => {
      const cause = new DOMException(`The request timed out after ${ms} ms`, 'TimeoutError');
      controller.abort(cause);
      reject(new NetworkError(undefined, url, { status: 408, message: `${url}: timed out after ${ms} ms (timeout option)`, cause }));
    }, ms);
    send({ ...init, signal }).then(resolve, reject).finally(() => timers.clearTimeout(timer));
  });
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts (an abort is never retried). */
function sleep(ms: number, signal: AbortSignal | null | undefined, timers: PolicyTimers): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      timers.clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = timers.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
