import type { RetryOption } from '../../rest';
import type { EntityReader, MemoCache } from '../../schema';
import type { RestActions } from '../store/actions';
import type { Environment, Timers } from './environment';
import { inherit } from '../store/lineage';
import { completeState, isComplete } from '../store/slice';
import type { Tables } from '../store/tables';
import type { RestState } from '../types';

/** Options of `createRest` (see docs/concepts.md#the-store) after validation and defaults. */
export interface ResolvedOptions {
  reducerPath: string;
  dataExpiryLength: number;
  errorExpiryLength: number;
  gc: false | { intervalMs: number; graceMs: number };
  pollWhenHidden: boolean;
  now: () => number;
  timers: Timers;
  /** `undefined`: the browser's (the features that listen look it up, so a store without them bundles none of it). */
  environment: Environment | undefined;
  retry: RetryOption | undefined;
  timeout: number | undefined;
  conditional: boolean;
  refetchOnFocus: boolean;
  refetchOnReconnect: boolean;
}

/** What every part of one instance shares: options, actions, the memo cache, the slice accessor. */
export interface RestContext {
  readonly options: ResolvedOptions;
  readonly actions: RestActions;
  readonly memo: MemoCache;
  /** How this instance's tables are read and written (sharded above a size with the shardedTables feature, plain otherwise). */
  readonly tables: Tables;
  slice(rootState: unknown): RestState;
  reader(slice: RestState): EntityReader;
  onUnauthorized?: (error: unknown, api: { dispatch: (action: any) => any; getState: () => unknown }) => unknown;
  /** The view the selectors read (see docs/internals.md#terms): the optimistic layers over the base, when the instance has them; else the base. */
  view(slice: RestState): RestState;
}

/** When something written at `date` expires `ms` later; `Infinity` caps to a JSON number (state stays plain JSON). */
export function expiresAfter(date: number, ms: number): number {
  return Math.min(date + ms, Number.MAX_SAFE_INTEGER);
}

/** What the selectors read: the instance's slice in `rootState`, with the optimistic layers applied when there are any. */
export function viewIn(ctx: RestContext, rootState: unknown): RestState {
  return ctx.view(ctx.slice(rootState));
}

export { sliceReader } from '../store/layout';

const completed = new WeakMap<object, RestState>();

/** `state[reducerPath]`, with a development error saying how to add the reducer when it is missing (see docs/concepts.md#the-store). */
export function sliceOf(rootState: unknown, reducerPath: string): RestState {
  const slice = (rootState as Record<string, unknown> | undefined)?.[reducerPath] as Partial<RestState> | undefined;
  if (slice === undefined) {
    if (process.env.NODE_ENV !== 'production') {
      throw new Error(
        `rtk-rest: no state at state.${reducerPath}. Add the reducer with configureStore({ reducer: { [rest.reducerPath]: rest.reducer } }).`,
      );
    }
    return completeState(undefined);
  }
  if (isComplete(slice)) return slice;
  // Preloaded state may lack tables (see docs/concepts.md#the-store): complete it once per slice object, so that
  // readers and memo tokens stay stable.
  let full = completed.get(slice);
  if (full === undefined) {
    completed.set(slice, (full = completeState(slice)));
    inherit(full, slice as RestState);
  }
  return full;
}
