import { NextResponse } from 'next/server';
import { SESSION_COOKIE, serverApiUrl, sessionToken } from '../../../lib/server';

/** POST /session/logout: ends the session at the REST server and drops the cookie. */
export async function POST(request: Request) {
  const token = await sessionToken();
  if (token !== null) await fetch(`${serverApiUrl()}/api/logout`, { method: 'POST', headers: { 'Access-Token': token } }).catch(() => undefined);
  const response = NextResponse.redirect(new URL('/login', request.url), 303);
  response.cookies.delete(SESSION_COOKIE);
  return response;
}
