import { createResource, NetworkError, ResetError } from 'rtk-rest';
import type { UnknownAction } from '@reduxjs/toolkit';
import { checkInvariants, expectInvariants, inFlightFromLog } from '../support/invariants';
import { A, INITIAL, K, Post, PostResource, fetchAnswered, flush, net, outcome, p5, post5, post6, rawSlice, react, setup, sliceOf, text, useTestEnvironment, watchConsole } from '../redux/support';
import type { FakeRequest, Rest, Store } from '../redux/support';

/**
 * The fault matrix: every fault that a request can meet, crossed with every kind of
 * store request. Each cell is its own test; it checks the
 * error (class, status, message), what the store holds afterwards, and the store invariants
 * (__tests__/support/invariants.ts) after every step and after every action the store commits.
 *
 * Operations, all on Post 5 of the running example after the list `GET A/react/posts`
 * ([Post 5 by ann, Post 6 by bob]) and the detail `GET A/react/posts/5` were fetched (clock 1040,
 * 1050). The operation starts at 2050 and the server answers at 2100.
 *
 * | operation           | call                                                         | key where outcomes go  |
 * |---------------------|--------------------------------------------------------------|------------------------|
 * | read                | `rest.fetch(PostResource.get, p5)` (+ a joined caller)       | `GET A/react/posts/5`  |
 * | mutation            | `rest.fetch(PostResource.update, p5, { title: 'new' })`      | `PUT A/react/posts/5`  |
 * | optimistic mutation | `rest.fetch(Posts.update, p5, { title: 'opt' })` (layer)     | `PUT A/react/posts/5`  |
 * | poll                | `rest.subscribe(get.extend({ pollFrequency: 1000 }), p5)`, due at 1050 + 1000 | `GET A/react/posts/5` |
 * | read, retry on      | the read in a store with `createRest({ retry: 2 })`  | `GET A/react/posts/5` |
 * | read, timeout       | the read with `timeout: 20` (ms), shorter than the fault's 50 ms  | `GET A/react/posts/5` |
 *
 * The other columns run with `retry: false`: each fault is met once. Column "read, retry on": a
 * fault that means "try again" (network failure, the 503 page) is retried after 500 ms and the
 * retry's success is committed as the request's one outcome (one `pending`, one `fulfilled`, no
 * error stored); every other fault is not retried (one try) and ends as in the "read" column.
 * Column "read, timeout": whatever the fault, the read is aborted at START + 20 and rejects with
 * a NetworkError 408 (stored, data kept); the fault, arriving later, changes nothing.
 *
 * | fault                  | read | mutation | optimistic | poll | outcome |
 * |------------------------|------|----------|------------|------|---------|
 * | network failure        | ✓    | ✓        | ✓          | ✓    | NetworkError 0 with cause; stored; data kept |
 * | abort                  | ✓    | ✓        | ✓          | ✓    | the AbortError unchanged; `rejected` with meta.aborted; nothing stored |
 * | timeout (AbortSignal)  | ✓    | ✓        | ✓          | ✓    | a TimeoutError is not an AbortError: NetworkError 0 with that cause; stored |
 * | HTTP 4xx               | ✓    | ✓        | ✓          | ✓    | NetworkError 404 `${url}: Not Found`; stored, expiresAt now + 1000 |
 * | HTTP 5xx               | ✓    | ✓        | ✓          | ✓    | NetworkError 500; stored |
 * | HTTP 401               | ✓    | ✓        | ✓          | ✓    | NetworkError 401; a resetting onUnauthorized empties the store before the promise rejects; others get ResetError |
 * | HTML error page        | ✓    | ✓        | ✓          | ✓    | NetworkError 503 `${url}: status 503`, body unread |
 * | invalid JSON           | ✓    | ✓        | ✓          | ✓    | NetworkError 200 "response body is not valid JSON: …" |
 * | empty body (204)       | ✓    | ✓        | ✓          | ✓    | reads: processing Error 400 "empty response"; update: success with `{ ...pathParams, ...body }` |
 * | missing pk             | ✓    | ✓        | ✓          | ✓    | processing Error 400 "missing primary key"; nothing written |
 * | shape mismatch         | ✓    | ✓        | ✓          | ✓    | processing Error 400 "expected an object for Post, got an array" |
 * | reset during fetch     | ✓    | ✓        | ✓          | ✓    | ResetError after the reset commits; response dropped; polls refetch at once |
 * | out-of-order responses | ✓    | ✓        | ✓          | ✓    | older response fills missing fields only; result and meta not replaced |
 *
 * The stream column is in faults.stream.test.ts: a stream sends no request of the
 * library's, so its cells are the faults that reach the store through a stream.
 *
 * Every combination applies: no fault is impossible for any kind of request. (The timeout cells once found that a
 * cross-realm `DOMException` — Node's, seen from Jest's VM — was printed as `String(cause)`; the
 * library now reads any thrown value's `message`.) Two notes on how a cell is built:
 * reads of one key are de-duplicated, so "out of order" for a read or a poll is the read
 * against a newer write of the same key (`setResponse`: when that request answers, it is
 * older); and a poll has no caller, so its cells check only the store (soft error),
 * plus that no rejection goes unhandled. `AbortSignal.timeout()` runs on Node's internal timers,
 * which Jest cannot fake, so the timeout cells use a signal that a fake-timer `setTimeout` aborts
 * exactly as `AbortSignal.timeout` does (reason: a DOMException named `TimeoutError`).
 */

useTestEnvironment();

const Posts = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A, searchParams: {} as { author?: string }, optimistic: true });
const URL5 = `${A}/react/posts/5`;
const GET5 = K.post5;
const PUT5 = K.update5;
const START = 2050;
const ANSWER = 2100;
const ERROR_EXPIRY = 1000;
const DATA_EXPIRY = 60_000;

type OpName = 'read' | 'mutation' | 'optimistic mutation' | 'poll' | 'read, retry on' | 'read, timeout';
const OPS: readonly OpName[] = ['read', 'mutation', 'optimistic mutation', 'poll', 'read, retry on', 'read, timeout'];
/** The retry column's policy: two retries; Math.random is pinned to 0, so they wait 500 and 1000 ms. */
const RETRY_ON = { retry: 2 };
/** The timeout column's endpoint timeout: shorter than the 50 ms the server takes to answer (START → ANSWER). */
const TIMEOUT = 20;

// ---------------------------------------------------------------------------------------------
// A cell's store: the running example with data, invariants checked after every commit.

interface Cell {
  rest: Rest;
  store: Store;
  actions: UnknownAction[];
  /** Invariant violations seen by the store listener (after every committed action). */
  seen: string[];
  /** How many committed actions the listener checked. */
  checked: { count: number };
  /** expectInvariants on the current state, with what the test knows of requests in flight. */
  check(): void;
  /** The raw slice. */
  raw(): any;
  /** The slice in the logical layout. */
  logical(): any;
  cleanup: (() => void)[];
}

async function prepare(policies: { retry?: boolean | number; timeout?: number } = { retry: false }, restOptions: Parameters<typeof setup>[0] = {}): Promise<Cell> {
  // The fault columns without policies see each failure once; the retry and timeout columns opt in.
  const { rest, store, actions } = setup({ ...policies, ...restOptions });
  const options = () => ({ store, endpoints: [PostResource, Posts], inFlightRequestIds: inFlightFromLog(actions) });
  const seen: string[] = [];
  const cell: Cell = {
    rest,
    store,
    actions,
    seen,
    checked: { count: 0 },
    check: () => expectInvariants(rest, store.getState(), options()),
    raw: () => rawSlice(rest, store.getState()),
    logical: () => sliceOf(rest, store.getState()),
    cleanup: [],
  };
  await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
  await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1050);
  cell.check();
  const unsubscribe = store.subscribe(() => {
    cell.checked.count++;
    for (const line of checkInvariants(rest, store.getState(), options())) seen.push(`after ${actions[actions.length - 1]?.type}: ${line}`);
  });
  cell.cleanup.push(unsubscribe);
  return cell;
}

/** What the data of the cell's store looks like before the operation (references). */
function snapshot(cell: Cell) {
  const raw = cell.raw();
  return { raw, logical: cell.logical(), list: cell.rest.selectData(cell.store.getState(), PostResource.getList, react) };
}

/** A failed request leaves entities, their meta, indexes, results and every other key's meta untouched. */
function expectOnlyMetaChanged(cell: Cell, before: ReturnType<typeof snapshot>, key: string) {
  const raw = cell.raw();
  expect(raw.entities).toBe(before.raw.entities);
  expect(raw.entitiesMeta).toBe(before.raw.entitiesMeta);
  expect(raw.indexes).toBe(before.raw.indexes);
  expect(raw.endpoints).toBe(before.raw.endpoints);
  expect(raw.optimistic).toEqual([]);
  const { [key]: _changed, ...others } = cell.logical().meta;
  const { [key]: _was, ...othersBefore } = before.logical.meta;
  expect(others).toStrictEqual(othersBefore);
  const state = cell.store.getState();
  expect(cell.rest.selectData(state, PostResource.get, p5)).toMatchObject({ id: 5, title: 'hi', author: { id: 1, username: 'ann' } });
  const list = cell.rest.selectData(state, PostResource.getList, react);
  // Without a layer nothing the list depends on changed, so it keeps its reference; a
  // rolled-back layer leaves a deep-equal view.
  const hadLayer = cell.actions.some((action) => (action.payload as { layer?: unknown } | undefined)?.layer !== undefined);
  if (hadLayer) expect(list).toEqual(before.list);
  else expect(list).toBe(before.list);
}

function finish(cell: Cell) {
  for (const fn of cell.cleanup) fn();
  cell.check();
  expect(cell.checked.count).toBeGreaterThan(0);
  expect(cell.seen).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Operations

interface Started {
  /** The caller's promise (none for a poll). */
  promise?: Promise<unknown>;
  /** A second caller joined to the same read, read operation only. */
  joined?: Promise<unknown>;
  request: FakeRequest;
}

interface Operation {
  /** The createRest request policies of the cell's store; none by default. */
  policies?: { retry?: number };
  key: string;
  method: string;
  caller: boolean;
  /** Polls store their errors soft. */
  soft: boolean;
  /** Starts the operation at START; `extra` are endpoint options (a signal, a timeout). */
  start(cell: Cell, extra?: { signal?: AbortSignal; timeout?: number }): Promise<Started>;
}

const OPERATIONS: Record<OpName, Operation> = {
  read: {
    key: GET5,
    method: 'GET',
    caller: true,
    soft: false,
    async start(cell, extra) {
      jest.setSystemTime(START);
      const endpoint = extra ? PostResource.get.extend(extra) : PostResource.get;
      const promise = cell.store.dispatch(cell.rest.fetch(endpoint, p5)) as Promise<unknown>;
      const joined = cell.store.dispatch(cell.rest.fetch(PostResource.get, p5)) as Promise<unknown>;
      return { promise, joined, request: await net.nth(3) };
    },
  },
  mutation: {
    key: PUT5,
    method: 'PUT',
    caller: true,
    soft: false,
    async start(cell, extra) {
      jest.setSystemTime(START);
      const endpoint = extra ? PostResource.update.extend(extra) : PostResource.update;
      const promise = cell.store.dispatch(cell.rest.fetch(endpoint, p5, { title: 'new' })) as Promise<unknown>;
      return { promise, request: await net.nth(3) };
    },
  },
  'optimistic mutation': {
    key: PUT5,
    method: 'PUT',
    caller: true,
    soft: false,
    async start(cell, extra) {
      jest.setSystemTime(START);
      const endpoint = extra ? Posts.update.extend(extra) : Posts.update;
      const promise = cell.store.dispatch(cell.rest.fetch(endpoint, p5, { title: 'opt' })) as Promise<unknown>;
      // The layer is visible at once; the base is untouched.
      const state = cell.store.getState();
      expect(cell.raw().optimistic).toHaveLength(1);
      expect(cell.rest.selectData(state, PostResource.get, p5)?.title).toBe('opt');
      expect(cell.rest.selectData(state, PostResource.getList, react)?.[0]?.title).toBe('opt');
      expect(cell.logical().entities.Post['5'].title).toBe('hi');
      return { promise, request: await net.nth(3) };
    },
  },
  'read, retry on': {
    policies: RETRY_ON,
    key: GET5,
    method: 'GET',
    caller: true,
    soft: false,
    start: (cell, extra) => OPERATIONS.read.start(cell, extra),
  },
  'read, timeout': {
    key: GET5,
    method: 'GET',
    caller: true,
    soft: false,
    start: (cell, extra) => OPERATIONS.read.start(cell, { ...extra, timeout: TIMEOUT }),
  },
  poll: {
    key: GET5,
    method: 'GET',
    caller: false,
    soft: true,
    async start(cell, extra) {
      const unhandled = jest.fn();
      process.on('unhandledRejection', unhandled);
      const unsubscribe = cell.store.dispatch(cell.rest.subscribe(PostResource.get.extend({ pollFrequency: 1000, ...extra }), p5));
      cell.cleanup.unshift(() => {
        unsubscribe();
        process.off('unhandledRejection', unhandled);
        expect(unhandled).not.toHaveBeenCalled();
      });
      // Due at the last write (1050) + 1000.
      await jest.advanceTimersByTimeAsync(START - Date.now() - 1);
      expect(net.count).toBe(2);
      await jest.advanceTimersByTimeAsync(1);
      expect(Date.now()).toBe(START);
      return { request: await net.nth(3) };
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Faults that end in a stored error (or, for aborts, in nothing stored)

interface ExpectedError {
  cls: 'NetworkError' | 'Error';
  status: number;
  /** The exact message, or a pattern. */
  message: string | RegExp;
  url?: string;
  /** The server's parsed JSON body, kept on the real and the stored error. */
  body?: unknown;
  /** Extra checks of the real error object the caller receives. */
  real?(error: any, context: { cause?: unknown }): void;
}

interface FailureFault {
  /** Endpoint options for the operation (a signal); `untilStart` is the time until the request starts. */
  extra?(untilStart: number): { signal: AbortSignal };
  /** Makes the request fail; sets the clock to when the failure commits. Returns what the real error should carry. */
  inject(request: FakeRequest): Promise<{ cause?: unknown }>;
  expected(key: string): ExpectedError;
}

const processingMessage = (key: string, problem: string) => new RegExp(`^Error processing ${escape(key)} with schema Post: ${problem}`);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A signal aborted by a (fake) timer exactly like `AbortSignal.timeout(ms)`: the reason is a `TimeoutError` DOMException. */
function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
  return controller.signal;
}

/** `inject` for an answer sent at ANSWER: the request gets what `send` gives it. */
const answerWith =
  (send: (request: FakeRequest) => void): FailureFault['inject'] =>
  async (request) => {
    jest.setSystemTime(ANSWER);
    send(request);
    return {};
  };

/** An answer whose processing fails: a processing error (status 400) whose message matches `problem`. */
const processingFailure = (send: (request: FakeRequest) => void, problem: string): FailureFault => ({
  inject: answerWith(send),
  expected: (key) => ({ cls: 'Error', status: 400, message: processingMessage(key, problem) }),
});

/** An HTTP error answer: NetworkError with the status, the status text as message, the Response kept. */
function httpFailure(status: number, statusText: string): FailureFault {
  return {
    inject: answerWith((request) => request.reply({ message: statusText }, { status, statusText })),
    expected: () => ({
      cls: 'NetworkError',
      status,
      message: `${URL5}: ${statusText}`,
      url: URL5,
      body: { message: statusText },
      real: (error) => expect(error.response?.status).toBe(status),
    }),
  };
}

const FAILURES: Record<string, FailureFault> = {
  'network failure': {
    async inject(request) {
      jest.setSystemTime(ANSWER);
      const cause = new TypeError('fetch failed');
      request.fail(cause);
      return { cause };
    },
    expected: () => ({
      cls: 'NetworkError',
      status: 0,
      message: `${URL5}: network error (fetch failed)`,
      url: URL5,
      real: (error, { cause }) => {
        expect(error.cause).toBe(cause);
        expect(error.response).toBeUndefined();
      },
    }),
  },
  'timeout via AbortSignal': {
    // A rejection not named AbortError is a network failure, whatever its cause.
    extra: (untilStart) => ({ signal: timeoutSignal(untilStart + 500) }),
    async inject() {
      await jest.advanceTimersByTimeAsync(500);
      return {};
    },
    expected: () => ({
      cls: 'NetworkError',
      status: 0,
      message: `${URL5}: network error (The operation was aborted due to timeout)`,
      url: URL5,
      real: (error) => {
        expect(error.cause).toBeInstanceOf(DOMException);
        expect(error.cause.name).toBe('TimeoutError');
      },
    }),
  },
  'HTTP 4xx': httpFailure(404, 'Not Found'),
  // A 5xx is not a soft error by default: it is stored like any other.
  'HTTP 5xx': httpFailure(500, 'Internal Server Error'),
  'HTML error page': {
    inject: answerWith((request) =>
      request.respond(text('<!doctype html><html><body><h1>Service Unavailable</h1></body></html>', 'text/html; charset=utf-8', { status: 503 })),
    ),
    expected: () => ({
      cls: 'NetworkError',
      status: 503,
      // No status text: `${url}: status 503`.
      message: `${URL5}: status 503`,
      url: URL5,
      real: (error) => {
        expect(error.response).toBeInstanceOf(Response);
        // The body is not parsed.
        expect(error.response.bodyUsed).toBe(false);
      },
    }),
  },
  'invalid JSON': {
    inject: answerWith((request) => request.respond(text('{"id":5,"title":', 'application/json'))),
    expected: () => ({
      cls: 'NetworkError',
      status: 200,
      message: `${URL5}: response body is not valid JSON: {"id":5,"title":`,
      url: URL5,
    }),
  },
  // A nested new user: nothing at all may be written.
  'missing pk': processingFailure(
    (request) => request.reply({ title: 'x', author: { id: 3, username: 'cy', createdAt: '2024-03-01T00:00:00.000Z' } }),
    'missing primary key.*"title":"x"',
  ),
  'shape mismatch': processingFailure((request) => request.reply([post5]), 'expected an object for Post, got an array'),
  'empty body': processingFailure((request) => request.respond(new Response(null, { status: 204 })), 'empty response'),
};

/** A fault that ends in a stored error: the caller gets the real error, the state its serialized form, nothing else changes. */
async function failureCell(op: Operation, fault: FailureFault): Promise<void> {
  const cell = await prepare(op.policies);
  const before = snapshot(cell);
  const started = await op.start(cell, fault.extra?.(op.caller ? 0 : START - Date.now()));
  // Handlers attached at once: a failure may settle while the fault is injected.
  const settled = started.promise && outcome(started.promise);
  const joined = started.joined && outcome(started.joined);
  cell.check();
  const pendingMeta = cell.logical().meta[op.key];
  expect(pendingMeta.pending).toHaveLength(1);
  const context = await fault.inject(started.request);
  const date = Date.now();
  const expected = fault.expected(op.key);
  if (settled) {
    const result = await settled;
    expect(result.ok).toBe(false);
    const error = (result as { error: any }).error;
    if (expected.cls === 'NetworkError') expect(error).toBeInstanceOf(NetworkError);
    else expect(error.constructor).toBe(Error);
    expect(error.name).toBe(expected.cls);
    expect(error.status).toBe(expected.status);
    if (typeof expected.message === 'string') expect(error.message).toBe(expected.message);
    else expect(error.message).toMatch(expected.message);
    expect(error.url).toBe(expected.url);
    expect(error.body).toStrictEqual(expected.body);
    expected.real?.(error, context);
    if (joined) expect(((await joined) as { error: unknown }).error).toBe(error);
  } else {
    await flush();
  }
  cell.check();
  // meta[key] gets the serialized error, fetchedAt, date, expiresAt = date + errorExpiryLength.
  const meta = cell.logical().meta[op.key];
  const stored = meta.error;
  const keys = ['message', 'name', 'status', ...(expected.url === undefined ? [] : ['url']), ...(expected.body === undefined ? [] : ['body'])];
  expect(Object.keys(stored).sort()).toEqual(keys.sort());
  expect(stored).toMatchObject({ name: expected.cls, status: expected.status, ...(expected.url === undefined ? {} : { url: expected.url }), ...(expected.body === undefined ? {} : { body: expected.body }) });
  if (typeof expected.message === 'string') expect(stored.message).toBe(expected.message);
  else expect(stored.message).toMatch(expected.message);
  expect(meta).toStrictEqual({ fetchedAt: START, date, expiresAt: date + ERROR_EXPIRY, error: stored, ...(op.soft ? { errorPolicy: 'soft' } : {}) });
  expectOnlyMetaChanged(cell, before, op.key);
  // Readers: a read key keeps its data and shows the error beside it, soft or not.
  const state = cell.store.getState();
  if (op.key === GET5) {
    const response = cell.rest.selectResponse(state, PostResource.get, p5);
    expect(response.status).toBe('rejected');
    expect(response.data?.title).toBe('hi');
    expect(response.error).toEqual(stored);
  } else {
    expect(cell.rest.selectError(state, PostResource.update, p5, {})).toEqual(stored);
  }
  finish(cell);
}

// ---------------------------------------------------------------------------------------------
// Faults with their own course

/** The AbortError unchanged (for every joined caller too), `rejected` with meta.aborted, nothing stored. */
async function abortCell(op: Operation): Promise<void> {
  const cell = await prepare(op.policies);
  const before = snapshot(cell);
  const controller = new AbortController();
  const started = await op.start(cell, { signal: controller.signal });
  const settled = started.promise && outcome(started.promise);
  const joined = started.joined && outcome(started.joined);
  cell.check();
  jest.setSystemTime(ANSWER);
  controller.abort();
  const reason = controller.signal.reason as DOMException;
  expect(reason.name).toBe('AbortError');
  // The same object, unchanged, for the caller and the joined caller.
  if (settled) expect(((await settled) as { error: unknown }).error).toBe(reason);
  if (joined) expect(((await joined) as { error: unknown }).error).toBe(reason);
  await flush();
  cell.check();
  const rejected = cell.actions.filter((action) => action.type === 'rest/fetch/rejected');
  expect(rejected).toHaveLength(1);
  expect(rejected[0]!.meta).toMatchObject({ key: op.key, aborted: true });
  expect(rejected[0]!.error).toBeUndefined();
  // No error stored: the key's meta is what it was, without the pending id.
  const meta = cell.logical().meta[op.key];
  if (before.logical.meta[op.key] === undefined) expect(meta === undefined || Object.keys(meta).length === 0).toBe(true);
  else expect(meta).toStrictEqual(before.logical.meta[op.key]);
  expectOnlyMetaChanged(cell, before, op.key);
  expect(cell.rest.selectResponse(cell.store.getState(), PostResource.get, p5)).toMatchObject({ status: 'fulfilled', error: undefined });
  finish(cell);
}

/** An onUnauthorized that resets the store runs after the `rejected` commit and before the promise rejects. */
async function unauthorizedCell(op: Operation): Promise<void> {
  const reset = { of: (): unknown => undefined };
  const cell = await prepare(op.policies, { onUnauthorized: (_error, { dispatch }) => dispatch(reset.of()) });
  reset.of = () => cell.rest.resetEntireStore();
  const started = await op.start(cell);
  const joined = started.joined && outcome(started.joined);
  // Another request in flight: the reset makes it reject with ResetError.
  const other = outcome(cell.store.dispatch(cell.rest.fetch(PostResource.getList, react)) as Promise<unknown>);
  const otherRequest = await net.nth(4);
  cell.check();
  let lastResetAtRejection: number | undefined;
  const settled = started.promise?.then(
    () => undefined,
    (error: unknown) => {
      lastResetAtRejection = cell.raw().lastReset;
      return error;
    },
  );
  const actionsBefore = cell.actions.length;
  jest.setSystemTime(ANSWER);
  started.request.reply({ message: 'login' }, { status: 401, statusText: 'Unauthorized' });
  if (settled) {
    const error = (await settled) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(401);
    expect(error.message).toBe(`${URL5}: Unauthorized`);
    expect(error.response).toBeInstanceOf(Response);
    // The reset was committed before the promise rejected.
    expect(lastResetAtRejection).toBe(ANSWER);
    if (joined) expect(((await joined) as { error: unknown }).error).toBe(error);
  }
  await flush();
  const types = cell.actions.slice(actionsBefore).map((action) => action.type);
  expect(types.slice(0, 2)).toEqual(['rest/fetch/rejected', 'rest/resetEntireStore']);
  const rejected = cell.actions[actionsBefore]!;
  expect(rejected.error).toStrictEqual({ name: 'NetworkError', message: `${URL5}: Unauthorized`, status: 401, url: URL5, body: { message: 'login' } });
  // A poll's error is recorded soft even though the reset then wipes it.
  expect(rejected.payload).toMatchObject(op.soft ? { errorPolicy: 'soft' } : {});
  if (!op.soft) expect((rejected.payload as { errorPolicy?: string }).errorPolicy).toBeUndefined();
  expect(((await other) as { error: unknown }).error).toBeInstanceOf(ResetError);
  cell.check();
  if (op.caller) {
    expect(types).toEqual(['rest/fetch/rejected', 'rest/resetEntireStore']);
    expect(cell.logical()).toStrictEqual({ ...INITIAL, lastReset: ANSWER });
  } else {
    // The subscribed key has no write in the fresh slice, so it is polled again at once.
    await jest.advanceTimersByTimeAsync(0);
    const again = await net.nth(5);
    expect(again.url).toBe(URL5);
    expect(cell.logical().meta[GET5]).toStrictEqual({ pending: [expect.any(String)] });
    cell.check();
    jest.setSystemTime(2200);
    again.reply(post5);
    await flush();
    expect(cell.rest.selectData(cell.store.getState(), PostResource.get, p5)?.title).toBe('hi');
    expect(cell.logical().meta[GET5]).toStrictEqual({ fetchedAt: ANSWER, date: 2200, expiresAt: 2200 + DATA_EXPIRY });
  }
  // The responses of the discarded request are dropped.
  const count = cell.actions.length;
  otherRequest.reply([post5, post6]);
  await flush();
  expect(cell.actions.length).toBe(count);
  finish(cell);
}

/** ResetError after the reset commits; the response is dropped; subscriptions refetch. */
async function resetCell(op: Operation): Promise<void> {
  const cell = await prepare(op.policies);
  const started = await op.start(cell);
  const joined = started.joined && outcome(started.joined);
  const discardedId = (cell.actions.filter((action) => action.type === 'rest/fetch/pending').pop()!.meta as { requestId: string }).requestId;
  cell.check();
  let lastResetAtRejection: number | undefined;
  const settled = started.promise?.then(
    () => undefined,
    (error: unknown) => {
      lastResetAtRejection = cell.raw().lastReset;
      return error;
    },
  );
  jest.setSystemTime(ANSWER);
  const actionsBefore = cell.actions.length;
  cell.store.dispatch(cell.rest.resetEntireStore());
  cell.check();
  if (settled) {
    const error = (await settled) as Error;
    expect(error).toBeInstanceOf(ResetError);
    expect(error.name).toBe('ResetError');
    expect(error.message).toBe('Request discarded by resetEntireStore()');
    expect(lastResetAtRejection).toBe(ANSWER);
    if (joined) expect(((await joined) as { error: unknown }).error).toBe(error);
  }
  expect(cell.logical()).toStrictEqual({ ...INITIAL, lastReset: ANSWER });
  // No fetch/fulfilled or fetch/rejected for the discarded request, ever.
  expect(cell.actions.slice(actionsBefore).map((action) => action.type)).toEqual(['rest/resetEntireStore']);
  let fresh: FakeRequest | undefined;
  if (!op.caller) {
    // Polled again at once, by a new request.
    await jest.advanceTimersByTimeAsync(0);
    fresh = await net.nth(4);
    expect(fresh).not.toBe(started.request);
  }
  // The discarded request's answer is dropped: no action, nothing written.
  const count = cell.actions.length;
  jest.setSystemTime(2150);
  started.request.reply({ ...post5, title: 'dropped' });
  await flush();
  expect(cell.actions.length).toBe(count);
  expect(cell.actions.some((action) => (action.meta as { requestId?: string } | undefined)?.requestId === discardedId && action.type !== 'rest/fetch/pending')).toBe(false);
  cell.check();
  if (fresh) {
    expect(cell.logical().meta[GET5]).toStrictEqual({ pending: [expect.any(String)] });
    jest.setSystemTime(2200);
    fresh.reply(post5);
    await flush();
    expect(cell.rest.selectData(cell.store.getState(), PostResource.get, p5)?.title).toBe('hi');
    expect(cell.logical().entities.Post).toStrictEqual({ '5': { id: 5, title: 'hi', author: '1' } });
  } else {
    expect(cell.logical()).toStrictEqual({ ...INITIAL, lastReset: ANSWER });
  }
  finish(cell);
}

/** `update` answered 204 writes `{ ...pathParams, ...body }`. */
async function emptyUpdateCell(op: Operation): Promise<void> {
  const cell = await prepare();
  const started = await op.start(cell);
  cell.check();
  jest.setSystemTime(ANSWER);
  started.request.respond(new Response(null, { status: 204 }));
  const title = op === OPERATIONS.mutation ? 'new' : 'opt';
  const value = (await started.promise) as Post;
  expect(value).toBeInstanceOf(Post);
  expect(value).toMatchObject({ id: 5, title, group: 'react' });
  cell.check();
  const slice = cell.logical();
  // Merged into the stored entity (newer request: its fields win, the author stays).
  expect(slice.entities.Post['5']).toStrictEqual({ id: 5, title, author: '1', group: 'react' });
  expect(slice.entitiesMeta.Post['5']).toStrictEqual({ fetchedAt: START, date: ANSWER, expiresAt: ANSWER + DATA_EXPIRY });
  // A mutation's answer is its caller's: its key keeps nothing.
  expect(slice.meta[PUT5]).toBeUndefined();
  expect(slice.endpoints[PUT5]).toBeUndefined();
  expect(slice.optimistic).toEqual([]);
  expect(cell.rest.selectData(cell.store.getState(), PostResource.getList, react)?.[0]).toMatchObject({ id: 5, title, author: { id: 1 } });
  finish(cell);
}

/** The older response fills missing fields only and does not replace the key's result or meta. */
async function outOfOrderCell(name: OpName): Promise<void> {
  const cell = await prepare(OPERATIONS[name].policies);
  const { rest, store } = cell;
  const state = () => store.getState();
  if (name === 'read' || name === 'poll' || name === 'read, retry on') {
    const op = OPERATIONS[name];
    const started = await op.start(cell);
    cell.check();
    // A newer write of the same key while the read is in flight.
    jest.setSystemTime(2060);
    store.dispatch(rest.setResponse(PostResource.get, p5, { ...post5, title: 'newer' }));
    cell.check();
    expect(cell.logical().meta[GET5]).toStrictEqual({ fetchedAt: 2060, date: 2060, expiresAt: 2060 + DATA_EXPIRY, pending: [expect.any(String)] });
    jest.setSystemTime(ANSWER);
    started.request.reply({ ...post5, title: 'older', views: 7 });
    if (started.promise) {
      // Resolves to the current value of the key.
      const value = (await started.promise) as Post;
      expect(value.title).toBe('newer');
      expect(await started.joined).toBe(value);
    } else {
      await flush();
    }
    cell.check();
    const slice = cell.logical();
    expect(slice.meta[GET5]).toStrictEqual({ fetchedAt: 2060, date: 2060, expiresAt: 2060 + DATA_EXPIRY });
    expect(slice.entities.Post['5']).toStrictEqual({ id: 5, title: 'newer', author: '1', views: 7 });
    expect(slice.entitiesMeta.Post['5'].fetchedAt).toBe(2060);
    expect(rest.selectResponse(state(), PostResource.get, p5)).toMatchObject({ status: 'fulfilled', error: undefined, data: { title: 'newer', views: 7 } });
    finish(cell);
    return;
  }
  const endpoint = name === 'mutation' ? PostResource.update : Posts.update;
  jest.setSystemTime(START);
  const first = store.dispatch(rest.fetch(endpoint, p5, { title: 'first' })) as Promise<Post>;
  jest.setSystemTime(2060);
  const second = store.dispatch(rest.fetch(endpoint, p5, { title: 'second' })) as Promise<Post>;
  const [one, two] = [await net.nth(3), await net.nth(4)];
  cell.check();
  expect(cell.logical().meta[PUT5].pending).toHaveLength(2);
  if (name === 'optimistic mutation') {
    expect(cell.raw().optimistic.map((layer: { fetchedAt: number }) => layer.fetchedAt)).toEqual([START, 2060]);
    expect(rest.selectData(state(), PostResource.get, p5)?.title).toBe('second');
  }
  // The later request answers first.
  jest.setSystemTime(2070);
  two.reply({ ...post5, title: 'server2' });
  expect((await second).title).toBe('server2');
  cell.check();
  if (name === 'optimistic mutation') {
    // #1's layer is recomputed against the new base and loses on the overlapping field.
    expect(cell.raw().optimistic).toHaveLength(1);
    expect(rest.selectData(state(), PostResource.get, p5)?.title).toBe('server2');
  }
  jest.setSystemTime(ANSWER);
  one.reply({ ...post5, title: 'server1', views: 1 });
  // The older outcome resolves to the current value of the key.
  expect((await first).title).toBe('server2');
  cell.check();
  const slice = cell.logical();
  expect(slice.meta[PUT5]).toBeUndefined();
  expect(slice.entities.Post['5']).toStrictEqual({ id: 5, title: 'server2', author: '1', views: 1 });
  expect(slice.optimistic).toEqual([]);
  expect(rest.selectData(state(), PostResource.get, p5)).toMatchObject({ title: 'server2', views: 1 });
  finish(cell);
}

// ---------------------------------------------------------------------------------------------
// The request policies' columns

/** Faults that mean "try again" (a network error, a 503 page): retried by default. */
const TRANSIENT = new Set(['network failure', 'HTML error page']);

/** Retry on, a transient fault: the first try fails, the retry succeeds; one pending, one fulfilled, no error stored. */
async function retriedCell(fault: FailureFault): Promise<void> {
  const op = OPERATIONS['read, retry on'];
  const cell = await prepare(op.policies);
  jest.spyOn(Math, 'random').mockReturnValue(0);
  const started = await op.start(cell);
  const settled = outcome(started.promise!);
  const joined = outcome(started.joined!);
  await fault.inject(started.request);
  await flush();
  cell.check();
  // Waiting for the retry: still in flight, nothing stored.
  expect(cell.logical().meta[GET5]).toStrictEqual({ fetchedAt: 1040, date: 1050, expiresAt: 1050 + DATA_EXPIRY, pending: [expect.any(String)] });
  await jest.advanceTimersByTimeAsync(499);
  expect(net.count).toBe(3);
  await jest.advanceTimersByTimeAsync(1);
  const retry = await net.nth(4);
  retry.reply({ ...post5, title: 'retried' });
  const result = await settled;
  expect(result.ok && (result.value as Post).title).toBe('retried');
  expect(((await joined) as { value: unknown }).value).toBe((result as { value: unknown }).value);
  const date = Date.now();
  const requestId = (cell.actions.filter((action) => action.type === 'rest/fetch/pending').pop()!.meta as { requestId: string }).requestId;
  const own = cell.actions.filter((action) => (action.meta as { requestId?: string } | undefined)?.requestId === requestId);
  expect(own.map((action) => action.type)).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled']);
  expect(cell.logical().meta[GET5]).toStrictEqual({ fetchedAt: START, date, expiresAt: date + DATA_EXPIRY });
  finish(cell);
}

/** Retry on, a fault that is not transient: one try only, then the same outcome as without retries. */
async function notRetriedCell(op: OpName, run: CellRun): Promise<void> {
  await run(op);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(net.requests.filter((request) => request.url === URL5 && request.method === 'GET')).toHaveLength(2);
}

/**
 * A timeout shorter than the fault's delay: the read is aborted after TIMEOUT and rejects with a
 * NetworkError 408 (stored, data kept) whatever the fault; the fault, arriving late, changes nothing.
 */
async function timedOutCell(late: (request: FakeRequest) => unknown): Promise<void> {
  const cell = await prepare();
  const before = snapshot(cell);
  const started = await OPERATIONS['read, timeout'].start(cell);
  const settled = outcome(started.promise!);
  const joined = outcome(started.joined!);
  await jest.advanceTimersByTimeAsync(TIMEOUT);
  const date = Date.now();
  expect(date).toBe(START + TIMEOUT);
  const result = await settled;
  const error = (result as { error: any }).error;
  expect(error).toBeInstanceOf(NetworkError);
  expect(error.status).toBe(408);
  expect(error.message).toBe(`${URL5}: timed out after ${TIMEOUT} ms (timeout option)`);
  expect(error.cause.name).toBe('TimeoutError');
  expect(((await joined) as { error: unknown }).error).toBe(error);
  expect(started.request.init.signal?.aborted).toBe(true);
  cell.check();
  const stored = { name: 'NetworkError', message: error.message, status: 408, url: URL5 };
  expect(cell.logical().meta[GET5]).toStrictEqual({ fetchedAt: START, date, expiresAt: date + ERROR_EXPIRY, error: stored });
  expectOnlyMetaChanged(cell, before, GET5);
  const count = cell.actions.length;
  await late(started.request);
  await flush();
  expect(cell.actions.length).toBe(count);
  expect(cell.logical().meta[GET5].error).toStrictEqual(stored);
  finish(cell);
}

const lateReply = (request: FakeRequest) => request.reply({ ...post5, title: 'late' });

// ---------------------------------------------------------------------------------------------
// The matrix

type CellRun = (op: OpName) => Promise<void>;

interface Fault {
  fault: string;
  cells: Record<OpName, CellRun>;
}

const every = (run: CellRun, late: (request: FakeRequest) => unknown = lateReply): Record<OpName, CellRun> => ({
  read: run,
  mutation: run,
  'optimistic mutation': run,
  poll: run,
  'read, retry on': (op) => notRetriedCell(op, run),
  'read, timeout': () => timedOutCell(late),
});
const failure = (name: string): Fault => {
  const fault = FAILURES[name]!;
  const cells = every((op) => failureCell(OPERATIONS[op], fault), (request) => fault.inject(request));
  if (TRANSIENT.has(name)) cells['read, retry on'] = () => retriedCell(fault);
  return { fault: name, cells };
};

const MATRIX: Fault[] = [
  failure('network failure'),
  { fault: 'abort', cells: every((op) => abortCell(OPERATIONS[op])) },
  failure('timeout via AbortSignal'),
  failure('HTTP 4xx'),
  failure('HTTP 5xx'),
  { fault: 'HTTP 401', cells: every((op) => unauthorizedCell(OPERATIONS[op])) },
  failure('HTML error page'),
  failure('invalid JSON'),
  {
    fault: 'empty body',
    cells: {
      read: (op) => failureCell(OPERATIONS[op], FAILURES['empty body']!),
      mutation: (op) => emptyUpdateCell(OPERATIONS[op]),
      'optimistic mutation': (op) => emptyUpdateCell(OPERATIONS[op]),
      poll: (op) => failureCell(OPERATIONS[op], FAILURES['empty body']!),
      'read, retry on': (op) => notRetriedCell(op, (name) => failureCell(OPERATIONS[name], FAILURES['empty body']!)),
      'read, timeout': () => timedOutCell((request) => FAILURES['empty body']!.inject(request)),
    },
  },
  failure('missing pk'),
  failure('shape mismatch'),
  { fault: 'reset during fetch', cells: every((op) => resetCell(OPERATIONS[op])) },
  { fault: 'out-of-order responses', cells: every(outOfOrderCell) },
];

const rows = MATRIX.flatMap(({ fault, cells }) => OPS.map((op) => ({ fault, op, run: cells[op] })));

describe.each(MATRIX.map(({ fault }) => ({ fault })))('fault matrix: $fault', ({ fault }) => {
  const cells = rows.filter((row) => row.fault === fault).map((row) => [row.op, row.run] as const);
  test.each(cells)('× %s', async (op, run) => {
    const consoleCalls = watchConsole();
    await run(op);
    // RTK's serializable and immutable checks (on by default in makeStore) never complained.
    const logged = [...consoleCalls.errors, ...consoleCalls.warnings].map((call) => call.map(String).join(' '));
    expect(logged.filter((line) => /serializ|mutation/i.test(line))).toEqual([]);
  });
});

describe('the matrix', () => {
  it('has every fault × every operation', () => {
    expect(MATRIX).toHaveLength(13);
    expect(rows).toHaveLength(13 * 6);
    expect(new Set(rows.map((row) => `${row.fault} × ${row.op}`)).size).toBe(78);
  });
});
