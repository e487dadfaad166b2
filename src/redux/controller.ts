import { errorMessage, toJSONValue } from '../internal/json';
import { isStackOverflow, TOO_DEEP_TO_WRITE } from '../internal/stack';
import { InvalidateSchema, isUnion, NormalizeError, normalizeWrites, toNode } from '../schema';
import type { Entity, EntityMeta } from '../schema';
import { callWithSignal, describeSchema, endpointPathParams, NetworkError, pageRequestOf, processingError, splitArgs } from '../rest';
import { findDeleteTarget, listsHolding, warnNothingDeleted } from './deleteTarget';
import type { RestEndpoint } from '../rest';
import type { RestContext } from './context';
import { isAbort, ResetError, serializeError } from './errors';
import type { MiddlewareAPI, UnknownAction } from './rtk';
import { OptimisticLayers } from './optimistic';
import { GarbageCollector } from './gc';
import { nanoid } from './rtk';
import { Polling } from './polling';
import type { Selectors } from './selectors';
import type { FetchMeta, RestState, WritePayload } from './types';
import { tableGet, tableHas } from './tables';

interface InFlight {
  readonly dedupeKey: string;
  readonly key: string;
  readonly fetchedAt: number;
  readonly read: boolean;
  /** Errors of polls are stored soft (SPEC 6.45). */
  readonly poll: boolean;
  readonly promise: Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  discarded: boolean;
  /** The key was invalidated while this request was in flight (SPEC 5.17). */
  invalidated?: boolean;
  /** Aborts the network request when a reset discards it (SPEC 6.69). */
  readonly abort: AbortController;
}

const MAX_TIME = Number.MAX_SAFE_INTEGER;
const capTime = (time: number) => (time > MAX_TIME ? MAX_TIME : time);

/**
 * A store's private side of one rtk-rest instance (SPEC 6.5): requests in flight, reached by
 * thunks through the middleware's probe, never through an action.
 */
export class Controller {
  /** Reads in flight by de-duplication key (SPEC 6.18, 2.32). */
  readonly reads = new Map<string, InFlight>();
  readonly active = new Set<InFlight>();
  /** The arguments each key was last requested with (GC reads results with them, SPEC 6.64). */
  readonly argsByKey = new Map<string, readonly unknown[]>();
  /** The endpoint each key was last requested with, in this store (GC reads results through its schema). */
  readonly endpointsByKey = new Map<string, RestEndpoint>();

  readonly polling: Polling;
  readonly optimistic: OptimisticLayers;
  readonly gc: GarbageCollector | undefined;

  constructor(
    readonly ctx: RestContext,
    readonly api: MiddlewareAPI,
    readonly selectors: Selectors,
    reducer: (state: RestState, action: UnknownAction) => RestState,
  ) {
    this.polling = new Polling(this, ctx.options.timers, ctx.options.environment, ctx.options.pollWhenHidden);
    this.gc = ctx.options.gc === false ? undefined : new GarbageCollector(this, ctx.options.gc);
    this.optimistic = new OptimisticLayers(ctx, this, { query: selectors.queryOf, response: selectors.responseOf }, reducer);
  }

  slice(): RestState {
    return this.ctx.slice(this.api.getState());
  }

  /** The de-duplication key of a read: its key, or for a page its URL (SPEC 2.32). */
  dedupeKey(endpoint: RestEndpoint, args: readonly unknown[], key: string): string {
    return pageRequestOf(endpoint, args)?.pageKey ?? key;
  }

  /** Whether a read for the key is in flight in this store. */
  inFlight(endpoint: RestEndpoint, args: readonly unknown[], key: string): Promise<unknown> | undefined {
    return this.reads.get(this.dedupeKey(endpoint, args, key))?.promise;
  }

  /** The fetch rule (SPEC 6.34): nothing in flight, and the data expired, or invalid without a stored error. */
  shouldFetch(state: unknown, endpoint: RestEndpoint, args: unknown[], key: string): boolean {
    if (!endpoint.sideEffect && this.inFlight(endpoint, args, key) !== undefined) return false;
    const response = this.selectors.selectResponse(state, endpoint, ...args);
    const meta = tableGet(this.ctx.slice(state).meta, key);
    return this.ctx.options.now() > response.expiresAt || (response.expiryStatus === 'invalid' && meta?.error === undefined);
  }

  /**
   * Whether any request for the key is in flight in this store (it is retained, SPEC 6.63); a page
   * request also holds its own key, where its pending id is kept.
   */
  keyInFlight(key: string): boolean {
    for (const request of this.active) if (request.key === key || request.dedupeKey === key) return true;
    return false;
  }

  /** The earliest start of a request in flight (tombstones newer than it stay, SPEC 6.64.3). */
  oldestInFlight(): number {
    let oldest = Infinity;
    for (const request of this.active) if (request.fetchedAt < oldest) oldest = request.fetchedAt;
    return oldest;
  }

  /**
   * `rest.fetch`: joins a read in flight or starts a request (SPEC 6.15–6.18). A poll is always a
   * read. `deferPending` (hooks rendering, 6.16) registers the request at once, so every later
   * render joins it, but dispatches `pending` and sends the request from a microtask.
   */
  fetch(endpoint: RestEndpoint, args: unknown[], key: string, { poll = false, deferPending = false } = {}): Promise<unknown> {
    const read = poll || !endpoint.sideEffect;
    const dedupeKey = this.dedupeKey(endpoint, args, key);
    if (read) {
      const joined = this.reads.get(dedupeKey);
      if (joined !== undefined) return joined.promise;
    }
    let resolve!: (value: unknown) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const meta: FetchMeta = { requestId: nanoid(), key, endpoint: endpoint.name, fetchedAt: this.ctx.options.now() };
    // A page's pending id and error live under its own key: a failed page leaves the list alone (issue 16.4).
    if (dedupeKey !== key) meta.pageKey = dedupeKey;
    const request: InFlight = { dedupeKey, key, fetchedAt: meta.fetchedAt, read, poll, promise, resolve, reject, discarded: false, abort: new AbortController() };
    this.argsByKey.set(key, args);
    const jsonArgs = jsonArgsOf(endpoint, args);
    if (jsonArgs !== undefined) meta.args = jsonArgs;
    this.endpointsByKey.set(key, endpoint);
    if (read) this.reads.set(dedupeKey, request);
    this.active.add(request);
    const start = () => {
      if (request.discarded) return;
      const layer = read ? undefined : this.optimistic.start(endpoint, args, meta.requestId, key, meta.fetchedAt, this.slice());
      this.api.dispatch(this.ctx.actions.fetchPending(layer === undefined ? {} : { layer }, meta));
      void this.run(endpoint, args, request, meta);
    };
    if (deferPending) queueMicrotask(start);
    else start();
    return promise;
  }

  /**
   * The request leaves the in-flight sets before its outcome is dispatched, so that whatever runs
   * on that dispatch (store subscribers, hooks) already sees the key as settled.
   */
  private release(request: InFlight): void {
    this.active.delete(request);
    if (this.reads.get(request.dedupeKey) === request) this.reads.delete(request.dedupeKey);
  }

  private async run(endpoint: RestEndpoint, args: unknown[], request: InFlight, meta: FetchMeta): Promise<void> {
    let failure: { error: unknown } | undefined;
    let committed: { value: unknown; answer: unknown } | undefined;
    try {
      const value = await callWithSignal(endpoint, args, request.abort.signal);
      if (request.discarded) return;
      const date = this.ctx.options.now();
      const expiresAt = capTime(date + (endpoint.dataExpiryLength ?? this.ctx.options.dataExpiryLength));
      const { payload, answer } = this.responseWrite(endpoint, value, args, meta.key, { fetchedAt: meta.fetchedAt, date, expiresAt });
      this.release(request);
      this.api.dispatch(this.ctx.actions.fetchFulfilled(payload, { ...meta, date, expiresAt, ...(request.invalidated ? { invalidated: true as const } : {}) }));
      this.optimistic.settled(meta.requestId);
      committed = { value, answer };
    } catch (error) {
      failure = { error };
    }
    if (committed !== undefined) {
      // Committed: the request's one outcome is `fulfilled`. Reading the answer back can still fail
      // (data linked too deeply to read); the caller gets that error, the store keeps the write.
      try {
        request.resolve(committed.answer ?? this.resolved(endpoint, args, committed.value));
      } catch (error) {
        request.reject(error);
      }
      return;
    }
    if (request.discarded || failure === undefined) return;
    await this.fail(endpoint, request, meta, failure.error);
  }

  private async fail(endpoint: RestEndpoint, request: InFlight, meta: FetchMeta, error: unknown): Promise<void> {
    const date = this.ctx.options.now();
    const aborted = isAbort(error);
    const expiresAt = capTime(date + (endpoint.errorExpiryLength ?? this.ctx.options.errorExpiryLength));
    const failedMeta: FetchMeta = { ...meta, date, expiresAt, ...(aborted ? { aborted: true as const } : {}) };
    const errorPolicy = aborted ? undefined : request.poll ? 'soft' : softPolicy(endpoint, error);
    this.release(request);
    this.api.dispatch(this.ctx.actions.fetchRejected(errorPolicy ? { errorPolicy } : {}, failedMeta, aborted ? undefined : serializeError(error)));
    this.optimistic.settled(meta.requestId);
    if (error instanceof NetworkError && error.status === 401) {
      try {
        await this.ctx.onUnauthorized(error, { dispatch: this.api.dispatch, getState: this.api.getState });
      } catch (handlerError) {
        if (process.env.NODE_ENV !== 'production') console.error('[rtk-rest] onUnauthorized threw', handlerError);
      }
    }
    request.reject(error);
  }

  /**
   * A response's write, and for a delete that had to find what it deleted from its URL parameters
   * (issue 16.5) what the promise resolves to: that entity as it was. A delete that found nothing
   * removes nothing and expires the lists holding its entity type instead, with a dev warning.
   */
  private responseWrite(endpoint: RestEndpoint, value: unknown, args: readonly unknown[], key: string, meta: EntityMeta): { payload: WritePayload; answer?: unknown } {
    const slice = this.slice();
    const reader = this.ctx.reader(slice);
    const target = findDeleteTarget(endpoint, value, args, reader);
    if (target === undefined) return { payload: this.normalize(endpoint, value, args, key, meta, slice) };
    if (target.pk !== undefined) {
      return { payload: this.normalize(endpoint, target.pk, args, key, meta, slice), answer: this.selectors.queryOf(slice, target.entity, [target.pk]) };
    }
    const expired = listsHolding(this, target.entity, slice);
    if (process.env.NODE_ENV !== 'production') warnNothingDeleted(endpoint, key, target, expired.length, reader);
    return { payload: { result: null, entities: {}, entitiesMeta: {}, indexes: {}, expired, ...this.updates(endpoint, null, args, slice) } };
  }

  /**
   * Normalizes a response against the current state into one JSON write (SPEC 6.15.5): entities,
   * the key's result and the endpoint's `update` results. Processing failures become processing
   * errors (2.19) and nothing is written (5.9).
   */
  normalize(endpoint: RestEndpoint, value: unknown, args: readonly unknown[], key: string, meta: EntityMeta, slice = this.slice(), placeholder?: string): WritePayload {
    const node = toNode(endpoint.schema);
    if (node === undefined) {
      let result: unknown;
      try {
        result = toJSONValue(value);
      } catch (error) {
        throw processingError(key, describeSchema(endpoint.schema), isStackOverflow(error) ? TOO_DEEP_TO_WRITE : (errorMessage(error) ?? String(error)), error);
      }
      return { result, entities: {}, entitiesMeta: {}, indexes: {}, ...this.updates(endpoint, result, args, slice) };
    }
    if (value === null || value === undefined) {
      // An empty answer (204, 205, an empty body) cannot satisfy a schema (SPEC 2.19, 11 #10).
      throw processingError(key, describeSchema(endpoint.schema), `empty response, expected ${describeSchema(endpoint.schema)}`);
    }
    try {
      const { result, ctx } = normalizeWrites(node.describe.bind(node), (c) => node.normalize(value, undefined, undefined, c), this.ctx.reader(slice), args, meta, placeholder);
      return { result, entities: ctx.entities, entitiesMeta: ctx.entitiesMeta, indexes: ctx.indexes, ...this.updates(endpoint, result, args, slice) };
    } catch (error) {
      if (error instanceof NormalizeError) throw processingError(key, describeSchema(endpoint.schema), error.problem, error);
      if (typeof (error as { status?: unknown })?.status === 'number') throw error;
      throw processingError(key, describeSchema(endpoint.schema), isStackOverflow(error) ? TOO_DEEP_TO_WRITE : (errorMessage(error) ?? String(error)), error);
    }
  }

  /** An optimistic value as a layer's write, against the view beneath it (SPEC 6.48, 6.53–6.54). */
  normalizeLayer(endpoint: RestEndpoint, value: unknown, args: readonly unknown[], request: { requestId: string; key: string; fetchedAt: number }, view: RestState): WritePayload {
    const { fetchedAt } = request;
    const expiresAt = capTime(fetchedAt + (endpoint.dataExpiryLength ?? this.ctx.options.dataExpiryLength));
    // An optimistic delete by URL parameters without the pk hides the entity they find (issue 16.5), else nothing.
    const target = findDeleteTarget(endpoint, value, args, this.ctx.reader(view));
    if (target !== undefined && target.pk === undefined) return { entities: {}, entitiesMeta: {}, indexes: {} };
    return this.normalize(endpoint, target?.pk ?? value, args, request.key, { fetchedAt, date: fetchedAt, expiresAt }, view, `optimistic:${request.requestId}:`);
  }

  /** Results of the endpoint's `update` option for keys that have one (SPEC 6.29). */
  private updates(endpoint: RestEndpoint, result: unknown, args: readonly unknown[], slice: RestState): { updates?: Record<string, unknown> } {
    if (typeof endpoint.update !== 'function') return {};
    let updaters: Record<string, (previous: any) => any>;
    try {
      updaters = endpoint.update(result, ...args) ?? {};
    } catch (error) {
      if (process.env.NODE_ENV !== 'production') console.error(`[rtk-rest] ${endpoint.name}: update() threw; skipped`, error);
      return {};
    }
    const updates: Record<string, unknown> = {};
    for (const [key, updater] of Object.entries(updaters)) {
      if (!tableHas(slice.endpoints, key)) continue;
      try {
        updates[key] = toJSONValue(updater(tableGet(slice.endpoints, key)));
      } catch (error) {
        if (process.env.NODE_ENV !== 'production') console.error(`[rtk-rest] ${endpoint.name}: the update for "${key}" threw; skipped`, error);
      }
    }
    return { updates };
  }

  /** What `rest.fetch` resolves to after the commit (SPEC 6.19, 3.10). */
  resolved(endpoint: RestEndpoint, args: unknown[], value: unknown): unknown {
    const schema = endpoint.schema;
    if (schema instanceof InvalidateSchema) return deletedInstance(schema, endpoint, args, value);
    return this.selectors.selectData(this.api.getState(), endpoint, ...args);
  }

  /**
   * `invalidate` committed for `keys`: requests in flight for them started before it, so their
   * answers are written already expired (SPEC 5.17). Remembered here because the key's own
   * `invalidated` meta is replaced by the first outcome that commits after it.
   */
  onInvalidate(keys: readonly string[]): void {
    if (this.active.size === 0) return;
    const invalidated = new Set(keys);
    for (const request of this.active) if (invalidated.has(request.key)) request.invalidated = true;
  }

  /**
   * Keys left the slice (a GC sweep, a reset): forget their endpoint and arguments unless something
   * still uses the key (a subscription, a retaining hook, a request). Without this, every distinct
   * key a long session ever fetched stays in these maps.
   */
  forget(keys: Iterable<string>): void {
    for (const key of keys) {
      if (this.polling.has(key) || this.keyInFlight(key) || this.gc?.isRetained(key)) continue;
      this.argsByKey.delete(key);
      this.endpointsByKey.delete(key);
      this.selectors.forget(key);
    }
  }

  /** `resetEntireStore` committed: requests in flight are dropped and reject (SPEC 6.69). */
  onReset(): void {
    for (const request of this.active) {
      request.discarded = true;
      const error = new ResetError();
      request.reject(error);
      // Its response would be dropped anyway: stop the network request (6.69).
      request.abort.abort(error);
    }
    this.active.clear();
    this.reads.clear();
    this.optimistic.clear();
    this.forget([...this.argsByKey.keys(), ...this.endpointsByKey.keys()]);
    this.polling.rescheduleAll();
  }
}

function softPolicy(endpoint: RestEndpoint, error: unknown): 'soft' | undefined {
  try {
    return endpoint.errorPolicy?.(error) === 'soft' ? 'soft' : undefined;
  } catch {
    return undefined;
  }
}

/** The call arguments without the body, when they are JSON values (SPEC 6.11). */
function jsonArgsOf(endpoint: RestEndpoint, args: readonly unknown[]): unknown[] | undefined {
  const { urlParams } = splitArgs(endpoint, args);
  const json = toJSONValue(urlParams);
  return json === urlParams ? [urlParams] : undefined;
}

/** The instance a delete resolves to: the answered object, else the URL parameters (SPEC 3.10). */
function deletedInstance(schema: InstanceType<typeof InvalidateSchema>, endpoint: RestEndpoint, args: unknown[], value: unknown): unknown {
  const pathParams = endpointPathParams(endpoint, args);
  const props = typeof value === 'object' && value !== null && Object.keys(value).length > 0 ? (value as Record<string, unknown>) : pathParams;
  const target = schema.schema as unknown;
  if (isUnion(target)) {
    const member = target.memberOf(props, undefined, undefined);
    return member ? member[1].cls.fromJS(props as any) : undefined;
  }
  return (target as typeof Entity).fromJS(props as any);
}
