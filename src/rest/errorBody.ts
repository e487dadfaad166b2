/**
 * The server's parsed body on a failed response: a 422's field errors, a problem+json
 * document. Read from a clone, so the `Response` the caller gets is still unread; only JSON bodies
 * are read (an HTML error page stays unread, and is never stored).
 */
export async function attachErrorBody(error: unknown): Promise<void> {
  const target = error as { response?: unknown; body?: unknown } | null;
  if (typeof target !== 'object' || target === null || target.body !== undefined) return;
  const response = target.response;
  if (typeof Response === 'undefined' || !(response instanceof Response) || response.bodyUsed) return;
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return;
  try {
    const text = await response.clone().text();
    if (text.trim() !== '') target.body = JSON.parse(text);
  } catch {
    // An unreadable or invalid body: the error stands without one.
  }
}
