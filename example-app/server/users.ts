import type { Application, Router } from 'json-server';
import type { Tables } from './types';
import { sendError } from './http';

const USERS_READ = /^\/users(\/[^/]+)?\/?$/;

/**
 * GET /api/users and GET /api/users/:id, answered by json-server's own router. Only those two
 * reads reach it: its other routes (posts, comments, /db, writes) stay hidden.
 */
export function userRoutes(app: Application, router: Router<Tables>): void {
  router.render = (req, res) => {
    if (res.statusCode === 404) return sendError(res, 404, `No user ${req.path.split('/')[2] ?? ''}`.trim());
    res.json(res.locals.data);
  };
  app.use('/api', (req, res, next) => {
    if (req.method === 'GET' && USERS_READ.test(req.path)) router(req, res, next);
    else next();
  });
}
