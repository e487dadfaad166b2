import { isInferable, querySlot, readOnce, selectsSummary, toNode } from '../../schema';
import type { EntityReader, MemoResult, SchemaNode } from '../../schema';
import { keyOf, pageRequestOf } from '../../rest';
import type { PageRequest, RestEndpoint } from '../../rest';
import { viewIn } from '../instance/context';
import type { RestContext } from '../instance/context';
import { LastAnswers } from './lastAnswers';
import { entitiesToken } from '../store/layout';
import type { KeyMeta, RestState, StoredError } from '../types';
import { getOwn } from '../../internal/own';

/**
 * How usable a key's data is (see docs/concepts.md#expiry): `'invalid'` when there is no usable data,
 * `'stale'` when it is past `expiresAt` (it is still shown while it refetches), else `'valid'`.
 */
export type ExpiryStatus = 'valid' | 'stale' | 'invalid';
/**
 * Where a key's request stands (see docs/concepts.md#the-store): `'pending'` while one is in flight, `'rejected'` when
 * an error is stored, `'fulfilled'` when a result is stored, else `'uninitialized'`.
 */
export type RequestStatus = 'uninitialized' | 'pending' | 'fulfilled' | 'rejected';

/** What `selectResponse` returns (see docs/concepts.md#the-store). */
export interface ResponseState<TData = any> {
  /** The key's data when usable, else `undefined`. */
  data: TData | undefined;
  /** The stored error of the key's last request (soft ones too, shown beside the data); `undefined` once a request succeeds. */
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

/** The inactive answer of `null` arguments: one shared frozen object (see docs/concepts.md#the-store). */
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
  /**
   * What `read` depends on besides the key's meta and stored result: the memoized read of the
   * result through its schema, `null` for nothing (no data, or a result without a schema); absent
   * for an inference, which also depends on entity metas and indexes.
   */
  memo?: MemoResult | null;
}

const inferredMetas = new WeakMap<MemoResult, { expiresAt: number; fetchedAt: number }>();

export const isInactive = (args: readonly unknown[]) => args.length === 1 && args[0] === null;

/** The read side of one instance: key reads, inference, expiry and the public selectors. */
export function buildSelectors(ctx: RestContext) {
  /** The one record per key: its memoized read and last answer (see docs/internals.md#memoized-reads). */
  const last = new LastAnswers<ResponseState>(ctx);
  const { tables } = ctx;

  /**
   * The key's memoized read, kept in its record. `at` tells reads of one key apart: the stored
   * result, or the query slot of an inferred read.
   */
  function readAs(key: string, node: SchemaNode, result: unknown, slice: RestState, _reader: EntityReader, args: readonly unknown[], at: unknown = result): MemoResult {
    return last.read(key, node, result, at, slice, args);
  }

  /** The key left the store whose slice this is (GC, reset): drop its record. */
  function forget(key: string, slice: RestState): void {
    last.forget(key, slice);
  }

  /**
   * The key's read: its result through the schema, or an inference (see docs/concepts.md#schemas).
   * Memoized in the key's record; with `once`, built for one caller and kept nowhere.
   */
  function readKey(slice: RestState, endpoint: RestEndpoint, args: readonly unknown[], key: string, once?: boolean): KeyRead {
    if (tables.get(slice.meta, key)?.invalidated) return { read: undefined, hasResult: false, memo: null };
    const node = toNode(endpoint.schema);
    // A stored result is never undefined (an absent result is stored as null), so one lookup answers both.
    const result = tables.get(slice.endpoints, key);
    if (result !== undefined) {
      if (node === undefined) return { read: result, hasResult: true, memo: null };
      if (once) return { read: readOnce(node, result, ctx.reader(slice), args), hasResult: true };
      const memo = readAs(key, node, result, slice, ctx.reader(slice), args);
      return { read: memo.data, hasResult: true, memo };
    }
    if (node === undefined || !isInferable(node)) return { read: undefined, hasResult: false, memo: null };
    const answer = query(slice, node, args, key);
    if (answer === undefined || answer.data === undefined) return { read: undefined, hasResult: false };
    return { read: answer.data, hasResult: false, inferred: inferredMeta(slice, answer) };
  }

  /** A queryable schema read by arguments; with `key`, the read is that key's (and `forget` drops it). */
  function query(slice: RestState, node: SchemaNode, args: readonly unknown[], key?: string): MemoResult | undefined {
    const reader: EntityReader = ctx.reader(slice);
    const result = node.queryKey(args, { reader, resolve: toNode });
    // With a key, the query stands in for a detail read: a summary does not answer it (see docs/concepts.md#summaries-lists-that-leave-fields-out).
    if (result === undefined || (key !== undefined && selectsSummary(node, result, reader))) return undefined;
    const at = querySlot(result);
    const answer =
      key === undefined ? ctx.memo.read(node, result, reader, entitiesToken(slice.entities), args, undefined, at) : readAs(key, node, result, slice, reader, args, at);
    // An object read that found none of its members found nothing (see docs/concepts.md#schemas).
    return node.found && !node.found(answer.data) ? undefined : answer;
  }

  /** Expiry of an inferred read: the smallest expiresAt and largest fetchedAt of its cells (see docs/concepts.md#schemas). */
  function inferredMeta(slice: RestState, answer: MemoResult): { expiresAt: number; fetchedAt: number } {
    let found = inferredMetas.get(answer);
    if (found === undefined) {
      let expiresAt = Infinity;
      let fetchedAt = 0;
      for (const { key, pk } of answer.paths) {
        const meta = tables.get(getOwn(slice.entitiesMeta, key), pk);
        if (meta === undefined) continue;
        if (meta.expiresAt < expiresAt) expiresAt = meta.expiresAt;
        if (meta.fetchedAt > fetchedAt) fetchedAt = meta.fetchedAt;
      }
      inferredMetas.set(answer, (found = { expiresAt: expiresAt === Infinity ? 0 : expiresAt, fetchedAt }));
    }
    return found;
  }

  /** `{ data, error, status, … }` for the key (see docs/concepts.md#expiry, docs/concepts.md#the-store); the previous object when nothing changed (see docs/internals.md#memoized-reads). */
  function selectResponse(state: unknown, endpoint: RestEndpoint, ...args: unknown[]): ResponseState {
    if (isInactive(args)) return INACTIVE;
    return responseOf(viewIn(ctx, state), endpoint, args);
  }

  /**
   * selectResponse over a given slice (the view, or an optimistic snapshot's view). With `once`,
   * what a request's promise resolves to right after its commit (a page's: its list's): the
   * answer a reader already has in this slice (a mounted component read it during the commit),
   * else one built for the caller and kept by no cache, so that a fetch whose data nobody reads
   * builds no memoized instances (the next `selectData` builds its own, equal in content).
   */
  function responseOf(slice: RestState, endpoint: RestEndpoint, args: readonly unknown[], once?: boolean): ResponseState {
    const page = pageRequestOf(endpoint, args);
    if (page !== undefined) return once ? responseOf(slice, page.list, page.listArgs, once) : pageResponseOf(slice, endpoint, page);
    const key = keyOf(endpoint, args);
    const now = ctx.options.now();
    const previous = last.unchanged(key, slice, endpoint, now);
    if (previous !== undefined) return previous;
    const meta: KeyMeta | undefined = tables.get(slice.meta, key);
    const { read, hasResult, inferred, memo } = readKey(slice, endpoint, args, key, once);
    const expiresAt = meta?.date !== undefined ? (meta.expiresAt ?? 0) : (inferred?.expiresAt ?? 0);
    const usable = !meta?.invalidated && read !== undefined && !(endpoint.invalidIfStale && now > expiresAt);
    const data = usable ? read : undefined;
    const response: ResponseState = {
      data,
      ...requestFields(meta, data, hasResult && !meta?.invalidated),
      expiryStatus: !usable ? 'invalid' : now > expiresAt ? 'stale' : 'valid',
      fetchedAt: meta?.fetchedAt ?? inferred?.fetchedAt ?? 0,
      expiresAt,
    };
    return once ? response : last.remember(key, slice, endpoint, now, response, { meta, result: tables.get(slice.endpoints, key), memo });
  }

  /**
   * A page endpoint's answer: the list's data and freshness, read through the
   * list endpoint (so `data` is the very object the list's `selectData` returns), with the page
   * request's own `status`, `error` and `isFetching`, kept under its page key: a failed "load more"
   * shows on the page, never on the list.
   */
  function pageResponseOf(slice: RestState, endpoint: RestEndpoint, page: PageRequest): ResponseState {
    const now = ctx.options.now();
    const list = responseOf(slice, page.list, page.listArgs);
    const listKey = keyOf(page.list, page.listArgs);
    const hasResult = tables.get(slice.endpoints, listKey) !== undefined && !tables.get(slice.meta, listKey)?.invalidated;
    const pageMeta = tables.get(slice.meta, page.pageKey);
    if (pageMeta === undefined) {
      // Nothing of its own (no request in flight, no error): the list's answer, cached by it. Not
      // under the page key: a page key leaves the slice when its page succeeds, without the GC
      // sweep that forgets keys, so its entry would stay for good (one per page ever loaded).
      last.forget(page.pageKey, slice);
      return pageOfList(list, hasResult);
    }
    const previous = last.unchanged(page.pageKey, slice, endpoint, now);
    if (previous !== undefined) return previous;
    const { data, expiryStatus, fetchedAt, expiresAt } = list;
    const from = { meta: undefined, result: undefined, memo: undefined };
    return last.remember(page.pageKey, slice, endpoint, now, { data, ...requestFields(pageMeta, data, hasResult), expiryStatus, fetchedAt, expiresAt }, from);
  }

  /** A page's answer while it has no meta of its own: the list's data and freshness, the same object per list answer. */
  const pagesOfLists = new WeakMap<ResponseState, { true?: ResponseState; false?: ResponseState }>();
  function pageOfList(list: ResponseState, hasResult: boolean): ResponseState {
    let answers = pagesOfLists.get(list);
    if (answers === undefined) pagesOfLists.set(list, (answers = {}));
    const { data, expiryStatus, fetchedAt, expiresAt } = list;
    return (answers[`${hasResult}`] ??= { data, ...requestFields(undefined, data, hasResult), expiryStatus, fetchedAt, expiresAt });
  }

  return {
    readKey,
    readAs,
    forget,
    query,
    responseOf,
    selectResponse,
    /** The key's data: Entity instances, arrays and objects, or `undefined` (see docs/concepts.md#the-store). */
    selectData: (state: unknown, endpoint: RestEndpoint, ...args: unknown[]): any => selectResponse(state, endpoint, ...args).data,
    /** The stored error respecting `errorPolicy`, or `undefined` (see docs/concepts.md#the-store). */
    selectError: (state: unknown, endpoint: RestEndpoint, ...args: unknown[]): StoredError | undefined =>
      selectResponse(state, endpoint, ...args).error,
    /**
     * A committed `result` of the endpoint read through `slice` once, kept in no cache: what a mutation resolves to, and a read when another pending optimistic request of the
     * same key shows its own result there (two creations at once, see docs/concepts.md#optimistic-updates).
     */
    resultOf(slice: RestState, endpoint: RestEndpoint, result: unknown, args: readonly unknown[]): unknown {
      const node = toNode(endpoint.schema);
      return node === undefined ? result : readOnce(node, result, ctx.reader(slice), args);
    },
    /** A queryable read by arguments, no endpoint or request (see docs/concepts.md#the-store). */
    selectQuery(state: unknown, queryable: unknown, ...args: unknown[]): any {
      const node = toNode(queryable);
      if (node === undefined || !node.queryable) {
        throw new TypeError(
          `rtk-rest: ${node ? node.describe() : String(queryable)} is not queryable.${process.env.NODE_ENV !== 'production' ? ' selectQuery reads an Entity, Collection, All, Union, Query, or an object of them.' : ''}`,
        );
      }
      if (isInactive(args)) return undefined;
      return query(viewIn(ctx, state), node, args)?.data;
    },
    /** selectQuery over a given slice (optimistic snapshots, see docs/concepts.md#optimistic-updates). */
    queryOf(slice: RestState, queryable: unknown, args: readonly unknown[]): unknown {
      const node = toNode(queryable);
      if (node === undefined || !node.queryable || isInactive(args)) return undefined;
      return query(slice, node, args)?.data;
    },
  };
}

/** `error`, `status`, `isFetching` and `isLoading` of a request's meta (see docs/concepts.md#the-store), given the data it shows. */
function requestFields(meta: KeyMeta | undefined, data: unknown, hasResult: boolean): Pick<ResponseState, 'error' | 'status' | 'isFetching' | 'isLoading'> {
  // The error agrees with `status`: a failed refetch keeps its data and shows why it failed, soft
  // or not (RTK Query's `isError` with `data`). Soft only decides what `useSuspense` does.
  const error = meta?.error;
  const isFetching = (meta?.pending?.length ?? 0) > 0;
  const status: RequestStatus = isFetching ? 'pending' : meta?.error !== undefined ? 'rejected' : data !== undefined || hasResult ? 'fulfilled' : 'uninitialized';
  return { error, status, isLoading: isFetching && data === undefined, isFetching };
}

export type Selectors = ReturnType<typeof buildSelectors>;
