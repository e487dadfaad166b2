import { NetworkError } from 'rtk-rest';

/** A sentence a person understands for a failed request. */
export function describeError(error: unknown): string {
  if (error instanceof NetworkError) {
    if (error.status === 401) return 'You need to log in to do that.';
    if (error.status === 404) return 'That item no longer exists.';
    if (error.status >= 500) return `The server failed (${error.status}). Your change was undone; try again.`;
    return `The request failed (${error.status}): ${error.message}`;
  }
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  return error instanceof Error ? error.message : String(error);
}
