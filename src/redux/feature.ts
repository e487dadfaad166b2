import type { StoreEndpoint } from '../rest';
import type { FetchLifecycle, LifecycleLayers } from './fetchLifecycle';
import type { ActionHandler, HandlerContext } from './handlerContext';
import type { RequestPolicyPart } from './policies';
import type { UnknownAction } from './rtk';
import type { RestContext } from './context';
import type { ExtractRehydrationInfo, Restore } from './restore';
import type { InstancePart } from './instancePart';
import type { Subscriptions } from './subscriptions';
import type { RestState } from './types';

/** What the core asks of the optimistic layers: the lifecycle's side, reset, and the middleware's recompute. */
export interface OptimisticPart extends LifecycleLayers {
  /** Whether any request of this store has a layer. */
  readonly active: boolean;
  /** Every request dropped (reset). */
  clear(): void;
  /** The action with the recomputed remaining layers when it changes the base; else the action itself. */
  enrich(action: UnknownAction, before: RestState): UnknownAction;
}

/**
 * What a feature is built from, once per store: the handlers' context, the fetch lifecycle (to
 * call once the store runs: features are built before it), the subscriptions and the slice reducer.
 */
export interface FeatureContext {
  readonly hctx: HandlerContext;
  readonly lifecycle: Pick<FetchLifecycle, 'fetch' | 'shouldFetch'>;
  readonly subscriptions: Subscriptions;
  readonly reducer: (state: RestState, action: UnknownAction) => RestState;
}

/**
 * One store's part of a feature: each member is optional, and the runtime uses what the features
 * it was built with provide (a store without GC retains nothing, since nothing collects).
 */
export interface StorePart {
  /** Reacts to every action after the reducer (and after the core's handlers). */
  readonly after?: ActionHandler;
  /** The middleware was registered in its store (timers start here, never at build time). */
  start?(): void;
  /** Keeps a key from GC until the returned function is called (mounted hooks). */
  retain?(key: string): () => void;
  /** Keeps what a queryable read by these arguments reaches (`useQuery`). */
  retainQuery?(queryable: unknown, args: readonly unknown[]): () => void;
  /** A fetching hook mounted (refetch on focus/reconnect); returns its unmount. */
  mountRead?(endpoint: StoreEndpoint, args: unknown[], key: string): () => void;
  /** Adds to each store request's policies (retries, conditional requests). */
  readonly requestPolicy?: RequestPolicyPart;
  /** Optimistic layers: computed at a mutation's start, recomputed inside base changes. */
  readonly layers?: OptimisticPart;
  /** What the test suite's leak and invariant checks read off the runtime (not API). */
  readonly records?: Readonly<Record<string, unknown>>;
}

/**
 * An optional concern of the store (`optimisticUpdates`, `polling`, `streams`,
 * `garbageCollection`, `refetchOnEvents`, `persistence`, `entityChanges`, `retries`,
 * `conditionalRequests`, `shardedTables`): `createRest` has them all; `buildCreateRest(...features)` builds a
 * `createRest` with only those given, so an app bundles no code for the others
 * (see docs/concepts.md#bundle-size).
 */
export interface RestFeature {
  /** Its exported name (`'polling'`, …), as messages say it. */
  readonly feature: string;
}

/** What an instance part is built from: the instance's context and options, and the parts built before it. */
export interface InstanceContext {
  readonly ctx: RestContext;
  readonly options: { readonly extractRehydrationInfo?: ExtractRehydrationInfo; readonly shardTablesAbove?: number | { entities?: number; keys?: number } };
  readonly restore: Restore | undefined;
}

/** What a feature is inside the package: how it builds its part of the instance and of each store. */
export interface FeatureImpl extends RestFeature {
  /** Where its parts run among the features' (lower first), whatever order they were given in. */
  readonly rank: number;
  instance?(context: InstanceContext): InstancePart;
  build?(context: FeatureContext): StorePart;
}

/**
 * The features as the package uses them: checked (a clear error for anything else), without
 * repeats, in the order their handlers run.
 */
export function implementations(features: readonly RestFeature[]): FeatureImpl[] {
  features.forEach((feature, index) => {
    if (typeof (feature as Partial<FeatureImpl> | undefined)?.rank !== 'number') {
      throw new TypeError(
        `[rtk-rest] buildCreateRest(...features): argument ${index + 1} is not a feature (got ${typeof feature}).${process.env.NODE_ENV !== 'production' ? ' Pass the features rtk-rest exports: buildCreateRest(polling, garbageCollection).' : ''}`,
      );
    }
  });
  return [...new Set(features as readonly FeatureImpl[])].sort((a, b) => a.rank - b.rank);
}
