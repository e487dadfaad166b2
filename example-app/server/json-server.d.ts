// The slice of json-server 0.17.4 (and of the Express 4 app it creates) that this server uses.
// json-server ships no types; declaring only what we call keeps @types/express out.
declare module 'json-server' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  namespace jsonServer {
    /** An Express request, as far as this server reads it. */
    interface Request extends IncomingMessage {
      method: string;
      url: string;
      originalUrl: string;
      path: string;
      protocol: string;
      params: Record<string, string | undefined>;
      body: unknown;
      get(field: string): string | undefined;
    }

    /** An Express response, as far as this server writes it. */
    interface Response extends ServerResponse {
      locals: Record<string, unknown>;
      status(code: number): this;
      set(field: string, value: string): this;
      type(type: string): this;
      json(body: unknown): this;
      jsonp(body: unknown): this;
      send(body?: string): this;
      sendFile(path: string, callback: (err?: Error) => void): void;
    }

    type NextFunction = (err?: unknown) => void;
    type Handler = (req: Request, res: Response, next: NextFunction) => void;
    type ErrorHandler = (err: unknown, req: Request, res: Response, next: NextFunction) => void;

    /** An Express application: a request listener with routing methods. */
    interface Application {
      (req: IncomingMessage, res: ServerResponse): void;
      use(...handlers: Array<Handler | ErrorHandler | Handler[]>): this;
      use(path: string, ...handlers: Array<Handler | Handler[]>): this;
      get(path: string, ...handlers: Handler[]): this;
      post(path: string, ...handlers: Handler[]): this;
      put(path: string, ...handlers: Handler[]): this;
      patch(path: string, ...handlers: Handler[]): this;
      delete(path: string, ...handlers: Handler[]): this;
      disable(setting: string): this;
    }

    /** The lowdb 1.x instance behind a router. */
    interface LowDb<State> {
      getState(): State;
      setState(state: State): this;
    }

    /** json-server's REST router over a lowdb database. */
    interface Router<State> extends Handler {
      db: LowDb<State>;
      render: (req: Request, res: Response) => void;
    }

    interface DefaultsOptions {
      static?: string;
      logger?: boolean;
      bodyParser?: boolean;
      noCors?: boolean;
      noGzip?: boolean;
      readOnly?: boolean;
    }

    /** An Express app with json-server's `json spaces` setting. */
    function create(): Application;
    /** A router over a file path or, for an in-memory database, a plain object. */
    function router<State extends object>(source: State, options?: { foreignKeySuffix?: string }): Router<State>;
    /** The default middlewares: compression, CORS, static files, logger, no-cache headers. */
    function defaults(options?: DefaultsOptions): Array<Handler | ErrorHandler>;
    /** body-parser's JSON and urlencoded parsers. */
    const bodyParser: Handler[];
  }

  export = jsonServer;
}
