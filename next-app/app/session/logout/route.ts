import { SESSION_COOKIE, seeOther, serverApiUrl, sessionToken } from '../../../lib/server';

/** POST /session/logout: ends the session at the REST server and drops the cookie. */
export async function POST() {
  const token = await sessionToken();
  if (token !== null) await fetch(`${serverApiUrl()}/api/logout`, { method: 'POST', headers: { 'Access-Token': token } }).catch(() => undefined);
  const response = seeOther('/login');
  response.cookies.delete(SESSION_COOKIE);
  return response;
}
