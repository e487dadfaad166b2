import type { Application, Handler, Response } from 'json-server';
import type { Context } from './context';
import { CONTROL_PATH } from './failures';
import type { User } from './types';
import { HttpError, route, sendError } from './http';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The user a guarded route runs for, set by requireAuth. */
export function currentUser(res: Response): User {
  const user = res.locals.user as User | undefined;
  if (!user) throw new HttpError(401, 'Log in to do this');
  return user;
}

/**
 * Mounted on /api: writes other than login and control routes, and `GET /api/me`, need a valid
 * `Access-Token` header, otherwise 401 `Log in to do this` (missing or unknown token) or
 * `Your session expired. Log in again.` (expired token).
 */
export function requireAuth(ctx: Pick<Context, 'tokens' | 'data'>): Handler {
  return (req, res, next) => {
    if (!(WRITES.has(req.method) || req.path === '/me') || req.path === '/login' || CONTROL_PATH.test(req.path)) return next();
    const check = ctx.tokens.check(req.get('access-token'));
    if (check.status === 'expired') return sendError(res, 401, 'Your session expired. Log in again.');
    const user = check.status === 'valid' ? ctx.data.userById(check.userId) : undefined;
    if (!user) return sendError(res, 401, 'Log in to do this');
    res.locals.user = user;
    next();
  };
}

function textField(body: unknown, name: string): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

/** POST /api/login with a form body, POST /api/logout, GET /api/me (the token's user). */
export function authRoutes(app: Application, ctx: Context): void {
  app.post(
    '/api/login',
    route((req, res) => {
      const user = ctx.data.authenticate(textField(req.body, 'username'), textField(req.body, 'password'));
      if (!user) throw new HttpError(401, 'Wrong username or password');
      const { token, expiresAt } = ctx.tokens.issue(user.id);
      res.json({ access_token: token, expires_at: new Date(expiresAt).toISOString(), user });
    }),
  );
  app.get(
    '/api/me',
    route((_req, res) => {
      res.json(currentUser(res));
    }),
  );
  app.post(
    '/api/logout',
    route((req, res) => {
      const token = req.get('access-token');
      if (token !== undefined) ctx.tokens.revoke(token);
      res.status(204).end();
    }),
  );
}
