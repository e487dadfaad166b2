import jsonServer from 'json-server';
import type { Application } from 'json-server';
import type { Context } from './context';
import { HttpError, route } from './http';

/** Reads an optional integer field of a control body, with its default and bounds. */
function intField(body: unknown, name: string, fallback: number, min: number, max: number): number {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new HttpError(400, `${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}

/**
 * The control routes for demos and browser tests. They need no token, never fail on purpose
 * and answer 204:
 * - POST /api/_control/fail-next `{ status?: 500, count?: 1 }`: the next `count` requests fail.
 * - POST /api/_control/expire-tokens: every issued token expires.
 * - POST /api/_control/reset: fresh seed, no tokens, no armed failures.
 *
 * And one read, for tests that check that a page closes its event stream:
 * - GET /api/_control/events: `{ clients }`, how many clients listen to the posts' events now.
 */
export function controlRoutes(app: Application, ctx: Context): void {
  app.post(
    '/api/_control/fail-next',
    ...jsonServer.bodyParser,
    route((req, res) => {
      const status = intField(req.body, 'status', 500, 400, 599);
      const count = intField(req.body, 'count', 1, 1, 1000);
      ctx.failures.arm(status, count);
      res.status(204).end();
    }),
  );
  app.post(
    '/api/_control/expire-tokens',
    route((_req, res) => {
      ctx.tokens.expireAll();
      res.status(204).end();
    }),
  );
  app.get(
    '/api/_control/events',
    route((_req, res) => {
      res.json({ clients: ctx.events.clients });
    }),
  );
  app.post(
    '/api/_control/reset',
    route((_req, res) => {
      ctx.reset();
      res.status(204).end();
    }),
  );
}
