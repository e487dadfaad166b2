import { NetworkError } from 'rtk-rest';

/** A sentence a person understands for a failed request. */
export function describeError(error: unknown): string {
  if (error instanceof NetworkError) {
    if (error.status === 401) return 'You need to log in to do that.';
    if (error.status === 404) return 'That item no longer exists.';
    const said = serverSays(error.body);
    if (error.status >= 500) return `The server failed (${error.status})${said === undefined ? '' : `: ${said}`}. Your change was undone; try again.`;
    return `The request failed (${error.status}): ${said ?? error.message}`;
  }
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  return error instanceof Error ? error.message : String(error);
}

/**
 * What the server's JSON error body says: a 422's field errors (`{ errors: [{ field, message }] }`)
 * as "field: message; …", else its `message`. The error carries the parsed body, so the person
 * reads the server's reason rather than a status line.
 */
function serverSays(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { errors, message } = body as { errors?: unknown; message?: unknown };
  if (Array.isArray(errors) && errors.length > 0) {
    return errors
      .map((entry: { field?: unknown; message?: unknown }) => (typeof entry.field === 'string' ? `${entry.field}: ${String(entry.message)}` : String(entry.message)))
      .join('; ');
  }
  return typeof message === 'string' && message !== '' ? message : undefined;
}
