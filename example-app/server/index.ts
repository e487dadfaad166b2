import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';
import jsonServer from 'json-server';
import type { Context } from './context';
import type { ServerOptions, Tables } from './types';
import { authRoutes, requireAuth } from './auth';
import { controlRoutes } from './control';
import { Data, freshSeed, tablesOf } from './data';
import { eventRoutes, PostEvents } from './events';
import { FailureSwitch, simulateFailures } from './failures';
import { multipartForm } from './form';
import { realWait, simulateDelay } from './delay';
import { cors, errorHandler, noRoute, noStore } from './http';
import { postRoutes } from './posts';
import { postWriteRoutes } from './post-writes';
import { staticRoutes } from './static';
import { statsRoutes } from './stats';
import { Tokens } from './tokens';
import { userRoutes } from './users';

export type { ServerOptions } from './types';

/** The example app's API as a request listener, not yet listening. */
export interface ApiServer {
  /** The Express app built on json-server. */
  app: RequestListener;
  /** Reseeds the database from db.json and clears tokens and failure switches. */
  reset(): void;
}

/** A listening server. */
export interface RunningServer {
  /** Where it listens, like `http://127.0.0.1:5173`. */
  url: string;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
  /** Same as ApiServer.reset. */
  reset(): void;
}

/**
 * Builds the example app's REST API (see README.md) over json-server's router and an in-memory
 * copy of db.json. Every call starts from a fresh copy of the seed.
 */
export function createApiServer(options: ServerOptions = {}): ApiServer {
  const seed = freshSeed();
  const router = jsonServer.router<Tables>(tablesOf(seed));
  const tokens = new Tokens(options.now ?? Date.now, options.tokenTtlMs ?? 30 * 60 * 1000);
  const failures = new FailureSwitch();
  const ctx: Context = {
    data: new Data(router, seed.credentials),
    tokens,
    failures,
    events: new PostEvents(),
    now: options.now ?? Date.now,
    pageSize: options.pageSize ?? 5,
    reset: () => {
      ctx.data.reseed();
      tokens.clear();
      failures.clear();
    },
  };

  const app = jsonServer.create();
  app.disable('x-powered-by');
  app.use(cors);
  app.use('/api', noStore);
  controlRoutes(app, ctx);
  eventRoutes(app, ctx);
  app.use('/api', simulateDelay(options.wait ?? realWait), simulateFailures(failures), requireAuth(ctx), ...jsonServer.bodyParser, multipartForm);
  authRoutes(app, ctx);
  userRoutes(app, router);
  statsRoutes(app, ctx);
  postRoutes(app, ctx);
  postWriteRoutes(app, ctx);
  app.use('/api', noRoute);
  staticRoutes(app, options.staticDir);
  app.use(errorHandler);
  return { app, reset: ctx.reset };
}

/** `localhost`-style host for a URL: wildcard addresses become 127.0.0.1, IPv6 gets brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts the API (and the built app when `staticDir` is given) on `host:port`; port 0 picks a free one. */
export async function startServer(options: ServerOptions & { port: number; host?: string }): Promise<RunningServer> {
  const { port, host = '127.0.0.1', ...serverOptions } = options;
  const api = createApiServer(serverOptions);
  const server = createServer(api.app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    url: `http://${urlHost(host)}:${actualPort}`,
    reset: api.reset,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
