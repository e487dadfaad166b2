/**
 * A hook re-renders its component only when its answer changes. Render
 * counters on components reading post 5 through useSuspense, useDLE and useCache, in a store
 * that also holds an unrelated slice.
 */
import { configureStore, createSlice } from '@reduxjs/toolkit';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { act, render, screen } from '@testing-library/react';
import { useReducer } from 'react';
import { Provider } from 'react-redux';
import { createRest } from 'rtk-rest';
import { useCache, useDLE, useSuspense } from 'rtk-rest/react';
import {
  Async,
  bob,
  getPost,
  net,
  p5,
  p6,
  post5,
  post6,
  PostResource,
  renderCounter,
  settle,
  User,
  useTestEnvironment,
} from './support';

useTestEnvironment();


const counter = createSlice({
  name: 'counter',
  initialState: { n: 0 },
  reducers: { increment: (state) => void (state.n += 1) },
});

/** The tests' store with a second, unrelated slice; logs the actions that reach the reducers. */
function setupWithCounter() {
  const rest = createRest({ gc: false });
  const log: string[] = [];
  const logger: Middleware = () => (next) => (action) => {
    log.push((action as UnknownAction).type);
    return next(action);
  };
  const store = configureStore({
    reducer: { [rest.reducerPath]: rest.reducer, counter: counter.reducer },
    middleware: (getDefault) =>
      getDefault()
        .concat(rest.middleware)
        .concat(logger),
  });
  return { rest, store, log };
}

type Counter = ReturnType<typeof renderCounter>;

function SuspenseReader({ renders }: { renders: Counter }) {
  renders.hit();
  const post = useSuspense(getPost, { group: 'react', id: 5 });
  return <h1>{post.title}</h1>;
}

/** Re-renders the DLE reader alone (set while it is mounted). */
let bumpDLE: () => void = () => undefined;

function DLEReader({ renders }: { renders: Counter }) {
  renders.hit();
  const [, force] = useReducer((n: number) => n + 1, 0);
  bumpDLE = force;
  const { data, loading } = useDLE(getPost, { group: 'react', id: 5 });
  return <h2>{loading ? 'dle loading' : data?.title}</h2>;
}

function CacheReader({ renders }: { renders: Counter }) {
  renders.hit();
  const post = useCache(getPost, { group: 'react', id: 5 });
  return <h3>{post?.title ?? 'cache none'}</h3>;
}

/** Mounts the three readers (siblings under a memo-free parent that never re-renders) and lets post 5 load. */
async function mounted() {
  const { rest, store, log } = setupWithCounter();
  const renders = { suspense: renderCounter(), dle: renderCounter(), cache: renderCounter() };
  act(() => {
    render(
      <Provider store={store}>
        <Async>
          <SuspenseReader renders={renders.suspense} />
        </Async>
        <DLEReader renders={renders.dle} />
        <CacheReader renders={renders.cache} />
      </Provider>,
    );
  });
  (await net.nth(1)).reply(post5);
  await settle();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('hi');
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('hi');
  expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('hi');
  const counts = () => ({ suspense: renders.suspense.count, dle: renders.dle.count, cache: renders.cache.count });
  const baseline = counts();
  log.length = 0;
  return { rest, store, log, counts, baseline };
}

/** Runs `fn` inside act, then lets the network and React settle. */
async function inAct(fn: () => unknown) {
  await act(async () => {
    await fn();
  });
  await settle();
}

test('a dispatch to an unrelated slice re-renders none of the readers', async () => {
  const { store, log, counts, baseline } = await mounted();
  await inAct(() => {
    store.dispatch(counter.actions.increment());
    store.dispatch(counter.actions.increment());
  });
  expect(store.getState().counter.n).toBe(2);
  expect(log).toEqual(['counter/increment', 'counter/increment']);
  expect(counts()).toEqual(baseline);
});

test('a write to another key (post 6) re-renders none of the readers', async () => {
  const { rest, store, log, counts, baseline } = await mounted();
  await inAct(async () => {
    const promise = store.dispatch(rest.fetch(getPost, p6));
    (await net.nth(2)).reply(post6);
    await promise;
  });
  await inAct(() => store.dispatch(rest.setResponse(getPost, p6, { ...post6, title: 'six again' })));
  expect(log).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled', 'rest/setResponse']);
  expect(rest.selectData(store.getState(), getPost, p6)?.title).toBe('six again');
  expect(counts()).toEqual(baseline);
});

test('a write of another entity (User 2, not post 5\'s author) re-renders none of the readers', async () => {
  const { rest, store, log, counts, baseline } = await mounted();
  await inAct(() => store.dispatch(rest.set(User, { id: 2 }, bob)));
  await inAct(() => store.dispatch(rest.set(User, { id: 2 }, { ...bob, username: 'bobby' })));
  expect(log).toEqual(['rest/set', 'rest/set']);
  expect(rest.selectQuery(store.getState(), User, { id: 2 })?.username).toBe('bobby');
  expect(counts()).toEqual(baseline);
});

test('an identical refetch of post 5 (pending, then fulfilled with identical data) re-renders none of the readers', async () => {
  const { rest, store, log, counts, baseline } = await mounted();
  const before = rest.selectData(store.getState(), getPost, p5);
  await inAct(async () => {
    const promise = store.dispatch(rest.fetch(getPost, p5));
    (await net.nth(2)).reply(post5);
    await promise;
  });
  expect(log).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled']);
  expect(rest.selectData(store.getState(), getPost, p5)).toBe(before);
  expect(counts()).toEqual(baseline);
});

test('an expireAll then a background refetch returning identical data re-renders none of the readers', async () => {
  const { rest, store, log, counts, baseline } = await mounted();
  await inAct(() => store.dispatch(rest.expireAll(getPost)));
  expect(rest.selectResponse(store.getState(), getPost, p5).expiryStatus).toBe('stale');
  await inAct(async () => {
    const promise = store.dispatch(rest.fetchIfStale(getPost, p5));
    (await net.nth(2)).reply(post5);
    await promise;
  });
  expect(log).toEqual(['rest/expireAll', 'rest/fetch/pending', 'rest/fetch/fulfilled']);
  expect(rest.selectResponse(store.getState(), getPost, p5).expiryStatus).toBe('valid');
  expect(net.count).toBe(2);
  expect(counts()).toEqual(baseline);
});

test('a change of post 5\'s title re-renders each reader exactly once (pending alone re-renders none)', async () => {
  const { rest, store, log, counts, baseline } = await mounted();
  let promise!: Promise<unknown>;
  await act(async () => {
    promise = store.dispatch(rest.fetch(getPost, p5));
  });
  const request = await net.nth(2);
  await settle();
  expect(log).toEqual(['rest/fetch/pending']);
  expect(counts()).toEqual(baseline);
  await inAct(async () => {
    request.reply({ ...post5, title: 'new title' });
    await promise;
  });
  expect(log).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled']);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('new title');
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('new title');
  expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('new title');
  expect(counts()).toEqual({ suspense: baseline.suspense + 1, dle: baseline.dle + 1, cache: baseline.cache + 1 });
});

test('a change made by rest.set to post 5 re-renders each reader exactly once', async () => {
  const { rest, store, counts, baseline } = await mounted();
  await inAct(() => store.dispatch(rest.set(PostResource.get.schema, { id: 5 }, { ...post5, title: 'set title' })));
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('set title');
  expect(counts()).toEqual({ suspense: baseline.suspense + 1, dle: baseline.dle + 1, cache: baseline.cache + 1 });
});

test('the pending and fulfilled of a background revalidation started by a render, returning identical data, re-render nothing', async () => {
  const { rest, store, log, counts, baseline } = await mounted();
  jest.setSystemTime(61_001); // post 5 is stale
  act(() => bumpDLE());
  expect(counts()).toEqual({ ...baseline, dle: baseline.dle + 1 });
  const request = await net.nth(2);
  await settle();
  expect(log).toEqual(['rest/fetch/pending']);
  await inAct(() => request.reply(post5));
  expect(log).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled']);
  expect(rest.selectResponse(store.getState(), getPost, p5).expiryStatus).toBe('valid');
  expect(counts()).toEqual({ ...baseline, dle: baseline.dle + 1 });
});
