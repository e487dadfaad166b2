import { NetworkError } from '../../rest';
import { storedBody } from './errorBody';
import type { StoredError } from '../types';

/**
 * The rejection of requests cut off by `resetEntireStore()` (see docs/concepts.md#the-store): their responses are
 * dropped. Never stored as a key's error.
 *
 * @example
 * store.dispatch(rest.fetch(PostResource.getList, { group: 'react' })).catch((error) => {
 *   if (!(error instanceof ResetError)) reportError(error); // a logout cut it off: nothing to report
 * });
 */
export class ResetError extends Error {
  override readonly name = 'ResetError';
  constructor() {
    super('Request discarded by resetEntireStore()');
  }
}

/** Whether an error is an abort (`AbortError`), which is never stored (see docs/concepts.md#errors-and-errorpolicy). */
export function isAbort(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

/**
 * `{ name, message, status, url?, body? }` (see docs/concepts.md#errors-and-errorpolicy): status 0 unless a finite number; `body` the
 * server's parsed body, capped.
 */
export function serializeError(error: unknown): StoredError {
  const source = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as Record<string, unknown>;
  const status = typeof source.status === 'number' && Number.isFinite(source.status) ? source.status : 0;
  const stored: StoredError = {
    name: typeof source.name === 'string' ? source.name : 'Error',
    message: typeof source.message === 'string' ? source.message : String(error),
    status,
  };
  if (typeof source.url === 'string') stored.url = source.url;
  if (source.body !== undefined && source.body !== null) stored.body = storedBody(source.body);
  return stored;
}

const rebuilt = new WeakMap<StoredError, Error>();

/** The Error readers surface for a stored error; the same stored object gives the same instance (see docs/concepts.md#errors-and-errorpolicy). */
export function rebuildError(stored: StoredError): Error {
  let error = rebuilt.get(stored);
  if (error === undefined) {
    if (stored.name === 'NetworkError') {
      error = new NetworkError(undefined, stored.url ?? '', { message: stored.message, status: stored.status, body: stored.body });
    } else {
      error = Object.assign(new Error(stored.message), { status: stored.status }, stored.body === undefined ? {} : { body: stored.body });
      error.name = stored.name;
    }
    rebuilt.set(stored, error);
  }
  return error;
}

/** The endpoint's `errorPolicy` for an error: `'soft'` or nothing; a throwing policy counts as nothing. */
export function softPolicy(endpoint: { errorPolicy?: (error: any) => 'soft' | undefined }, error: unknown): 'soft' | undefined {
  try {
    return endpoint.errorPolicy?.(error) === 'soft' ? 'soft' : undefined;
  } catch {
    return undefined;
  }
}
