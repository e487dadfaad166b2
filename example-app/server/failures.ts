import type { Handler } from 'json-server';
import { sendError } from './http';

/** Paths under /api that failure switches and auth leave alone. */
export const CONTROL_PATH = /^\/_control(\/|$)/;

/** The status to simulate for an X-Fail header value: any 4xx/5xx as given, else 500. */
export function failStatus(header: string): number {
  const status = Number(header);
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

/** Failures armed by POST /api/_control/fail-next. */
export class FailureSwitch {
  private status = 500;
  private remaining = 0;

  /** Makes the next `count` requests fail with `status`. */
  arm(status: number, count: number): void {
    this.status = status;
    this.remaining = count;
  }

  /** The status for this request if a failure is armed, counting it down. */
  take(): number | undefined {
    if (this.remaining === 0) return undefined;
    this.remaining--;
    return this.status;
  }

  clear(): void {
    this.remaining = 0;
  }
}

/**
 * Mounted on /api before any route: answers `X-Fail: <status>` requests and armed failures with
 * `{ message: 'Simulated server failure' }`, before anything could change.
 */
export function simulateFailures(failures: FailureSwitch): Handler {
  return (req, res, next) => {
    if (CONTROL_PATH.test(req.path)) return next();
    const header = req.get('x-fail');
    const status = header !== undefined ? failStatus(header) : failures.take();
    if (status === undefined) return next();
    sendError(res, status, 'Simulated server failure');
  };
}
