import { errorMessage, preview } from '../internal/json';

/**
 * A failed HTTP exchange (see docs/concepts.md#errors-and-errorpolicy): a non-2xx response, or a transport failure
 * (`status: 0`, `cause` the original error). `toJSON()` gives the form stored in Redux state.
 *
 * @example
 * try {
 *   await store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 9 }));
 * } catch (error) {
 *   if (error instanceof NetworkError && error.status === 404) showNotFound(error.url);
 *   else throw error;
 * }
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  // `declare`: the constructor assigns both, so the emitted class needs no field definitions.
  /** The HTTP status, or 0 when no response arrived. */
  declare readonly status: number;
  /** The request URL. */
  declare readonly url: string;
  /** The response (absent on transport failures and on errors rebuilt from state). */
  readonly response?: Response;
  /**
   * The server's parsed JSON body (a 422's field errors), when the response was JSON. The stored
   * error keeps it too, capped in size.
   *
   * @example
   * const [create, { error }] = useMutation(PostResource.getList.push);
   * const fieldErrors = (error as NetworkError | undefined)?.body; // { errors: [{ field: 'title', … }] }
   */
  body?: unknown;

  constructor(response: Response | undefined, url: string = response?.url ?? '', options: { message?: string; cause?: unknown; status?: number; body?: unknown } = {}) {
    const status = options.status ?? response?.status ?? 0;
    super(options.message ?? `${url}: ${response?.statusText || `status ${status}`}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.url = url;
    if (response !== undefined) this.response = response;
    if (options.body !== undefined) this.body = options.body;
  }

  /**
   * `{ name, status, message, url }`, plus `body` when there is one: what Redux state holds
   * (see docs/concepts.md#errors-and-errorpolicy; the store caps the body's size).
   *
   * @example
   * new NetworkError(undefined, '/posts/9', { status: 404, message: 'Not found' }).toJSON();
   * // { name: 'NetworkError', status: 404, message: 'Not found', url: '/posts/9' }
   */
  toJSON(): { name: string; status: number; message: string; url: string; body?: unknown } {
    const json: { name: string; status: number; message: string; url: string; body?: unknown } = { name: this.name, status: this.status, message: this.message, url: this.url };
    if (this.body !== undefined) json.body = this.body;
    return json;
  }
}

/**
 * Thrown (or `throw snapshot.abort`) from `getOptimisticResponse` to skip the optimistic update
 * while still sending the request (see docs/concepts.md#optimistic-updates).
 *
 * @example
 * const PostResource = createResource({ path: '/posts/:id', schema: Post }).extend({
 *   partialUpdate: {
 *     getOptimisticResponse(snapshot, { id }: { id: number }, body: { title?: string }) {
 *       if (body.title === undefined) throw new AbortOptimistic('nothing to show yet');
 *       return { id, ...body };
 *     },
 *   },
 * });
 */
export class AbortOptimistic extends Error {
  override readonly name = 'AbortOptimistic';
  constructor(message = 'optimistic update skipped') {
    super(message);
  }
}

/** An `Error` carrying the HTTP-like `status` a processing failure reports (see docs/concepts.md#errors-and-errorpolicy). */
export interface ProcessingError extends Error {
  status: number;
}

/**
 * A processing error (see docs/concepts.md#errors-and-errorpolicy): status 400, message
 * `Error processing ${key} with schema ${schema}: ${problem}`, `cause` the wrapped error.
 */
export function processingError(key: string, schema: string, problem: string, cause?: unknown): ProcessingError {
  const error = new Error(`Error processing ${key} with schema ${schema}: ${problem}`, cause === undefined ? undefined : { cause }) as ProcessingError;
  error.status = 400;
  return error;
}

/** Whether an error carries a numeric `status`, so it passes through unwrapped (see docs/concepts.md#endpoints). */
export function hasStatus(error: unknown): boolean {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}

/** The problem text for a wrapped error: its message, or the thrown value as JSON. */
export function problemOf(error: unknown): string {
  return errorMessage(error) ?? preview(error);
}
