import type { PolicyTimers, RequestPolicies } from './policies';
import type { RetryOption } from './types';

/** Statuses that mean "try again": no answer (0), 408, 429, 503, 504. */
const TRANSIENT = new Set([0, 408, 429, 503, 504]);
/** A `Retry-After` longer than this ends the retries: a read that waits minutes helps nobody. */
const MAX_RETRY_AFTER = 60_000;

/** A retry policy with every field filled in. */
export interface ResolvedRetry {
  readonly attempts: number;
  readonly delay: (attempt: number, error: unknown) => number;
  readonly when: (error: unknown, attempt: number) => boolean;
}

/** `retry` as given (an endpoint's, else the store's default) to a policy, or `undefined` for none. */
export function resolveRetry(option: RetryOption | undefined): ResolvedRetry | undefined {
  if (option === undefined || option === false || option === 0) return undefined;
  const given = option === true ? {} : typeof option === 'number' ? { attempts: option } : option;
  return { attempts: given.attempts ?? 3, delay: given.delay ?? backoff, when: given.when ?? isTransient };
}

/** The default `when`: a failure that means "try again"; an abort never (its name is AbortError). */
export function isTransient(error: unknown): boolean {
  const { name, status } = (error ?? {}) as { name?: unknown; status?: unknown };
  return name !== 'AbortError' && typeof status === 'number' && TRANSIENT.has(status);
}

/**
 * The default `delay`: exponential from 1 s, capped at 30 s, with "equal jitter" (half fixed, half
 * random) so that clients failed by one outage do not all come back in the same millisecond.
 */
export function backoff(attempt: number): number {
  const base = Math.min(1000 * 2 ** (attempt - 1), 30_000);
  return base / 2 + (Math.random() * base) / 2;
}

/**
 * ms to wait before retry `attempt` after `error`: the response's `Retry-After` (seconds or an
 * HTTP date) when it has one, else the policy's delay; `undefined` when the server asks for more
 * than a minute.
 */
export function retryDelay(retry: ResolvedRetry, error: unknown, attempt: number, now: number): number | undefined {
  const header = (error as { response?: { headers?: Headers } } | null)?.response?.headers?.get?.('retry-after');
  if (header !== null && header !== undefined && header.trim() !== '') {
    const seconds = Number(header);
    const wait = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
    if (!Number.isNaN(wait)) return wait > MAX_RETRY_AFTER ? undefined : Math.max(0, wait);
  }
  return Math.max(0, retry.delay(attempt, error));
}

/**
 * A resolved policy as `RequestPolicies.retryAfter`: whether try `attempt` may be retried after
 * `error`, and if so waits that long first (`now` is the clock, for an HTTP-date `Retry-After`).
 */
export function retryAfterOf(retry: ResolvedRetry, now: () => number): NonNullable<RequestPolicies['retryAfter']> {
  return (error, attempt, signal, timers) => {
    const wait = attempt <= retry.attempts && retry.when(error, attempt) ? retryDelay(retry, error, attempt, now()) : undefined;
    return wait === undefined ? Promise.resolve(false) : sleep(wait, signal, timers).then(() => true);
  };
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

