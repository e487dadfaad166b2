import { sessionToken, serverApiUrl } from '../../../lib/server';

/**
 * /rest/*, the browser's way to the REST server: the same path and query at the server's internal
 * address, with the session's token from the httpOnly cookie as `Access-Token`. Only the headers
 * the API reads go in, and only those it answers with come back.
 */
const FORWARDED = ['content-type', 'x-delay', 'x-fail'];
const RETURNED = ['content-type', 'link', 'x-total-count'];

async function forward(request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  const target = `${serverApiUrl()}/${path.map(encodeURIComponent).join('/')}${new URL(request.url).search}`;
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const token = await sessionToken();
  if (token !== null) headers.set('Access-Token', token);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const answer = await fetch(target, { method: request.method, headers, body, cache: 'no-store' });
  const returned = new Headers({ 'Cache-Control': 'no-store' });
  for (const name of RETURNED) {
    const value = answer.headers.get(name);
    if (value !== null) returned.set(name, value);
  }
  return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers: returned });
}

export const GET = forward;
export const POST = forward;
export const PUT = forward;
export const PATCH = forward;
export const DELETE = forward;
