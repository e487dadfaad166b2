import { isInferable, querySlot, toNode } from '../schema';
import type { EntityReader, MemoResult, SchemaNode } from '../schema';
import { hasStableKey, pageRequestOf } from '../rest';
import type { PageRequest, RestEndpoint } from '../rest';
import type { RestContext } from './context';
import { entitiesToken } from './layout';
import { viewOf } from './optimistic';
import type { KeyMeta, RestState, StoredError } from './types';
import { tableGet } from './tables';
import { getOwn } from '../internal/own';

/**
 * How usable a key's data is (SPEC 6.30–6.32): `'invalid'` when there is no usable data,
 * `'stale'` when it is past `expiresAt` (it is still shown while it refetches), else `'valid'`.
 */
export type ExpiryStatus = 'valid' | 'stale' | 'invalid';
/**
 * Where a key's request stands (SPEC 6.37): `'pending'` while one is in flight, `'rejected'` when
 * an error is stored, `'fulfilled'` when a result is stored, else `'uninitialized'`.
 */
export type RequestStatus = 'uninitialized' | 'pending' | 'fulfilled' | 'rejected';

/** What `selectResponse` returns (SPEC 6.37). */
export interface ResponseState<TData = any> {
  /** The key's data when usable, else `undefined`. */
  data: TData | undefined;
  /** The stored error, unless `'soft'` and data is shown. */
  error: StoredError | undefined;
  /** Where the key's request stands. */
  status: RequestStatus;
  /** A request is in flight and there is no data to show. */
  isLoading: boolean;
  /** A request is in flight. */
  isFetching: boolean;
  /** How usable the data is. */
  expiryStatus: ExpiryStatus;
  /** When the stored result's request started (ms), or 0. */
  fetchedAt: number;
  /** When the data becomes stale (ms), or 0. */
  expiresAt: number;
}

/** The inactive answer of `null` arguments: one shared frozen object (SPEC 6.38). */
export const INACTIVE: ResponseState<undefined> = Object.freeze({
  data: undefined,
  error: undefined,
  status: 'uninitialized',
  isLoading: false,
  isFetching: false,
  expiryStatus: 'valid',
  fetchedAt: 0,
  expiresAt: Infinity,
});

interface KeyRead {
  read: unknown;
  hasResult: boolean;
  inferred?: { expiresAt: number; fetchedAt: number };
}

const inferredMetas = new WeakMap<MemoResult, { expiresAt: number; fetchedAt: number }>();

export const isInactive = (args: readonly unknown[]) => args.length === 1 && args[0] === null;

/**
 * `endpoint.key(...args)`, remembered per arguments object: selectors are called again and
 * again with the same (often memoized) arguments, and building a URL costs more than the rest of
 * a read. The remembered key is used only while the object's own fields are still the same
 * primitives (arguments objects are not expected to change, but may).
 */
const keyCache = new WeakMap<object, { endpoint: RestEndpoint; fields: unknown[]; key: string }>();

const noArgsKeys = new WeakMap<RestEndpoint, string>();

function keyOf(endpoint: RestEndpoint, args: readonly unknown[]): string {
  // A key read at call time (a urlPrefix function, a url() override) cannot be remembered.
  if (!hasStableKey(endpoint)) return endpoint.key(...args);
  if (args.length === 0) {
    let key = noArgsKeys.get(endpoint);
    if (key === undefined) noArgsKeys.set(endpoint, (key = endpoint.key()));
    return key;
  }
  const params = args.length === 1 ? args[0] : undefined;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return endpoint.key(...args);
  const cached = keyCache.get(params);
  if (cached !== undefined && cached.endpoint === endpoint && sameFields(params as Record<string, unknown>, cached.fields)) return cached.key;
  const key = endpoint.key(...args);
  const fields = primitiveFields(params as Record<string, unknown>);
  if (fields !== undefined) keyCache.set(params, { endpoint, fields, key });
  return key;
}

/** `[name, value, …]` of an object whose own fields are all primitives, else undefined. */
function primitiveFields(object: Record<string, unknown>): unknown[] | undefined {
  const out: unknown[] = [];
  for (const name of Object.keys(object)) {
    const value = object[name];
    if (typeof value === 'object' && value !== null) return undefined;
    if (typeof value === 'function') return undefined;
    out.push(name, value);
  }
  return out;
}

function sameFields(object: Record<string, unknown>, fields: readonly unknown[]): boolean {
  const names = Object.keys(object);
  if (names.length * 2 !== fields.length) return false;
  for (let i = 0; i < names.length; i++) {
    if (names[i] !== fields[2 * i] || !Object.is(object[names[i]!], fields[2 * i + 1])) return false;
  }
  return true;
}

/** The read side of one instance: key reads, inference, expiry and the public selectors. */
export function buildSelectors(ctx: RestContext) {
  /** The last answer per key, and the slice and expiry side it was computed for (6.42). */
  const lastResponses = new Map<string, { response: ResponseState; slice: WeakRef<RestState>; endpoint: RestEndpoint; stale: boolean }>();
  /**
   * Per key: the primitive value (a pk, a collection key) its memoized read is stored under in the
   * memo cache, so that `forget` can drop it. Object results are held weakly by the cache.
   */
  const slots = new Map<string, { node: SchemaNode; result: unknown }>();

  /**
   * The memo cache's entry for a key's read (its arguments stand as `\0key`). `at` is what the
   * answer is cached under: the stored result, or the query slot of an inferred read.
   */
  function readAs(key: string, node: SchemaNode, result: unknown, slice: RestState, reader: EntityReader, args: readonly unknown[], at: unknown = result): MemoResult {
    if (typeof at !== 'object' || at === null) {
      const slot = slots.get(key);
      if (slot === undefined || slot.node !== node || !Object.is(slot.result, at)) {
        if (slot !== undefined) ctx.memo.forget(slot.node, slot.result, '\u0000' + key);
        slots.set(key, { node, result: at });
      }
    }
    return ctx.memo.read(node, result, reader, entitiesToken(slice.entities), args, '\u0000' + key, at);
  }

  /** The key left the store (GC, reset): drop its last answer and its memoized read. */
  function forget(key: string): void {
    lastResponses.delete(key);
    const slot = slots.get(key);
    if (slot === undefined) return;
    ctx.memo.forget(slot.node, slot.result, '\u0000' + key);
    slots.delete(key);
  }

  /** The key's read: its result through the schema, or an inference (SPEC 5.18–5.19). */
  function readKey(slice: RestState, endpoint: RestEndpoint, args: readonly unknown[], key: string): KeyRead {
    const meta = tableGet(slice.meta, key);
    if (meta?.invalidated) return { read: undefined, hasResult: false };
    const node = toNode(endpoint.schema);
    // A stored result is never undefined (an absent result is stored as null), so one lookup answers both.
    const result = tableGet(slice.endpoints, key);
    if (result !== undefined) {
      return { read: node === undefined ? result : readAs(key, node, result, slice, ctx.reader(slice), args).data, hasResult: true };
    }
    if (node === undefined || !isInferable(node)) return { read: undefined, hasResult: false };
    const answer = query(slice, node, args, key);
    if (answer === undefined || answer.data === undefined) return { read: undefined, hasResult: false };
    return { read: answer.data, hasResult: false, inferred: inferredMeta(slice, answer) };
  }

  /** A queryable schema read by arguments; with `key`, the read is that key's (and `forget` drops it). */
  function query(slice: RestState, node: SchemaNode, args: readonly unknown[], key?: string): MemoResult | undefined {
    const reader: EntityReader = ctx.reader(slice);
    const result = node.queryKey(args, { reader });
    if (result === undefined) return undefined;
    const at = querySlot(result);
    const answer =
      key === undefined ? ctx.memo.read(node, result, reader, entitiesToken(slice.entities), args, undefined, at) : readAs(key, node, result, slice, reader, args, at);
    // An object read that found none of its members found nothing (5.18).
    return node.found && !node.found(answer.data) ? undefined : answer;
  }

  /** Expiry of an inferred read: the smallest expiresAt and largest fetchedAt of its cells (5.19). */
  function inferredMeta(slice: RestState, answer: MemoResult): { expiresAt: number; fetchedAt: number } {
    let found = inferredMetas.get(answer);
    if (found === undefined) {
      let expiresAt = Infinity;
      let fetchedAt = 0;
      for (const { key, pk } of answer.paths) {
        const meta = tableGet(getOwn(slice.entitiesMeta, key), pk);
        if (meta === undefined) continue;
        if (meta.expiresAt < expiresAt) expiresAt = meta.expiresAt;
        if (meta.fetchedAt > fetchedAt) fetchedAt = meta.fetchedAt;
      }
      inferredMetas.set(answer, (found = { expiresAt: expiresAt === Infinity ? 0 : expiresAt, fetchedAt }));
    }
    return found;
  }

  /** `{ data, error, status, … }` for the key (SPEC 6.30–6.37); the previous object when nothing changed (6.42). */
  function selectResponse(state: unknown, endpoint: RestEndpoint, ...args: unknown[]): ResponseState {
    if (isInactive(args)) return INACTIVE;
    return responseOf(viewOf(ctx.slice(state)), endpoint, args);
  }

  /** The previous answer for `key` when the slice, the endpoint and the stale side are the same (6.42). */
  function unchanged(key: string, slice: RestState, endpoint: RestEndpoint, now: number): ResponseState | undefined {
    const last = lastResponses.get(key);
    // Same slice object: nothing the answer depends on changed but the clock.
    return last !== undefined && last.slice.deref() === slice && last.endpoint === endpoint && now > last.response.expiresAt === last.stale ? last.response : undefined;
  }

  /** `next`, or the previous answer for `key` when every field is the same (6.42); remembered. */
  function remember(key: string, slice: RestState, endpoint: RestEndpoint, now: number, next: ResponseState): ResponseState {
    const last = lastResponses.get(key);
    const response = last !== undefined && sameResponse(last.response, next) ? last.response : next;
    lastResponses.set(key, { response, slice: last?.slice.deref() === slice ? last.slice : new WeakRef(slice), endpoint, stale: now > next.expiresAt });
    return response;
  }

  /** selectResponse over a given slice (the view, or an optimistic snapshot's view). */
  function responseOf(slice: RestState, endpoint: RestEndpoint, args: readonly unknown[]): ResponseState {
    const page = pageRequestOf(endpoint, args);
    if (page !== undefined) return pageResponseOf(slice, endpoint, page);
    const key = keyOf(endpoint, args);
    const now = ctx.options.now();
    const last = unchanged(key, slice, endpoint, now);
    if (last !== undefined) return last;
    const meta: KeyMeta | undefined = tableGet(slice.meta, key);
    const { read, hasResult, inferred } = readKey(slice, endpoint, args, key);
    const expiresAt = meta?.date !== undefined ? (meta.expiresAt ?? 0) : (inferred?.expiresAt ?? 0);
    const usable = !meta?.invalidated && read !== undefined && !(endpoint.invalidIfStale && now > expiresAt);
    const data = usable ? read : undefined;
    return remember(key, slice, endpoint, now, {
      data,
      ...requestFields(meta, data, hasResult && !meta?.invalidated),
      expiryStatus: !usable ? 'invalid' : now > expiresAt ? 'stale' : 'valid',
      fetchedAt: meta?.fetchedAt ?? inferred?.fetchedAt ?? 0,
      expiresAt,
    });
  }

  /**
   * A page endpoint's answer (issue 16.4, 16.9): the list's data and freshness, read through the
   * list endpoint (so `data` is the very object the list's `selectData` returns), with the page
   * request's own `status`, `error` and `isFetching`, kept under its page key: a failed "load more"
   * shows on the page, never on the list.
   */
  function pageResponseOf(slice: RestState, endpoint: RestEndpoint, page: PageRequest): ResponseState {
    const now = ctx.options.now();
    const list = responseOf(slice, page.list, page.listArgs);
    const listKey = keyOf(page.list, page.listArgs);
    const hasResult = tableGet(slice.endpoints, listKey) !== undefined && !tableGet(slice.meta, listKey)?.invalidated;
    const pageMeta = tableGet(slice.meta, page.pageKey);
    if (pageMeta === undefined) {
      // Nothing of its own (no request in flight, no error): the list's answer, cached by it. Not
      // under the page key: a page key leaves the slice when its page succeeds, without the GC
      // sweep that forgets keys, so its entry would stay for good (one per page ever loaded).
      lastResponses.delete(page.pageKey);
      return pageOfList(list, hasResult);
    }
    const last = unchanged(page.pageKey, slice, endpoint, now);
    if (last !== undefined) return last;
    const { data, expiryStatus, fetchedAt, expiresAt } = list;
    return remember(page.pageKey, slice, endpoint, now, { data, ...requestFields(pageMeta, data, hasResult), expiryStatus, fetchedAt, expiresAt });
  }

  /** A page's answer while it has no meta of its own: the list's data and freshness, the same object per list answer. */
  const pagesOfLists = new WeakMap<ResponseState, { withResult?: ResponseState; without?: ResponseState }>();
  function pageOfList(list: ResponseState, hasResult: boolean): ResponseState {
    let answers = pagesOfLists.get(list);
    if (answers === undefined) pagesOfLists.set(list, (answers = {}));
    const slot = hasResult ? 'withResult' : 'without';
    const { data, expiryStatus, fetchedAt, expiresAt } = list;
    return (answers[slot] ??= { data, ...requestFields(undefined, data, hasResult), expiryStatus, fetchedAt, expiresAt });
  }

  return {
    readKey,
    readAs,
    forget,
    query,
    responseOf,
    selectResponse,
    /** The key's data: Entity instances, arrays and objects, or `undefined` (SPEC 6.39). */
    selectData: (state: unknown, endpoint: RestEndpoint, ...args: unknown[]): any => selectResponse(state, endpoint, ...args).data,
    /** The stored error respecting `errorPolicy`, or `undefined` (SPEC 6.40). */
    selectError: (state: unknown, endpoint: RestEndpoint, ...args: unknown[]): StoredError | undefined =>
      selectResponse(state, endpoint, ...args).error,
    /** A queryable read by arguments, no endpoint or request (SPEC 6.41). */
    selectQuery(state: unknown, queryable: unknown, ...args: unknown[]): any {
      const node = toNode(queryable);
      if (node === undefined || !node.queryable) {
        throw new TypeError(
          `rtk-rest: ${node ? node.describe() : String(queryable)} is not queryable; selectQuery reads an Entity, Collection, All, Union, Query, or an object of them.`,
        );
      }
      if (isInactive(args)) return undefined;
      return query(viewOf(ctx.slice(state)), node, args)?.data;
    },
    /** selectQuery over a given slice (optimistic snapshots, 6.48). */
    queryOf(slice: RestState, queryable: unknown, args: readonly unknown[]): unknown {
      const node = toNode(queryable);
      if (node === undefined || !node.queryable || isInactive(args)) return undefined;
      return query(slice, node, args)?.data;
    },
  };
}

/** `error`, `status`, `isFetching` and `isLoading` of a request's meta (SPEC 6.37), given the data it shows. */
function requestFields(meta: KeyMeta | undefined, data: unknown, hasResult: boolean): Pick<ResponseState, 'error' | 'status' | 'isFetching' | 'isLoading'> {
  const error = meta?.error !== undefined && !(meta.errorPolicy === 'soft' && data !== undefined) ? meta.error : undefined;
  const isFetching = (meta?.pending?.length ?? 0) > 0;
  const status: RequestStatus = isFetching ? 'pending' : meta?.error !== undefined ? 'rejected' : data !== undefined || hasResult ? 'fulfilled' : 'uninitialized';
  return { error, status, isLoading: isFetching && data === undefined, isFetching };
}

function sameResponse(a: ResponseState, b: ResponseState): boolean {
  return (
    Object.is(a.data, b.data) &&
    a.error === b.error &&
    a.status === b.status &&
    a.isLoading === b.isLoading &&
    a.isFetching === b.isFetching &&
    a.expiryStatus === b.expiryStatus &&
    a.fetchedAt === b.fetchedAt &&
    a.expiresAt === b.expiresAt
  );
}

export type Selectors = ReturnType<typeof buildSelectors>;
