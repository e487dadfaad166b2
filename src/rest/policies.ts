import { attachErrorBody } from './errorBody';
import { NetworkError } from './errors';
import { eitherSignal } from './signals';

/** What a conditional request resolves to when the server answered 304: the stored data stands. */
export const NOT_MODIFIED: unique symbol = Symbol('rtk-rest.notModified');

/** The timer functions the policies wait with (the store's injected ones, the `timers` option of createRest). */
export interface PolicyTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

/**
 * What one request runs with: the endpoint's options over the store's defaults.
 * Retries and conditional requests come as functions from the store's features (`retries`,
 * `conditionalRequests`), so that code is bundled only by apps whose store has them.
 */
export interface RequestPolicies {
  readonly timeout?: number;
  readonly timers?: PolicyTimers;
  /**
   * After `error` failed try `attempt`: waits before try `attempt + 1` and resolves `true`, or
   * resolves `false` at once to give up; rejects with the signal's reason when it aborts while
   * waiting. The waiting lives with the retry policy (`retryAfterOf`), so a store without the
   * `retries` feature bundles none of it.
   */
  readonly retryAfter?: (error: unknown, attempt: number, signal: AbortSignal | null | undefined, timers: PolicyTimers) => Promise<boolean>;
  /** A conditional request: adds the validators, reads the answer's, and says whether a failure is a 304. */
  readonly conditional?: ConditionalPolicy;
  /**
   * Link pagination: receives the answer's `Link` header, when it has one, and the URL it came
   * from (to resolve relative links against). The store's `linkPagination` feature parses it, so a
   * store without it bundles no parser.
   */
  readonly links?: (header: string, base: string) => void;
}

/** A conditional request's side of the request (see `RequestPolicies.conditional`). */
export interface ConditionalPolicy {
  /** The request init with `If-None-Match` / `If-Modified-Since` added (when the store has validators). */
  prepare(init: RequestInit): RequestInit;
  /** The answer came (a success, or a 304 whose `response` the failure carries): note its validators. */
  answered(response: Response | undefined, notModified: boolean): void;
  /** Whether the failure is a 304 that keeps the stored data (resolves `NOT_MODIFIED`). */
  notModified(error: unknown): boolean;
}

/** The platform's timers: what requests wait with, and the store's default `timers` (one definition for both). */
export const globalTimers: PolicyTimers = {
  // The global functions looked up at each call (fake timers installed later still apply).
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

type Send = (init: RequestInit) => Promise<Response>;

/**
 * `fetchResponse` under the request policies: each try bounded by `timeout`, failures retried
 * while `retryAfter` says so (never after an abort). The error that ends it carries the server's
 * JSON body. A `conditional` request whose answer is a 304 resolves `NOT_MODIFIED`.
 * With no policy this is one plain call.
 */
export async function sendWithPolicies(send: Send, url: string, given: RequestInit, policies: RequestPolicies): Promise<Response | typeof NOT_MODIFIED> {
  const { conditional, retryAfter } = policies;
  const timers = policies.timers ?? globalTimers;
  const init = conditional === undefined ? given : conditional.prepare(given);
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await (policies.timeout === undefined ? send(init) : sendWithTimeout(send, url, init, policies.timeout, timers));
      conditional?.answered(response, false);
      return response;
    } catch (error) {
      if (conditional?.notModified(error)) {
        conditional.answered((error as { response?: Response }).response, true);
        return NOT_MODIFIED;
      }
      await attachErrorBody(error);
      // An abort is never retried.
      if (retryAfter === undefined || init.signal?.aborted || !(await retryAfter(error, attempt, init.signal, timers))) throw error;
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
