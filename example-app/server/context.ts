import type { Data } from './data';
import type { Tokens } from './tokens';
import type { FailureSwitch } from './failures';
import type { PostEvents } from './events';

/** What every group of routes shares. */
export interface Context {
  data: Data;
  tokens: Tokens;
  failures: FailureSwitch;
  /** The clients of the posts' event streams; creating a post publishes it there. */
  events: PostEvents;
  /** The server's clock, in epoch milliseconds. */
  now: () => number;
  pageSize: number;
  /** Reseeds the database and clears tokens and failure switches. */
  reset: () => void;
}
