import type { Data } from './data';
import type { Tokens } from './tokens';
import type { FailureSwitch } from './failures';

/** What every group of routes shares. */
export interface Context {
  data: Data;
  tokens: Tokens;
  failures: FailureSwitch;
  /** The server's clock, in epoch milliseconds. */
  now: () => number;
  pageSize: number;
  /** Reseeds the database and clears tokens and failure switches. */
  reset: () => void;
}
