import type { UnknownAction } from '../rtk';
import type { RestState } from '../types';

// Types only: what the reducer (slice.ts) and entity-change tracking take from the persistence
// feature (rehydrate.ts), here so that neither imports the feature.

/**
 * Picks the restored slice out of an action, or returns `undefined` for any other action
 * (the `extractRehydrationInfo` option of `createRest`).
 */
export type ExtractRehydrationInfo = (action: UnknownAction, api: { reducerPath: string }) => unknown;

/** Persistence's part of the reducer: the restored slice an action carries, and its merge by freshness. */
export interface Restore {
  /** The restored slice an action carries (a rehydrate), its table format checked; `{}` when it is unreadable (logged), `undefined` for other actions. */
  of(action: UnknownAction): Partial<RestState> | undefined;
  /** The live slice with the restored one merged in (always a new object): the reducer's step. */
  merge(live: RestState, restored: Partial<RestState>): RestState;
}
