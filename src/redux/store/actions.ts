import { createAction } from '../rtk';
import type { ChangedEntities, EntityWrite, FetchMeta, RestState, StoredError, WritePayload, OptimisticLayer } from '../types';

/** `meta` of setResponse, setError and set (see docs/internals.md#actions). */
export interface KeyWriteMeta {
  key: string;
  date: number;
  expiresAt: number;
}

/**
 * The action creators of one instance (see docs/internals.md#actions), all past-tense events with JSON
 * payloads. Only `resetEntireStore` and `rehydrated` are meant to be dispatched directly.
 */
export function buildActions(reducerPath: string) {
  const type = (name: string) => `${reducerPath}/${name}`;
  return {
    fetchPending: createAction(type('fetch/pending'), (payload: { layer?: OptimisticLayer }, meta: FetchMeta) => ({ payload, meta })),
    /** `layerCells`: the cells of the request's optimistic layer, which its outcome removes (see docs/concepts.md#the-store). */
    fetchFulfilled: createAction(type('fetch/fulfilled'), (payload: WritePayload & { layerCells?: ChangedEntities }, meta: FetchMeta) => ({ payload, meta })),
    fetchRejected: createAction(type('fetch/rejected'), (payload: { layerCells?: ChangedEntities; errorPolicy?: 'soft' }, meta: FetchMeta, error?: StoredError) => ({
      payload,
      meta,
      error,
    })),
    setResponse: createAction(type('setResponse'), (payload: WritePayload, meta: KeyWriteMeta) => ({ payload, meta })),
    setError: createAction(type('setError'), (payload: { error: StoredError; errorPolicy?: 'soft' }, meta: KeyWriteMeta) => ({ payload, meta })),
    set: createAction(type('set'), (payload: EntityWrite, meta: KeyWriteMeta) => ({ payload, meta })),
    invalidate: createAction<{ keys: string[]; date: number }>(type('invalidate')),
    expireAll: createAction<{ keys: string[] }>(type('expireAll')),
    resetEntireStore: createAction(type('resetEntireStore'), (payload: { date: number } = { date: Date.now() }) => ({ payload })),
    gc: createAction<{ keys: string[]; entities: { key: string; pk: string }[] }>(type('gc')),
    middlewareRegistered: createAction(type('middlewareRegistered')),
    /**
     * The optimistic layers, recomputed by the reducer over a changed base, now show these cells
     * differently, beyond what the action that changed the base carried: an announcement the
     * optimistic feature dispatches right after that action, which changes no state.
     */
    layersChanged: createAction<{ entities: ChangedEntities }>(type('optimistic/layersChanged')),
    /** A slice restored from storage or a server, merged by freshness; dispatchable. */
    rehydrated: createAction<Partial<RestState>>(type('rehydrated')),
  };
}

export type RestActions = ReturnType<typeof buildActions>;

/** The type of the internal probe through which a thunk gets its store's runtime (see docs/internals.md#actions); the type string predates the name. */
export const runtimeProbe = (reducerPath: string) => `${reducerPath}/internal/controller`;

/**
 * The type of the probe through which `rtk-rest/react` finds the instances whose middleware is
 * installed in a store (see docs/concepts.md#hooks). Answered by the middleware; it reaches reducers only in a store
 * with no rtk-rest middleware.
 */
export const INSTANCES_PROBE = '@@rtk-rest/instances';
