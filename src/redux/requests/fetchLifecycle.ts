import { toJSONValue } from '../../internal/json';
import { callWithSignal, NOT_MODIFIED, pageRequestOf, splitArgs } from '../../rest';
import type { RestEndpoint, StoreEndpoint } from '../../rest';
import { expiresAfter } from '../instance/context';
import { isAbort, serializeError, softPolicy } from './errors';
import { resolvedAnswer, responseWrite } from './fetchAnswer';
import type { FetchOptions, Handler, HandlerContext } from '../instance/handlerContext';
import { requestPolicies } from './policies';
import type { RequestPolicyPart } from './policies';
import type { InFlight } from './requests';
import { settlement } from './settlement';
import { nanoid } from '../rtk';
import type { PolicyPart } from './policies';
import type { ChangedEntities, FetchMeta, WritePayload } from '../types';

export interface FetchLifecycle {
  /** Marks requests in flight for keys an `invalidate` just committed (see docs/internals.md#merge-order). */
  readonly handle: Handler;
  fetch(endpoint: StoreEndpoint, args: unknown[], key: string, options?: FetchOptions): Promise<unknown>;
  shouldFetch(state: unknown, endpoint: StoreEndpoint, args: unknown[], key: string, byClock?: boolean): boolean;
}

/** The write of a 304 (the conditionalRequests feature): nothing but the key's meta (its data stays, its expiry is refreshed). */
const NOT_MODIFIED_WRITE: WritePayload = { entities: {}, entitiesMeta: {}, indexes: {} };

/** What the lifecycle's steps share: the store's handler context and the peers it hands off to. */
interface Lifecycle {
  readonly hctx: HandlerContext;
  /** 401 handling: a promise to await before the request's promise rejects, or nothing. */
  readonly onRejected: (error: unknown) => Promise<void> | undefined;
  /** The features' request policies (retries, conditional requests, optimistic layers). */
  readonly policyParts: readonly RequestPolicyPart[];
}

/**
 * The fetch lifecycle of one store (see docs/internals.md#the-fetch-lifecycle): a request starts (`fetch/pending`, with its
 * optimistic layer), runs, and commits one outcome (`fetch/fulfilled` with its normalized write,
 * or `fetch/rejected`), then settles its promise. A rejection is handed to `onRejected` (401
 * handling) before the promise rejects.
 */
export function buildFetchLifecycle(hctx: HandlerContext, onRejected: Lifecycle['onRejected'], policyParts: readonly RequestPolicyPart[] = []): FetchLifecycle {
  const lifecycle: Lifecycle = { hctx, onRejected, policyParts };
  const { actions } = hctx.rest;
  return {
    handle: (action) => {
      if (actions.invalidate.match(action)) hctx.requests.markInvalidated(action.payload.keys);
    },
    fetch: (endpoint, args, key, options) => startRequest(lifecycle, endpoint, args, key, options),
    shouldFetch: (state, endpoint, args, key, byClock) => shouldFetch(hctx, state, endpoint, args, key, byClock),
  };
}

/** `rest.fetch`: joins a read in flight or starts a request (see docs/internals.md#the-fetch-lifecycle). */
function startRequest(
  lifecycle: Lifecycle,
  endpoint: StoreEndpoint,
  args: unknown[],
  key: string,
  { poll = false, deferPending = false, cancellable = false, answer = false }: FetchOptions = {},
): Promise<unknown> {
  const { hctx } = lifecycle;
  const { rest, api, requests, keys } = hctx;
  const read = poll || !endpoint.sideEffect;
  const dedupeKey = requests.dedupeKey(endpoint, args, key);
  if (read) {
    const joined = requests.reads.get(dedupeKey);
    if (joined !== undefined) {
      // A caller that may not cancel now waits for it too: no `useCancelling` may abort it.
      if (!cancellable) joined.held = true;
      return answer ? joined.answer() : joined.promise;
    }
  }
  const meta: FetchMeta = { requestId: nanoid(), key, endpoint: endpoint.name, fetchedAt: rest.options.now() };
  // A page's pending id and error live under its own key: a failed page leaves the list alone.
  if (dedupeKey !== key) meta.pageKey = dedupeKey;
  const cursor = dedupeKey === key ? undefined : pageRequestOf(endpoint, args)?.cursor;
  if (cursor !== undefined) meta.cursor = cursor;
  const mergeAt = read ? requests.mergeOrder(meta.fetchedAt) : meta.fetchedAt;
  const request: InFlight = { dedupeKey, key, fetchedAt: meta.fetchedAt, mergeAt, read, poll, discarded: false, abort: new AbortController(), held: !cancellable, cancellers: 0, ...settlement() };
  keys.remember(key, endpoint, args);
  const jsonArgs = jsonArgsOf(endpoint, args);
  if (jsonArgs !== undefined) meta.args = jsonArgs;
  requests.add(request);
  const start = () => {
    if (request.discarded) return;
    const policyRequest = { endpoint, args, key, requestId: meta.requestId, fetchedAt: meta.fetchedAt, read, poll, page: meta.pageKey !== undefined, slice: hctx.slice() };
    const added = lifecycle.policyParts.map((part) => part(policyRequest));
    const layer = added.find((part) => part?.layer !== undefined)?.layer;
    api.dispatch(rest.actions.fetchPending(layer === undefined ? {} : { layer }, meta));
    void run(lifecycle, endpoint, args, request, meta, added);
  };
  if (deferPending) queueMicrotask(start);
  else start();
  return answer ? request.answer() : request.promise;
}

async function run(lifecycle: Lifecycle, endpoint: StoreEndpoint, args: unknown[], request: InFlight, meta: FetchMeta, added: readonly (PolicyPart | undefined)[]): Promise<void> {
  const { hctx } = lifecycle;
  const { rest, api, requests } = hctx;
  let failure: { error: unknown } | undefined;
  let committed: { value: unknown; answer: unknown; mutation?: { result: unknown } } | undefined;
  try {
    const policies = Object.assign(requestPolicies(rest.options, endpoint), ...added.map((part) => part?.policies));
    const value = await callWithSignal(endpoint, args, request.abort.signal, policies, api);
    if (request.discarded) return;
    const date = rest.options.now();
    const expiresAt = expiresAfter(date, endpoint.dataExpiryLength ?? rest.options.dataExpiryLength);
    // A 304 keeps the data: only the key's meta is written.
    const { payload, answer } =
      value === NOT_MODIFIED ? { payload: NOT_MODIFIED_WRITE, answer: undefined } : responseWrite(hctx, endpoint, value, args, meta.key, { fetchedAt: request.mergeAt, date, expiresAt });
    requests.release(request);
    const extra = Object.assign({}, request.invalidated ? { invalidated: true as const } : {}, ...added.map((part) => part?.received?.()));
    if (request.read) {
      api.dispatch(rest.actions.fetchFulfilled(payload, { ...meta, date, expiresAt, ...extra }));
      committed = { value, answer };
    } else {
      // A mutation's answer is its caller's (a login's token must not stay in the store): the
      // action carries its entities and updates only, and the promise reads its own result.
      api.dispatch(rest.actions.fetchFulfilled({ ...withoutResult(payload), ...settledOf(added) }, { ...meta, date, expiresAt, ...extra, sideEffect: true }));
      committed = { value, answer, mutation: { result: payload.result } };
    }
    // A mutation's key that kept nothing has nothing for GC to sweep: forget it here.
    if (!request.read) forgetIfEmpty(hctx, meta.key);
  } catch (error) {
    failure = { error };
  }
  if (committed !== undefined) {
    // Committed: the request's one outcome is `fulfilled`. Its value is read from the state right
    // after the commit, for the callers that asked for it.
    const { answer, value, mutation } = committed;
    const state = api.getState();
    request.resolve(() => answer ?? resolvedAnswer(hctx, state, endpoint, args, value, meta.key, mutation));
    return;
  }
  if (request.discarded || failure === undefined) return;
  await fail(lifecycle, endpoint, request, meta, failure.error, added);
}

async function fail({ hctx, onRejected }: Lifecycle, endpoint: StoreEndpoint, request: InFlight, meta: FetchMeta, error: unknown, added: readonly (PolicyPart | undefined)[]): Promise<void> {
  const { rest, api, requests } = hctx;
  const date = rest.options.now();
  const aborted = isAbort(error);
  const expiresAt = expiresAfter(date, endpoint.errorExpiryLength ?? rest.options.errorExpiryLength);
  const failedMeta: FetchMeta = { ...meta, date, expiresAt, ...(aborted ? { aborted: true as const } : {}) };
  const errorPolicy = aborted ? undefined : request.poll ? 'soft' : softPolicy(endpoint, error);
  requests.release(request);
  api.dispatch(rest.actions.fetchRejected({ ...(errorPolicy ? { errorPolicy } : {}), ...settledOf(added) }, failedMeta, aborted ? undefined : serializeError(error)));
  // Awaited only when it handles the error (a 401): other rejections settle in this same tick.
  const handling = onRejected(error);
  if (handling !== undefined) await handling;
  request.reject(error);
}

function forgetIfEmpty({ keys, slice, rest }: HandlerContext, key: string): void {
  const now = slice();
  if (!rest.tables.has(now.meta, key) && !rest.tables.has(now.endpoints, key)) keys.forget([key]);
}

/**
 * What the features add to the outcome's payload, read as it commits: the optimistic layer's
 * cells, which the outcome removes (optimisticUpdates' part; nothing without that feature).
 */
function settledOf(added: readonly (PolicyPart | undefined)[]): { layerCells?: ChangedEntities } {
  return Object.assign({}, ...added.map((part) => part?.settled?.()));
}

/** The write without the key's result: what a mutation's `fetch/fulfilled` commits. */
function withoutResult(payload: WritePayload): WritePayload {
  const written = { ...payload };
  delete written.result;
  return written;
}

/**
 * The fetch rule (see docs/concepts.md#expiry): nothing in flight, and the data expired, or invalid
 * without a stored error. Not `byClock`: only what needs no clock, nothing stored yet (no expiry)
 * or invalid without a stored error.
 */
function shouldFetch({ rest, requests, selectors }: HandlerContext, state: unknown, endpoint: StoreEndpoint, args: unknown[], key: string, byClock = true): boolean {
  if (!endpoint.sideEffect && requests.inFlight(endpoint, args, key) !== undefined) return false;
  const response = selectors.selectResponse(state, endpoint as RestEndpoint, ...args);
  const storedError = rest.tables.get(rest.slice(state).meta, key)?.error;
  return (byClock ? rest.options.now() > response.expiresAt : response.expiresAt === 0) || (response.expiryStatus === 'invalid' && storedError === undefined);
}

/** The call arguments without the body, when they are JSON values (see docs/internals.md#actions). */
function jsonArgsOf(endpoint: StoreEndpoint, args: readonly unknown[]): unknown[] | undefined {
  const { urlParams } = splitArgs(endpoint, args);
  const json = toJSONValue(urlParams, false);
  return json === urlParams ? [urlParams] : undefined;
}
