import type { ErrorHandler, Handler, Request, Response } from 'json-server';

/** An error a route throws to answer `status` with `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Answers `{ message }` with `status`. */
export function sendError(res: Response, status: number, message: string): void {
  res.status(status).json({ message });
}

/** The path of a request URL, without its query. */
export function pathOf(req: Request): string {
  return req.originalUrl.split('?')[0] ?? '/';
}

/** A positive integer route or query parameter, or undefined. */
export function positiveInt(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^[1-9]\d*$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Wraps a synchronous route so that a thrown HttpError becomes its response. */
export function route(handler: (req: Request, res: Response) => void): Handler {
  return (req, res, next) => {
    try {
      handler(req, res);
    } catch (err) {
      next(err);
    }
  };
}

/** Permissive CORS for a dev server on another port; answers preflights itself. */
export const cors: Handler = (req, res, next) => {
  res.set('Access-Control-Allow-Origin', '*');
  res.set('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
  res.set('Access-Control-Allow-Headers', 'Access-Token, Content-Type, X-Delay, X-Fail');
  res.set('Access-Control-Expose-Headers', 'Link, X-Total-Count');
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  next();
};

/** API answers change all the time (likes, stats): never cache them. */
export const noStore: Handler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** The last /api handler: `404 { message: 'No route for METHOD /path' }`. */
export const noRoute: Handler = (req, res) => {
  sendError(res, 404, `No route for ${req.method} ${pathOf(req)}`);
};

/** Turns any error into `{ message }` with no stack trace. */
export const errorHandler: ErrorHandler = (err, _req, res, _next) => {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (err instanceof HttpError) return sendError(res, err.status, err.message);
  const status = statusOf(err);
  if (status === 400 && isParseFailure(err)) return sendError(res, 400, 'The request body is not valid JSON');
  if (status !== undefined && status < 500) return sendError(res, status, exposedMessage(err) ?? 'Bad request');
  console.error('example-app server:', err);
  sendError(res, 500, 'Internal server error');
};

function statusOf(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const status = (err as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : undefined;
}

function exposedMessage(err: unknown): string | undefined {
  const { expose, message } = err as { expose?: unknown; message?: unknown };
  return expose === true && typeof message === 'string' ? message : undefined;
}

function isParseFailure(err: unknown): boolean {
  return (err as { type?: unknown }).type === 'entity.parse.failed';
}
