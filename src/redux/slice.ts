import type { RestActions } from './actions';
import { freezeState } from './freeze';
import { applyEntityWrite, removeEntities } from './layout';
import { mergeRestored } from './rehydrate';
import type { RestoredOf } from './rehydrate';
import type { UnknownAction } from './rtk';
import { tableGet, tableHas, tableKeys, tableSet } from './tables';
import type { Table } from './tables';
import type { EntityWrite, KeyMeta, OptimisticLayer, RestState } from './types';

export function initialState(lastReset = 0): RestState {
  return { entities: {}, entitiesMeta: {}, indexes: {}, endpoints: {}, meta: {}, optimistic: [], lastReset };
}

/** The slice read from possibly partial preloaded state: missing tables count as empty (SPEC 6.72). */
export function completeState(state: Partial<RestState> | undefined): RestState {
  if (state === undefined) return initialState();
  const full = initialState(state.lastReset ?? 0);
  return { ...full, ...state } as RestState;
}

function isComplete(state: Partial<RestState>): state is RestState {
  return (
    state.entities !== undefined &&
    state.entitiesMeta !== undefined &&
    state.indexes !== undefined &&
    state.endpoints !== undefined &&
    state.meta !== undefined &&
    state.optimistic !== undefined &&
    state.lastReset !== undefined
  );
}

const withEntities = (state: RestState, write: EntityWrite): RestState => applyEntityWrite(state, write);

const setKey = <T>(table: Table<T>, key: string, value: T | undefined): Table<T> => tableSet(table, key, value);

/** `meta` without empty or undefined fields (SPEC 5.2: absent fields are omitted). */
function cleanMeta(meta: KeyMeta): KeyMeta {
  const out: KeyMeta = {};
  for (const [field, value] of Object.entries(meta) as [keyof KeyMeta, unknown][]) {
    if (value === undefined || (field === 'pending' && (value as string[]).length === 0)) continue;
    (out as Record<string, unknown>)[field] = value;
  }
  return out;
}

function withoutPending(meta: KeyMeta | undefined, requestId: string): string[] | undefined {
  return meta?.pending?.filter((id) => id !== requestId);
}

/** Whether an outcome of a request started at `fetchedAt` is older than what the key holds (5.16). */
function isOlder(meta: KeyMeta | undefined, fetchedAt: number): boolean {
  return meta?.fetchedAt !== undefined && fetchedAt < meta.fetchedAt;
}

/** The reducer (SPEC 5.5–5.6): pure, copy-on-write, reading nothing but the state and the action. */
export function buildReducer(actions: RestActions, restoredOf?: RestoredOf) {
  const base = buildBaseReducer(actions);
  return function restReducer(state: RestState | undefined, action: UnknownAction): RestState {
    // A restored slice merges by freshness (issue 17.3); its layers never come back.
    const restored = restoredOf?.(action);
    const next =
      restored !== undefined
        ? mergeRestored(state === undefined ? initialState() : completeState(state), restored).state
        : withLayers(base(state, action), action, actions);
    // Development only (SPEC 0.3): frozen state keeps RTK's default checks cheap (freeze.ts).
    if (process.env.NODE_ENV !== 'production') freezeState(next);
    return next;
  };
}

/**
 * Optimistic layers (SPEC 6.48–6.52): `fetch/pending` adds its layer; an action carrying
 * `payload.layers` (recomputed by the middleware) replaces them; a request's outcome removes its own.
 */
export function withLayers(state: RestState, action: UnknownAction, actions: RestActions): RestState {
  const payload = (action as { payload?: { layer?: OptimisticLayer; layers?: OptimisticLayer[] } }).payload;
  if (actions.fetchPending.match(action)) {
    return payload?.layer === undefined ? state : { ...state, optimistic: [...state.optimistic, payload.layer] };
  }
  // Only this instance's actions carry recomputed layers: another slice's `payload.layers` is not ours.
  if (Array.isArray(payload?.layers) && isOwn(action, actions)) return { ...state, optimistic: payload.layers };
  if ((actions.fetchFulfilled.match(action) || actions.fetchRejected.match(action)) && state.optimistic.length > 0) {
    const { requestId } = action.meta;
    const optimistic = state.optimistic.filter((layer) => layer.requestId !== requestId);
    return optimistic.length === state.optimistic.length ? state : { ...state, optimistic };
  }
  return state;
}

/** Whether the action is one of this instance's (its type starts with `${reducerPath}/`). */
function isOwn(action: UnknownAction, actions: RestActions): boolean {
  const reset = actions.resetEntireStore.type;
  return action.type.startsWith(reset.slice(0, reset.length - 'resetEntireStore'.length));
}

function buildBaseReducer(actions: RestActions) {
  return function baseReducer(state: RestState | undefined, action: UnknownAction): RestState {
    // Preloaded state may lack tables (SPEC 6.72); the first action completes it.
    const current = state === undefined ? initialState() : isComplete(state) ? state : completeState(state);
    if (actions.fetchPending.match(action)) {
      const { requestId } = action.meta;
      // A page request is pending under its own key (issue 16.4), not the list's.
      const key = action.meta.pageKey ?? action.meta.key;
      const meta = tableGet(current.meta, key);
      return { ...current, meta: setKey(current.meta, key, cleanMeta({ ...meta, pending: [...(meta?.pending ?? []), requestId] })) };
    }
    if (actions.fetchFulfilled.match(action) || actions.setResponse.match(action)) {
      const meta = action.meta as { key: string; date: number; expiresAt: number; fetchedAt?: number; requestId?: string; invalidated?: true; pageKey?: string } & Pagination;
      const expiresAt = meta.invalidated === true ? 0 : meta.expiresAt;
      const pagination = { links: meta.links, cursor: meta.cursor };
      const next = commitResult(withEntities(current, action.payload), action.payload, meta.key, meta.fetchedAt ?? meta.date, meta.date, expiresAt, meta.requestId, pagination);
      return meta.pageKey === undefined ? next : settlePage(next, meta.pageKey, meta.requestId!, true);
    }
    if (actions.fetchRejected.match(action)) {
      const { requestId, fetchedAt, date, expiresAt, aborted, pageKey } = action.meta;
      // A failed page is recorded on the page request's key; the list keeps its result and meta (issue 16.4).
      const key = pageKey ?? action.meta.key;
      const previous = tableGet(current.meta, key);
      const pending = withoutPending(previous, requestId);
      if (aborted || action.error === undefined || isOlder(previous, fetchedAt)) {
        return pageKey === undefined ? { ...current, meta: setKey(current.meta, key, cleanMeta({ ...previous, pending })) } : settlePage(current, pageKey, requestId, false);
      }
      const errorPolicy = action.payload.errorPolicy;
      const next: KeyMeta = { fetchedAt, date, expiresAt, error: action.error, errorPolicy, pending };
      return { ...current, meta: setKey(current.meta, key, cleanMeta(next)) };
    }
    if (actions.setError.match(action)) {
      const { key, date, expiresAt } = action.meta;
      const previous = tableGet(current.meta, key);
      const next: KeyMeta = { fetchedAt: date, date, expiresAt, error: action.payload.error, errorPolicy: action.payload.errorPolicy, pending: previous?.pending };
      return { ...current, meta: setKey(current.meta, key, cleanMeta(next)) };
    }
    if (actions.set.match(action)) return withEntities(current, action.payload);
    if (actions.invalidate.match(action)) {
      const { keys, date } = action.payload;
      let endpoints = current.endpoints;
      let metas = current.meta;
      for (const key of keys) {
        if (tableHas(endpoints, key)) endpoints = setKey(endpoints, key, undefined);
        const previous = tableGet(metas, key);
        metas = setKey(metas, key, cleanMeta({ fetchedAt: previous?.fetchedAt, date, expiresAt: 0, invalidated: true, pending: previous?.pending }));
      }
      return { ...current, endpoints, meta: metas };
    }
    if (actions.expireAll.match(action)) {
      const metas = expire(current.meta, action.payload.keys);
      return metas === current.meta ? current : { ...current, meta: metas };
    }
    if (actions.resetEntireStore.match(action)) return initialState(action.payload.date);
    if (actions.gc.match(action)) return collect(current, action.payload.keys, action.payload.entities);
    if (actions.middlewareRegistered.match(action)) return dropPending(current);
    // The store's creation (Redux's init action, the first one a preloaded slice meets): pending
    // ids and layers of a preloaded slice belong to no request of this store (issue 17.3, 6.73).
    if (action.type.startsWith('@@redux/INIT')) return dropPending(current);
    return current;
  };
}

/** Where the next page of a list is: kept in the list key's meta (issue 18.3). */
type Pagination = Pick<KeyMeta, 'links' | 'cursor'>;

/** Writes a key's result and meta per request start order (5.16) and invalidation (5.17). */
function commitResult(
  state: RestState,
  payload: { result?: unknown; updates?: Record<string, unknown>; expired?: string[] },
  key: string,
  fetchedAt: number,
  date: number,
  expiresAt: number,
  requestId: string | undefined,
  { links, cursor }: Pagination = {},
): RestState {
  const previous = tableGet(state.meta, key);
  const pending = requestId === undefined ? previous?.pending : withoutPending(previous, requestId);
  let endpoints = state.endpoints;
  let meta: KeyMeta;
  if (isOlder(previous, fetchedAt)) {
    meta = cleanMeta({ ...previous, pending });
  } else {
    if ('result' in payload) endpoints = setKey(endpoints, key, payload.result === undefined ? null : payload.result);
    // A request that started before the key was invalidated is written, but already expired.
    const stale = previous?.invalidated === true && previous.date !== undefined && fetchedAt < previous.date;
    // The response's Link URLs and page cursor replace the previous ones: the next page follows this answer (issue 18.3).
    meta = cleanMeta({ fetchedAt, date, expiresAt: stale ? 0 : expiresAt, pending, links, cursor });
  }
  for (const [other, result] of Object.entries(payload.updates ?? {})) endpoints = setKey(endpoints, other, result);
  return { ...state, endpoints, meta: expire(setKey(state.meta, key, meta), payload.expired ?? []) };
}

/** `expiresAt: 0` for each key that has meta: its data stays and refetches (SPEC 6.25). */
function expire(metas: Table<KeyMeta>, keys: readonly string[]): Table<KeyMeta> {
  for (const key of keys) {
    const meta = tableGet(metas, key);
    if (meta !== undefined) metas = setKey(metas, key, { ...meta, expiresAt: 0 });
  }
  return metas;
}

/**
 * A page request settled without an error to record (it succeeded, was aborted, or failed but is
 * older than the stored outcome): its pending id leaves the page key, a success also clears the
 * page's earlier error, and a page key left empty is removed, so pages leave no state behind.
 */
function settlePage(state: RestState, pageKey: string, requestId: string, succeeded: boolean): RestState {
  const previous = tableGet(state.meta, pageKey);
  if (previous === undefined) return state;
  const pending = withoutPending(previous, requestId);
  const next = cleanMeta(succeeded ? { pending } : { ...previous, pending });
  return { ...state, meta: setKey(state.meta, pageKey, Object.keys(next).length > 0 ? next : undefined) };
}

/** A GC sweep's removals (SPEC 6.65): keys with their meta, entities with their meta and index entries. */
function collect(state: RestState, keys: readonly string[], entities: readonly { key: string; pk: string }[]): RestState {
  let endpoints = state.endpoints;
  let metas = state.meta;
  for (const key of keys) {
    endpoints = setKey(endpoints, key, undefined);
    metas = setKey(metas, key, undefined);
  }
  const byTable = new Map<string, string[]>();
  for (const { key, pk } of entities) {
    const pks = byTable.get(key);
    if (pks === undefined) byTable.set(key, [pk]);
    else pks.push(pk);
  }
  const next = removeEntities({ ...state, endpoints, meta: metas }, byTable);
  return endpoints === state.endpoints && metas === state.meta && next.entities === state.entities ? state : next;
}

/** On `middlewareRegistered`: pending ids and layers belong to no request of this store (6.73). */
function dropPending(state: RestState): RestState {
  let metas = state.meta;
  for (const key of tableKeys(state.meta)) {
    const meta = tableGet(state.meta, key)!;
    if (meta.pending !== undefined) metas = setKey(metas, key, cleanMeta({ ...meta, pending: undefined }));
  }
  return metas === state.meta && state.optimistic.length === 0 ? state : { ...state, meta: metas, optimistic: [] };
}
