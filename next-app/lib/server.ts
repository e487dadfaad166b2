/**
 * Server-only helpers of the pages: the request's store, with the signed-in user's token from
 * the session cookie. Never a module-level store: each call is one request's own.
 */
import { cookies } from 'next/headers';
import { NextResponse } from 'next/server';
import { makeStore } from './api';

export { serverApiUrl } from './api';

/** The cookie the login route sets (app/session/route.ts); httpOnly, so only servers read it. */
export const SESSION_COOKIE = 'session';

/** The token of the user this request is for, if signed in. */
export async function sessionToken(): Promise<string | null> {
  return (await cookies()).get(SESSION_COOKIE)?.value ?? null;
}

/** A store for this request only, sending this request's token. */
export async function requestStore() {
  return makeStore(await sessionToken());
}

/**
 * A 303 to a path of this app, relative: `request.url` names the host Next listens on, not
 * always the one the browser used, and the session cookie belongs to the browser's host.
 */
export const seeOther = (path: string) => new NextResponse(null, { status: 303, headers: { Location: path } });
