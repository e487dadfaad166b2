import type { Handler } from 'json-server';
import { CONTROL_PATH } from './failures';
import { sendError } from './http';

/** The longest delay a request may ask for, so a typo cannot hang a client for minutes. */
export const MAX_DELAY_MS = 10_000;

/** Waits `ms` milliseconds on the real clock. */
export const realWait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Mounted on /api before any route: a request with `X-Delay: <ms>` is answered that much later,
 * for demos and tests of loading states and streamed server rendering (a slow endpoint on demand).
 * Control routes are never delayed; a value that is not an integer from 0 to MAX_DELAY_MS is a 400.
 */
export function simulateDelay(wait: (ms: number) => Promise<void>): Handler {
  return (req, res, next) => {
    const header = req.get('x-delay');
    if (header === undefined || CONTROL_PATH.test(req.path)) return next();
    const ms = /^\d+$/.test(header) ? Number(header) : NaN;
    if (!(ms <= MAX_DELAY_MS)) return sendError(res, 400, `X-Delay must be an integer number of milliseconds from 0 to ${MAX_DELAY_MS}`);
    wait(ms).then(() => next(), next);
  };
}
