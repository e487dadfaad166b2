import type { RestActions } from './actions';
import { freezePlainTables, freezeState } from './freeze';
import { applyEntityWrite } from './layout';
import { inherit } from './lineage';
import { setOwn } from '../../internal/own';
import type { UnknownAction } from '../rtk';
import { checkTableFormat } from './tableFormat';
import { plainTables } from './tables';
import type { Table, Tables } from './tables';
import type { EntityWrite, KeyMeta, RestState } from '../types';

/** The slice reducer, and what a feature's reducer wrapper wraps. */
export type SliceReducer = (state: RestState | undefined, action: UnknownAction) => RestState;

/**
 * Writes of one reducer (slice.ts builds it): the entity tables and the key tables (`endpoints`,
 * `meta`) with their own size thresholds (tables.ts). Several keys written by one action go in
 * one `keys` call, so a plain table is copied once per action, not once per key.
 */
export interface Writer {
  /** The instance's tables, which these writes go through (and reads of the tables they write). */
  readonly tables: Tables;
  entities(state: RestState, write: EntityWrite): RestState;
  keys<T>(table: Table<T>, written: Record<string, T | undefined>): Table<T>;
  key<T>(table: Table<T>, key: string, value: T | undefined): Table<T>;
}

/** What a reducer wrapper is built with: the instance's actions, its tables and their writer. */
export interface ReducerInput {
  readonly actions: RestActions;
  readonly writer: Writer;
  readonly tables: Tables;
}

export function initialState(lastReset = 0): RestState {
  return { entities: {}, entitiesMeta: {}, indexes: {}, endpoints: {}, meta: {}, optimistic: [], lastReset };
}

/** The slice read from possibly partial preloaded state: missing tables count as empty (see docs/concepts.md#the-store). */
export function completeState(state: Partial<RestState> | undefined): RestState {
  if (state === undefined) return initialState();
  const full = initialState(state.lastReset ?? 0);
  return { ...full, ...state } as RestState;
}

/** Whether a slice has all its tables (preloaded state may lack some). */
export function isComplete(state: Partial<RestState>): state is RestState {
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

function writer(tables: Tables): Writer {
  const keys = <T>(table: Table<T>, written: Record<string, T | undefined>) => tables.write(table, written, false, tables.limits.keys);
  return {
    tables,
    entities: (state, write) => applyEntityWrite(tables, state, write),
    keys,
    key: (table, key, value) => keys(table, { [key]: value } as Record<string, typeof value>),
  };
}

/** `meta` without empty or undefined fields (see docs/internals.md#the-state: absent fields are omitted). */
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

/** Whether an outcome of a request started at `fetchedAt` is older than what the key holds (see docs/internals.md#merge-order). */
function isOlder(meta: KeyMeta | undefined, fetchedAt: number): boolean {
  return meta?.fetchedAt !== undefined && fetchedAt < meta.fetchedAt;
}

/** What a reducer is built with besides the actions: the features' wrappers and the table thresholds. */
export interface ReducerOptions {
  /** The features' reducer wrappers, in the features' order: each wraps the one before it. */
  readonly wrappers?: readonly ((next: SliceReducer, input: ReducerInput) => SliceReducer)[];
  /** The instance's tables (the shardedTables feature's, or plain tables at every size). */
  readonly tables?: Tables;
  readonly reducerPath?: string;
  /** Whether the persistence feature merges `rehydrated` (development warns when it does not). */
  readonly restores?: boolean;
}

/** The reducer (see docs/internals.md#the-state): pure, copy-on-write, reading nothing but the state and the action. */
export function buildReducer(actions: RestActions, { wrappers = [], tables = plainTables, reducerPath = 'rest', restores = false }: ReducerOptions = {}) {
  const input: ReducerInput = { actions, writer: writer(tables), tables };
  const reduce = wrappers.reduce<SliceReducer>((next, wrap) => wrap(next, input), buildBaseReducer(actions, input.writer, reducerPath));
  return function restReducer(state: RestState | undefined, action: UnknownAction): RestState {
    if (process.env.NODE_ENV !== 'production' && !restores && actions.rehydrated.match(action)) warnNoPersistence(reducerPath);
    const next = reduce(state, action);
    inherit(next, state);
    // Development only (see docs/internals.md#development-only-code): frozen state keeps RTK's default checks cheap (freeze.ts).
    if (process.env.NODE_ENV !== 'production') {
      freezeState(next);
      freezePlainTables(next);
    }
    return next;
  };
}

function buildBaseReducer(actions: RestActions, w: Writer, reducerPath: string): SliceReducer {
  return function baseReducer(state: RestState | undefined, action: UnknownAction): RestState {
    // Preloaded state may lack tables (see docs/concepts.md#the-store); the first action completes it.
    const current = state === undefined ? initialState() : isComplete(state) ? state : completeState(state);
    if (actions.fetchPending.match(action)) {
      const { requestId } = action.meta;
      // A page request is pending under its own key, not the list's.
      const key = action.meta.pageKey ?? action.meta.key;
      const meta = w.tables.get(current.meta, key);
      return { ...current, meta: w.key(current.meta, key, cleanMeta({ ...meta, pending: [...(meta?.pending ?? []), requestId] })) };
    }
    if (actions.fetchFulfilled.match(action) || actions.setResponse.match(action)) {
      const meta = action.meta as { key: string; date: number; expiresAt: number; fetchedAt?: number; requestId?: string; invalidated?: true; pageKey?: string; sideEffect?: true } & Received;
      const expiresAt = meta.invalidated === true ? 0 : meta.expiresAt;
      const received = { etag: meta.etag, lastModified: meta.lastModified, links: meta.links, cursor: meta.cursor };
      const written = w.entities(current, action.payload);
      const next =
        meta.sideEffect === true
          ? commitMutation(w, written, action.payload, meta.key, meta.fetchedAt ?? meta.date, meta.requestId)
          : commitResult(w, written, action.payload, meta.key, meta.fetchedAt ?? meta.date, meta.date, expiresAt, meta.requestId, received);
      return meta.pageKey === undefined ? next : settlePage(w, next, meta.pageKey, meta.requestId!, true);
    }
    if (actions.fetchRejected.match(action)) {
      const { requestId, fetchedAt, date, expiresAt, aborted, pageKey } = action.meta;
      // A failed page is recorded on the page request's key; the list keeps its result and meta.
      const key = pageKey ?? action.meta.key;
      const previous = w.tables.get(current.meta, key);
      const pending = withoutPending(previous, requestId);
      if (aborted || action.error === undefined || isOlder(previous, fetchedAt)) {
        return pageKey === undefined ? { ...current, meta: w.key(current.meta, key, cleanMeta({ ...previous, pending })) } : settlePage(w, current, pageKey, requestId, false);
      }
      const errorPolicy = action.payload.errorPolicy;
      // The data stays, and so do the validators it came with.
      const next: KeyMeta = { fetchedAt, date, expiresAt, error: action.error, errorPolicy, pending, etag: previous?.etag, lastModified: previous?.lastModified };
      return { ...current, meta: w.key(current.meta, key, cleanMeta(next)) };
    }
    if (actions.setError.match(action)) {
      const { key, date, expiresAt } = action.meta;
      const previous = w.tables.get(current.meta, key);
      const next: KeyMeta = { fetchedAt: date, date, expiresAt, error: action.payload.error, errorPolicy: action.payload.errorPolicy, pending: previous?.pending };
      return { ...current, meta: w.key(current.meta, key, cleanMeta(next)) };
    }
    if (actions.set.match(action)) return w.entities(current, action.payload);
    if (actions.invalidate.match(action)) {
      const { keys, date } = action.payload;
      const results: Record<string, undefined> = {};
      const metas: Record<string, KeyMeta> = {};
      for (const key of keys) {
        if (w.tables.has(current.endpoints, key)) setOwn(results, key, undefined);
        const previous = w.tables.get(current.meta, key);
        setOwn(metas, key, cleanMeta({ fetchedAt: previous?.fetchedAt, date, expiresAt: 0, invalidated: true, pending: previous?.pending }));
      }
      return { ...current, endpoints: w.keys(current.endpoints, results), meta: w.keys(current.meta, metas) };
    }
    if (actions.expireAll.match(action)) {
      const metas = expire(w, current.meta, action.payload.keys);
      return metas === current.meta ? current : { ...current, meta: metas };
    }
    if (actions.resetEntireStore.match(action)) return initialState(action.payload.date);
    if (actions.middlewareRegistered.match(action)) return dropPending(w, current);
    // The store's creation (Redux's init action, the first one a preloaded slice meets): pending
    // ids and layers of a preloaded slice belong to no request of this store;
    // its tables may have been saved by another version of rtk-rest (checked).
    if (action.type.startsWith('@@redux/INIT')) return dropPending(w, checkTableFormat(w.tables, current, reducerPath, 'preloaded') as RestState);
    return current;
  };
}

/**
 * What a response brings besides its data, kept in the key's meta: its validators (conditional
 * requests) and where the next page of a list is.
 */
type Received = Pick<KeyMeta, 'etag' | 'lastModified' | 'links' | 'cursor'>;

/** Writes a key's result and meta per request start order and invalidation (see docs/internals.md#merge-order). */
function commitResult(
  w: Writer,
  state: RestState,
  payload: { result?: unknown; updates?: Record<string, unknown>; expired?: string[] },
  key: string,
  fetchedAt: number,
  date: number,
  expiresAt: number,
  requestId: string | undefined,
  received: Received = {},
): RestState {
  const previous = w.tables.get(state.meta, key);
  const pending = requestId === undefined ? previous?.pending : withoutPending(previous, requestId);
  let endpoints = state.endpoints;
  let meta: KeyMeta;
  if (isOlder(previous, fetchedAt)) {
    meta = cleanMeta({ ...previous, pending });
  } else {
    if ('result' in payload) endpoints = w.key(endpoints, key, payload.result === undefined ? null : payload.result);
    // A request that started before the key was invalidated is written, but already expired.
    const stale = previous?.invalidated === true && previous.date !== undefined && fetchedAt < previous.date;
    // The response's validators, Link URLs and page cursor replace the previous ones: the next
    // refetch and the next page follow this answer.
    meta = cleanMeta({ fetchedAt, date, expiresAt: stale ? 0 : expiresAt, pending, ...received });
  }
  if (payload.updates !== undefined) endpoints = w.keys(endpoints, payload.updates);
  return { ...state, endpoints, meta: expire(w, w.key(state.meta, key, meta), payload.expired ?? []) };
}

/**
 * A mutation's success: its entities are already written and its `update`s and expiries apply;
 * its answer is its caller's, so its key keeps nothing but other requests still in flight (an
 * older outcome than the key's last one leaves that one as it is).
 */
function commitMutation(
  w: Writer,
  state: RestState,
  payload: { updates?: Record<string, unknown>; expired?: string[] },
  key: string,
  fetchedAt: number,
  requestId: string | undefined,
): RestState {
  const previous = w.tables.get(state.meta, key);
  const pending = requestId === undefined ? previous?.pending : withoutPending(previous, requestId);
  const meta = cleanMeta(isOlder(previous, fetchedAt) ? { ...previous, pending } : { pending });
  let endpoints = w.tables.has(state.endpoints, key) ? w.key(state.endpoints, key, undefined) : state.endpoints;
  if (payload.updates !== undefined) endpoints = w.keys(endpoints, payload.updates);
  return { ...state, endpoints, meta: expire(w, w.key(state.meta, key, Object.keys(meta).length > 0 ? meta : undefined), payload.expired ?? []) };
}

/** `expiresAt: 0` for each key that has meta: its data stays and refetches (see docs/concepts.md#the-store). */
function expire(w: Writer, metas: Table<KeyMeta>, keys: readonly string[]): Table<KeyMeta> {
  const written: Record<string, KeyMeta> = {};
  for (const key of keys) {
    const meta = w.tables.get(metas, key);
    if (meta !== undefined) setOwn(written, key, { ...meta, expiresAt: 0 });
  }
  return w.keys(metas, written);
}

/**
 * A page request settled without an error to record (it succeeded, was aborted, or failed but is
 * older than the stored outcome): its pending id leaves the page key, a success also clears the
 * page's earlier error, and a page key left empty is removed, so pages leave no state behind.
 */
function settlePage(w: Writer, state: RestState, pageKey: string, requestId: string, succeeded: boolean): RestState {
  const previous = w.tables.get(state.meta, pageKey);
  if (previous === undefined) return state;
  const pending = withoutPending(previous, requestId);
  const next = cleanMeta(succeeded ? { pending } : { ...previous, pending });
  return { ...state, meta: w.key(state.meta, pageKey, Object.keys(next).length > 0 ? next : undefined) };
}

/** On `middlewareRegistered`: pending ids and layers belong to no request of this store. */
function dropPending(w: Writer, state: RestState): RestState {
  const written: Record<string, KeyMeta> = {};
  for (const key of w.tables.keys(state.meta)) {
    const meta = w.tables.get(state.meta, key)!;
    if (meta.pending !== undefined) setOwn(written, key, cleanMeta({ ...meta, pending: undefined }));
  }
  const metas = w.keys(state.meta, written);
  return metas === state.meta && state.optimistic.length === 0 ? state : { ...state, meta: metas, optimistic: [] };
}

/** Development only: `rest.actions.rehydrated` reached an instance built without persistence. */
function warnNoPersistence(reducerPath: string): void {
  console.warn(
    `[rtk-rest] ${reducerPath}/rehydrated was dispatched, but this rest instance was built without the persistence feature, so nothing is restored. Add it: buildCreateRest(persistence, …) (rtk-rest exports persistence), or use createRest, which has every feature.`,
  );
}
