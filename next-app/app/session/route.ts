import { SESSION_COOKIE, seeOther, serverApiUrl } from '../../lib/server';

/**
 * POST /session, the login form: logs in at the REST server and keeps the token in an httpOnly
 * cookie (the page's JavaScript never sees it; SameSite=Lax keeps other sites' forms from
 * sending it with a write). Then to the user's page, or back to the form on a wrong password.
 */
export async function POST(request: Request) {
  const form = await request.formData();
  const answer = await fetch(`${serverApiUrl()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') }),
  });
  if (!answer.ok) return seeOther('/login?error=1');
  const { access_token: token, expires_at: expiresAt } = (await answer.json()) as { access_token: string; expires_at: string };
  const response = seeOther('/me');
  response.cookies.set(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', expires: new Date(expiresAt) });
  return response;
}
