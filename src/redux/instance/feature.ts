import type { StoreEndpoint } from '../../rest';
import type { RestContext } from './context';
import type { EntityMatchers } from '../store/entityChanges';
import type { FetchLifecycle } from '../requests/fetchLifecycle';
import type { Handler, HandlerContext } from './handlerContext';
import type { RequestPolicyPart } from '../requests/policies';
import type { ExtractRehydrationInfo, Restore } from '../store/restore';
import type { MiddlewareAPI, UnknownAction } from '../rtk';
import type { Selectors } from '../read/selectors';
import type { DeleteByParams } from '../requests/deleteByParams';
import type { Subscriptions } from '../requests/subscriptions';
import type { ReducerInput, SliceReducer } from '../store/slice';
import type { Tables } from '../store/tables';
import type { RestState } from '../types';

export type { Handler } from './handlerContext';
export type { ReducerInput, SliceReducer, Writer } from '../store/slice';

/** What mounted hooks ask of a store: keys and reads kept from GC, reads that refetch on events. */
export interface Retention {
  /** Keeps a key from GC until the returned function is called (mounted hooks). */
  retain(key: string): () => void;
  /** Keeps what a queryable read by these arguments reaches (`useQuery`). */
  retainQuery(queryable: unknown, args: readonly unknown[]): () => void;
  /** A fetching hook mounted (refetch on focus/reconnect); returns its unmount. */
  mountRead(endpoint: StoreEndpoint, args: unknown[], key: string): () => void;
}

/** The thunks a feature dispatches through (streams write with them). */
export interface FeatureThunks {
  setResponse(endpoint: StoreEndpoint, ...rest: unknown[]): unknown;
  set(queryable: unknown, ...rest: unknown[]): unknown;
}

/** What a feature's store part is built from, when the middleware meets a store. */
export interface StoreInput extends HandlerContext {
  /** The store's fetch lifecycle (built before any feature's store part, from the request policies). */
  readonly lifecycle: Pick<FetchLifecycle, 'fetch' | 'shouldFetch'>;
  readonly subscriptions: Subscriptions;
  readonly thunks: FeatureThunks;
  /**
   * Development only (`undefined` in production): where a feature puts what the test suite's
   * leak and invariant checks read (`polling`, `streams`, `gc`), reached by a development-only probe.
   */
  readonly records: Record<string, unknown> | undefined;
}

/** What a feature adds to one store: its handler, and what it keeps for mounted hooks. */
export interface StorePart {
  readonly handler?: Handler;
  /** Runs before the reducer and may forward another action (optimistic layers recomputed into it, entity changes written into it). */
  readonly prepare?: (action: UnknownAction, api: MiddlewareAPI, stateBefore: RestState) => UnknownAction;
  readonly retention?: Partial<Retention>;
}

/** What a feature adds to one instance (built once per `createRest`); every member is optional. */
export interface FeatureParts {
  /** Wraps the slice reducer (persistence's restore, the optimistic layers' step, GC's sweep). */
  readonly reducer?: (next: SliceReducer, input: ReducerInput) => SliceReducer;
  /** `rest.matchEntitiesChanged` and `rest.changedPks`. */
  readonly matchers?: EntityMatchers;
  /** Persistence's restore step, which entity-change tracking reads to report what a rehydrate takes. */
  readonly restore?: Restore;
  /** Its part of each store request's policies, built per store before the lifecycle. */
  readonly policy?: (store: HandlerContext) => RequestPolicyPart;
  /** How deletes answered by URL parameters without the pk find what they remove (`deleteByParams`); the lifecycle and the optimistic layers read it in the handler context. */
  readonly deleteByParams?: DeleteByParams;
  /** Its part of each store, built once the lifecycle exists. */
  readonly store?: (store: StoreInput) => StorePart;
}

/** What a feature's parts are built from: the instance's context, the options only features read, and the restore step of a feature before it. */
export interface FeatureInput {
  readonly ctx: RestContext;
  readonly options: { readonly extractRehydrationInfo?: ExtractRehydrationInfo; readonly shardTablesAbove?: number | { entities?: number; keys?: number } };
  readonly selectors: Selectors;
  readonly restore: Restore | undefined;
}

/**
 * An optional concern of the store (`optimisticUpdates`, `polling`, `streams`,
 * `garbageCollection`, `refetchOnEvents`, `persistence`, `entityChanges`, `retries`,
 * `conditionalRequests`, `shardedTables`, `deleteByParams`, `linkPagination`): `createRest` has them all; `buildCreateRest(...features)` builds a
 * `createRest` with only those given, so an app bundles no code for the others
 * (see docs/concepts.md#bundle-size).
 */
export interface RestFeature {
  /** Its exported name (`'polling'`, …), as messages say it. */
  readonly feature: string;
}

/** What a feature is inside the package: its name, how it builds its parts of an instance, and the view it gives the selectors. */
export interface FeatureImpl extends RestFeature {
  build(input: FeatureInput): FeatureParts;
  /**
   * How the instance's tables are read and written (the sharded form); known before the context
   * exists, since everything of the instance reads tables through it. Without it: plain tables.
   */
  readonly tables?: (options: FeatureInput['options']) => Tables;
  /** The view the selectors read (the optimistic layers over the base), over the instance's tables; known before the context exists, since the selectors read through it. */
  readonly view?: (tables: Tables) => (slice: RestState) => RestState;
}

/**
 * The order of the features, the one place it is decided. Reducer wrappers wrap in this order:
 * GC's sweep innermost, then persistence's restore: both change the base, and the optimistic
 * layers wrapping them are recomputed over what they leave (a restored slice's own layers never
 * come back). Request policies, `prepare` steps and handlers run in it.
 */
const ORDER: readonly string[] = ['garbageCollection', 'persistence', 'optimisticUpdates', 'polling', 'streams', 'refetchOnEvents', 'entityChanges', 'retries', 'conditionalRequests', 'shardedTables', 'deleteByParams', 'linkPagination'];

/**
 * The features as the package uses them: checked (a clear error for anything else), without
 * repeats, in the package's order whatever order they were given in.
 */
export function implementations(features: readonly RestFeature[]): FeatureImpl[] {
  features.forEach((feature, index) => {
    if (typeof (feature as Partial<FeatureImpl> | undefined)?.build !== 'function' || !ORDER.includes(feature.feature)) {
      throw new TypeError(
        `[rtk-rest] buildCreateRest(...features): argument ${index + 1} is not a feature (got ${typeof feature}).${process.env.NODE_ENV !== 'production' ? ' Pass the features rtk-rest exports: buildCreateRest(polling, garbageCollection).' : ''}`,
      );
    }
  });
  return [...new Set(features as readonly FeatureImpl[])].sort((a, b) => ORDER.indexOf(a.feature) - ORDER.indexOf(b.feature));
}
