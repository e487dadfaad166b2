import { makeRest } from './instance/buildCreateRest';
import type { CreateRestOptions } from './instance/buildCreateRest';
import { implementations } from './instance/feature';
import { entityChanges } from './features/entityChanges/changeTracking';
import { conditionalRequests } from './features/conditionalRequests/conditional';
import { garbageCollection } from './features/garbageCollection/gc';
import { optimisticUpdates } from './features/optimisticUpdates/optimistic';
import { polling } from './features/polling/polling';
import { persistence } from './features/persistence/rehydrate';
import { refetchOnEvents } from './features/refetchOnEvents/refetchOnEvents';
import { retries } from './features/retries/retries';
import { shardedTables } from './features/shardedTables/shardedTables';
import { streams } from './features/streams/streams';
import { deleteByParams } from './features/deleteByParams/deleteByParams';
import { linkPagination } from './features/linkPagination/linkPagination';

/**
 * One rtk-rest instance for Redux Toolkit (see docs/concepts.md#the-store): a reducer and a middleware to add to
 * `configureStore`, thunk creators to dispatch, and memoized selectors. Slice-like, so
 * `combineSlices(rest)` works. It has every feature (optimistic updates, polling, streams,
 * garbage collection, refetch on focus and reconnect, persistence, entity-change tracking,
 * retries, conditional requests, sharded tables, deletes by URL parameters, Link pagination); `buildCreateRest(...features)` builds one with fewer, for a
 * smaller bundle.
 *
 * @example
 * export const rest = createRest();
 * export const store = configureStore({
 *   reducer: { [rest.reducerPath]: rest.reducer },
 *   middleware: (getDefault) => getDefault().concat(rest.middleware),
 * });
 * const posts = await store.dispatch(rest.fetch(PostResource.getList, { group: 'react' }));
 *
 * @preventInline ActionCreatorWithPreparedPayload
 * @preventInline ActionCreatorWithPayload
 * @preventInline ActionCreatorWithoutPayload
 */
export function createRest<const ReducerPath extends string = 'rest'>(options: CreateRestOptions & { reducerPath?: ReducerPath } = {}) {
  return makeRest<ReducerPath>(options, implementations([optimisticUpdates, garbageCollection, polling, streams, refetchOnEvents, persistence, entityChanges, retries, conditionalRequests, shardedTables, deleteByParams, linkPagination]));
}

/**
 * The type of a `createRest()` instance (or of `buildCreateRest`'s): reducer, middleware, actions,
 * thunk creators and selectors.
 *
 * @example
 * export const rest: Rest = createRest();
 */
// Why rtk-rest/react imports `Rest` from this module and not through redux/index.ts: this file's
// emitted declaration reaches Entity, RestEndpoint, DataOf… through src/index.ts (TypeScript picks
// the shortest module that re-exports a type the file does not import itself: the package root), so
// in the declaration graph root → redux/index.ts → createRest.ts → root is a cycle, and Rollup
// (tsup's declaration bundler) warned four times at build that a re-export through index.ts
// crosses chunks. Type-only; .ci/run fails on any build warning.
export type Rest = ReturnType<typeof createRest>;
