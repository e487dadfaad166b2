import { join, resolve } from 'node:path';
import jsonServer from 'json-server';
import type { Application, Handler } from 'json-server';

const NOT_BUILT = 'The example app is not built. Run `npm start` to build and serve it.\n';

/** json-server's default middlewares minus error handlers, which would print stack traces. */
function defaultsWithoutErrorPages(staticDir: string): Handler[] {
  return jsonServer
    .defaults({ logger: false, noCors: true, static: staticDir })
    .filter((middleware): middleware is Handler => middleware.length < 4);
}

/**
 * Everything outside /api. With `staticDir`: its files, and index.html for any other GET so the
 * single-page app can route itself. Without: a short text saying the app is not built.
 */
export function staticRoutes(app: Application, staticDir: string | undefined): void {
  if (staticDir === undefined) {
    app.get('*', (_req, res) => {
      res.type('text/plain').send(NOT_BUILT);
    });
    return;
  }
  app.use(...defaultsWithoutErrorPages(staticDir));
  const index = join(resolve(staticDir), 'index.html');
  app.get('*', (_req, res) => {
    res.sendFile(index, (err) => {
      if (err && !res.headersSent) res.status(404).type('text/plain').send('Not found\n');
    });
  });
}
