/**
 * The rules every data hook shares (Provider alone, finding the store's instance,
 * null arguments, request identity by key, fetching while rendering, retention, rebuilt errors,
 * no expiry timers). Re-renders are tested in renders.test.tsx.
 */
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { act, render, screen } from '@testing-library/react';
import { startTransition, useReducer, useState } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Store as ReduxStore } from 'redux';
import { createRest, hookifyResource, NetworkError } from 'rtk-rest';
import { createRestHooks, useCache, useDLE, useSubscription, useSuspense } from 'rtk-rest/react';
import type { DLE } from 'rtk-rest/react';
import { GarbageCollector } from '../../src/redux/features/garbageCollection/gc';
import {
  Async,
  asyncTitle,
  Boundary,
  getPost,
  K,
  net,
  p5,
  p6,
  post5,
  post6,
  PostResource,
  recorder,
  renderAnswered,
  renderCounter,
  renderWith,
  rerenderWith,
  settle,
  setup,
  sliceOf,
  stored,
  SuspenseTitle,
  useTestEnvironment,
  watchConsole,
} from './support';
import type { Params, Post } from './support';

useTestEnvironment();


const counter = createSlice({
  name: 'counter',
  initialState: 0,
  reducers: { increment: (n) => n + 1 },
});

/** `useDLE(getPost, args)`, recording each answer. */
function DLETitle({ args, seen }: { args: Params | null; seen?: { record(value: DLE<Post>): DLE<Post> } }) {
  const dle = useDLE(getPost, args);
  seen?.record(dle);
  return <h2>{dle.data === undefined ? (dle.loading ? 'dle loading' : 'dle none') : `dle ${dle.data.title}`}</h2>;
}

function CacheTitle({ args }: { args: Params | null }) {
  const post = useCache(getPost, args);
  return <h3>{post === undefined ? 'cache none' : `cache ${post.title}`}</h3>;
}

/** The three hooks that read a key, as components taking `args` (for per-hook tests). */
const readers = [
  ['useSuspense', SuspenseTitle],
  ['useDLE', DLETitle],
  ['useCache', CacheTitle],
] as const;

/** A store with a counter slice and no rtk-rest at all. */
function plainStore() {
  return configureStore({ reducer: { counter: counter.reducer } });
}

/** One store holding two rtk-rest instances under different reducerPaths. */
function twoInstanceStore() {
  const publicApi = createRest({ reducerPath: 'publicApi', gc: false });
  const adminApi = createRest({ reducerPath: 'adminApi', gc: false });
  const store = configureStore({
    reducer: { [publicApi.reducerPath]: publicApi.reducer, [adminApi.reducerPath]: adminApi.reducer },
    middleware: (getDefault) => getDefault().concat(publicApi.middleware, adminApi.middleware),
  });
  return { publicApi, adminApi, store };
}

/** Renders under `<Provider store>` any Redux store (not only the support's). */
function renderIn(store: ReduxStore, ui: ReactNode) {
  act(() => {
    render(<Provider store={store}>{ui}</Provider>);
  });
}

// -------------------------------------------------------------------------------------------------

describe('the store and its instance', () => {
  test('hooks work under react-redux <Provider> alone', async () => {
    const { store } = setup({ gc: false });
    renderWith(
      store,
      <Async>
        <SuspenseTitle args={p5} />
        <DLETitle args={p5} />
        <CacheTitle args={p5} />
      </Async>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    (await net.nth(1)).reply(post5);
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('hi');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('dle hi');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('cache hi');
    expect(net.count).toBe(1);
  });

  test.each(readers)('%s in a store without rtk-rest throws Error("rtk-rest: no rtk-rest middleware in this store")', async (_name, Reader) => {
    watchConsole();
    const errors: unknown[] = [];
    renderIn(
      plainStore(),
      <Boundary onError={(error) => errors.push(error)}>
        <Reader args={p5} />
      </Boundary>,
    );
    await settle();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(Error);
    expect((errors[0] as Error).message).toBe('rtk-rest: no rtk-rest middleware in this store');
    expect(net.count).toBe(0);
  });

  test.each(readers)('%s with two instances in the store throws an error naming both reducerPaths and createRestHooks(rest)', async (_name, Reader) => {
    watchConsole();
    const { store } = twoInstanceStore();
    const errors: unknown[] = [];
    renderIn(
      store,
      <Boundary onError={(error) => errors.push(error)}>
        <Reader args={p5} />
      </Boundary>,
    );
    await settle();
    expect(errors).toHaveLength(1);
    const { message } = errors[0] as Error;
    expect(message).toMatch(/^rtk-rest: /);
    expect(message).toContain('publicApi');
    expect(message).toContain('adminApi');
    expect(message).toContain('createRestHooks(rest)');
    expect(net.count).toBe(0);
  });

  test('createRestHooks(rest) returns the hooks bound to that one of two instances', async () => {
    const { publicApi, adminApi, store } = twoInstanceStore();
    const admin = createRestHooks(adminApi);
    const pub = createRestHooks(publicApi);
    function AdminPost() {
      const post = admin.useSuspense(getPost, p5);
      const dle = admin.useDLE(getPost, p5);
      return <h1>{`admin ${post.title} ${dle.data?.title}`}</h1>;
    }
    function PublicPost() {
      const post = pub.useSuspense(getPost, p6);
      return <h2>{`public ${post.title}`}</h2>;
    }
    renderIn(
      store,
      <Async>
        <AdminPost />
        <PublicPost />
      </Async>,
    );
    const first = await net.nth(1);
    const second = await net.nth(2);
    const byUrl = new Map([first, second].map((request) => [`${request.method} ${request.url}`, request]));
    byUrl.get(K.post5)!.reply(post5);
    byUrl.get(K.post6)!.reply(post6);
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('admin hi hi');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('public six');
    const state = store.getState();
    expect(adminApi.selectData(state, getPost, p5)?.title).toBe('hi');
    expect(publicApi.selectData(state, getPost, p5)).toBeUndefined();
    expect(publicApi.selectData(state, getPost, p6)?.title).toBe('six');
    expect(adminApi.selectData(state, getPost, p6)).toBeUndefined();
    expect(net.count).toBe(2);
  });
});

// -------------------------------------------------------------------------------------------------

describe('null arguments', () => {
  test('a single null is inactive: no request, no action, and the inactive value of each hook', async () => {
    const { store, actions } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    renderWith(
      store,
      <Async>
        <SuspenseTitle args={null} />
        <DLETitle args={null} seen={seen} />
        <CacheTitle args={null} />
      </Async>,
    );
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('none');
    expect(seen.last).toMatchObject({ data: undefined, loading: false, error: undefined });
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('cache none');
    expect(net.count).toBe(0);
    expect(actions).toEqual([]);
  });

  test.each(readers)('%s with null retains nothing: an expired key no one else reads is collected', async (_name, Reader) => {
    const { store, rest } = setup({ gc: { intervalMs: 1000, graceMs: 0 } });
    await stored(store, rest, post5); // expiresAt 61000
    renderWith(
      store,
      <Async>
        <Reader args={null} />
      </Async>,
    );
    await settle();
    act(() => {
      jest.advanceTimersByTime(61_000); // sweeps up to now = 62000
    });
    expect(sliceOf(rest, store.getState()).endpoints[K.post5]).toBeUndefined();
    expect(sliceOf(rest, store.getState()).meta[K.post5]).toBeUndefined();
    expect(net.count).toBe(1);
  });

  test.each(readers)('%s toggled from arguments to null stops retaining the key', async (_name, Reader) => {
    const { store, rest } = setup({ gc: { intervalMs: 1000, graceMs: 0 } });
    await stored(store, rest, post5); // expiresAt 61000
    const view = renderWith(
      store,
      <Async>
        <Reader args={p5} />
      </Async>,
    );
    await settle();
    act(() => {
      jest.advanceTimersByTime(61_000);
    });
    // Retained while mounted with arguments.
    expect(sliceOf(rest, store.getState()).endpoints[K.post5]).toBe('5');
    rerenderWith(view, store, 
      <Async>
        <Reader args={null} />
      </Async>,
    );
    await settle();
    act(() => {
      jest.advanceTimersByTime(1_000);
    });
    expect(sliceOf(rest, store.getState()).endpoints[K.post5]).toBeUndefined();
    expect(net.count).toBe(1);
  });

  test('toggling from null to arguments fetches; back to null returns the inactive value', async () => {
    const { store } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    function Toggle({ args }: { args: Params | null }) {
      return (
        <Async>
          <SuspenseTitle args={args} />
          <DLETitle args={args} seen={seen} />
        </Async>
      );
    }
    const view = renderWith(store, <Toggle args={null} />);
    await settle();
    expect(net.count).toBe(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('none');
    rerenderWith(view, store, <Toggle args={p5} />);
    const request = await net.nth(1);
    expect(`${request.method} ${request.url}`).toBe(K.post5);
    expect(screen.getByText('loading')).toBeTruthy();
    request.reply(post5);
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('hi');
    expect(seen.last.data?.title).toBe('hi');
    rerenderWith(view, store, <Toggle args={null} />);
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('none');
    expect(seen.last).toMatchObject({ data: undefined, loading: false, error: undefined });
    expect(net.count).toBe(1);
  });
});

// -------------------------------------------------------------------------------------------------

describe('a request is identified by its key', () => {
  test('new argument objects with the same key start no second request and retain once', async () => {
    const retain = jest.spyOn(GarbageCollector.prototype, 'retain');
    const { store, rest } = setup();
    const subscribe = jest.spyOn(rest, 'subscribe');
    let bump!: () => void;
    function Reader() {
      const [, force] = useReducer((n: number) => n + 1, 0);
      bump = force;
      // A new arguments object on every render.
      const post = useSuspense(getPost, { group: 'react', id: 5 });
      useDLE(getPost, { group: 'react', id: 5 });
      useCache(getPost, { group: 'react', id: 5 });
      useSubscription(getPost, { group: 'react', id: 5 });
      return <h1>{post.title}</h1>;
    }
    renderWith(
      store,
      <Async>
        <Reader />
      </Async>,
    );
    const request = await net.nth(1);
    request.reply(post5);
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('hi');
    const retains = retain.mock.calls.length;
    expect(retains).toBe(3); // useSuspense, useDLE, useCache: once each
    for (let i = 0; i < 3; i++) {
      act(() => bump());
      await settle();
    }
    expect(net.count).toBe(1);
    expect(retain).toHaveBeenCalledTimes(retains);
    expect(subscribe).toHaveBeenCalledTimes(1);
  });

  test('new endpoint objects with the same key (extend({}) on every render) are the same request', async () => {
    const retain = jest.spyOn(GarbageCollector.prototype, 'retain');
    const { store, rest } = setup();
    const subscribe = jest.spyOn(rest, 'subscribe');
    const endpoints = new Set<unknown>();
    let bump!: () => void;
    function Reader() {
      const [, force] = useReducer((n: number) => n + 1, 0);
      bump = force;
      const endpoint = getPost.extend({});
      endpoints.add(endpoint);
      const post = useSuspense(endpoint, p5);
      useDLE(endpoint, p5);
      useSubscription(endpoint, p5);
      return <h1>{post.title}</h1>;
    }
    await renderAnswered(
      store,
      <Async>
        <Reader />
      </Async>,
    );
    const retains = retain.mock.calls.length;
    for (let i = 0; i < 3; i++) {
      act(() => bump());
      await settle();
    }
    expect(endpoints.size).toBeGreaterThanOrEqual(4);
    expect(screen.getByRole('heading').textContent).toBe('hi');
    expect(net.count).toBe(1);
    expect(retain).toHaveBeenCalledTimes(retains);
    expect(subscribe).toHaveBeenCalledTimes(1);
  });

  test('endpoints from hookifyResource whose init changes share the key and start no second request', async () => {
    const { store } = setup({ gc: false });
    let token = 'a';
    const { useGet } = hookifyResource(PostResource, () => ({ headers: { 'Access-Token': token } }));
    const endpoints = new Set<unknown>();
    function Reader({ label }: { label: string }) {
      const endpoint = useGet();
      endpoints.add(endpoint);
      const post = useSuspense(endpoint, { group: 'react', id: 5 });
      return <h1>{`${label} ${post.title}`}</h1>;
    }
    const reader = (label: string) => (
      <Async>
        <Reader label={label} />
      </Async>
    );
    const view = renderWith(store, reader('one'));
    const request = await net.nth(1);
    expect(request.headers['access-token']).toBe('a');
    request.reply(post5);
    await settle();
    expect(endpoints.size).toBe(1);
    token = 'b';
    rerenderWith(view, store, reader('two'));
    await settle();
    // A new endpoint object (new init) with the same key: no new request.
    expect(endpoints.size).toBe(2);
    expect(screen.getByRole('heading').textContent).toBe('two hi');
    expect(net.count).toBe(1);
    // A request a later render starts goes out with that render's endpoint (the new token).
    jest.setSystemTime(61_001);
    rerenderWith(view, store, reader('three'));
    const refetch = await net.nth(2);
    expect(refetch.headers['access-token']).toBe('b');
    refetch.reply(post5);
    await settle();
    expect(net.count).toBe(2);
  });
});

// -------------------------------------------------------------------------------------------------

describe('fetching while rendering', () => {
  test('the request starts during the render; its pending action is dispatched in a microtask after it', async () => {
    const { store, rest, types } = setup({ gc: false });
    let rendering = false;
    const changesDuringRender: string[] = [];
    store.subscribe(() => {
      if (rendering) changesDuringRender.push(types().at(-1) ?? '?');
    });
    const seen = recorder<DLE<Post>>();
    const statesInRender: unknown[] = [];
    function Reader() {
      rendering = true;
      const before = store.getState();
      const dle = useDLE(getPost, p5);
      statesInRender.push(before === store.getState());
      rendering = false;
      seen.record(dle);
      return null;
    }
    renderWith(store, <Reader />);
    // The render joined a request it started: loading, though nothing is in the store yet.
    expect(seen.values[0]).toMatchObject({ data: undefined, loading: true, error: undefined });
    expect(types()).toEqual([]);
    expect(rest.selectResponse(store.getState(), getPost, p5).isFetching).toBe(false);
    await Promise.resolve();
    expect(types()).toEqual(['rest/fetch/pending']);
    expect(rest.selectResponse(store.getState(), getPost, p5).isFetching).toBe(true);
    const request = await net.nth(1);
    request.reply(post5);
    await settle();
    expect(types()).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled']);
    expect(changesDuringRender).toEqual([]);
    expect(statesInRender.every(Boolean)).toBe(true);
    expect(seen.last.data?.title).toBe('hi');
  });

  test('the request starts during the render of a suspending useSuspense: the store does not change during it', async () => {
    const { store, types } = setup({ gc: false });
    const typesAtRenderEnd: string[][] = [];
    function Reader() {
      try {
        return <h1>{useSuspense(getPost, p5).title}</h1>;
      } finally {
        typesAtRenderEnd.push(types());
      }
    }
    renderWith(
      store,
      <Async>
        <Reader />
      </Async>,
    );
    expect(types()).toEqual([]);
    expect(typesAtRenderEnd[0]).toEqual([]);
    await Promise.resolve();
    expect(types()).toEqual(['rest/fetch/pending']);
    (await net.nth(1)).reply(post5);
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('hi');
  });

  test.each([
    ['useSuspense', (args: Params) => useSuspense(getPost, args)],
    ['useDLE', (args: Params) => useDLE(getPost, args)],
  ] as const)('StrictMode double rendering of %s starts exactly one request', async (_name, useHook) => {
    const { store, types } = setup({ gc: false });
    const renders = renderCounter();
    function Reader() {
      renders.hit();
      useHook(p5);
      return null;
    }
    renderWith(
      store,
      <Async>
        <Reader />
      </Async>,
      { strict: true },
    );
    await settle();
    expect(renders.count).toBeGreaterThanOrEqual(2);
    expect(net.count).toBe(1);
    expect(types()).toEqual(['rest/fetch/pending']);
    (await net.nth(1)).reply(post5);
    await settle();
    expect(net.count).toBe(1);
    expect(types()).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled']);
  });

  test('re-renders while the request is in flight and after it settled start no second request', async () => {
    const { store, types } = setup({ gc: false });
    let bump!: () => void;
    function Reader() {
      const [, force] = useReducer((n: number) => n + 1, 0);
      bump = force;
      const dle = useDLE(getPost, p5);
      return <p>{dle.loading ? 'loading' : dle.data?.title}</p>;
    }
    renderWith(store, <Reader />);
    for (let i = 0; i < 3; i++) {
      act(() => bump());
      await settle();
    }
    expect(net.count).toBe(1);
    (await net.nth(1)).reply(post5);
    await settle();
    for (let i = 0; i < 3; i++) {
      act(() => bump());
      await settle();
    }
    expect(screen.getByText('hi')).toBeTruthy();
    expect(net.count).toBe(1);
    expect(types()).toEqual(['rest/fetch/pending', 'rest/fetch/fulfilled']);
  });

  test('concurrent re-renders (a transition to a new key, rendered again while it suspends) start one request for it and write no other key', async () => {
    const { store, rest } = setup({ gc: false });
    let show!: (id: number) => void;
    function Reader() {
      const [id, setId] = useState(5);
      show = (next) => startTransition(() => setId(next));
      const post = useSuspense(getPost, { group: 'react', id });
      return <h1>{post.title}</h1>;
    }
    await renderAnswered(
      store,
      <Async>
        <Reader />
      </Async>,
    );
    act(() => show(6));
    await settle();
    // The transition keeps showing post 5 while post 6 loads.
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('hi');
    act(() => show(6));
    await settle();
    net.requests.slice(1).forEach((request) => request.reply(post6));
    await settle();
    // Post 5's key still holds post 5.
    expect(sliceOf(rest, store.getState()).endpoints[K.post5]).toBe('5');
    expect(rest.selectData(store.getState(), getPost, p5)?.title).toBe('hi');
    expect(net.count).toBe(2);
    const request = await net.nth(2);
    expect(`${request.method} ${request.url}`).toBe(K.post6);
    expect(screen.getByRole('heading').textContent).toBe('six');
  });

  test('several components reading the same key in one render share one request', async () => {
    const { store } = setup({ gc: false });
    renderWith(
      store,
      <Async>
        <SuspenseTitle args={{ group: 'react', id: 5 }} />
        <SuspenseTitle args={{ group: 'react', id: 5 }} />
        <DLETitle args={{ group: 'react', id: 5 }} />
      </Async>,
      { strict: true },
    );
    await settle();
    expect(net.count).toBe(1);
    (await net.nth(1)).reply(post5);
    await settle();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['hi', 'hi']);
    expect(net.count).toBe(1);
  });
});

// -------------------------------------------------------------------------------------------------

describe('retention, rebuilt errors, no expiry timers', () => {
  test('hooks surface a stored error as an Error rebuilt from it; the same stored error yields the same instance', async () => {
    watchConsole();
    const { store, rest } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    const caught: unknown[] = [];
    let bump!: () => void;
    function Parent() {
      const [n, force] = useReducer((x: number) => x + 1, 0);
      bump = force;
      return (
        <>
          <DLETitle args={p5} seen={seen} />
          <Async key={n} onError={(error) => caught.push(error)}>
            <SuspenseTitle args={p5} />
          </Async>
        </>
      );
    }
    renderWith(store, <Parent />);
    (await net.nth(1)).reply({ detail: 'boom' }, { status: 500, statusText: 'Server Error' });
    await settle();
    const stored = rest.selectError(store.getState(), getPost, p5);
    expect(stored).toEqual({ name: 'NetworkError', message: `${K.post5.slice(4)}: Server Error`, status: 500, url: K.post5.slice(4), body: { detail: 'boom' } });
    const error = seen.last.error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBe(stored);
    expect(error).toMatchObject({ name: 'NetworkError', status: 500, url: K.post5.slice(4), message: `${K.post5.slice(4)}: Server Error`, body: { detail: 'boom' } });
    expect((error as NetworkError).response).toBeUndefined();
    expect(caught).toHaveLength(1);
    expect(caught[0]).toBe(error);
    // Remount the suspending reader while the error is fresh: it throws the same instance again.
    act(() => bump());
    await settle();
    expect(caught).toHaveLength(2);
    expect(caught[1]).toBe(error);
    expect(seen.last.error).toBe(error);
    expect(net.count).toBe(1);
  });

  test('an error that is not a NetworkError is rebuilt as an Error with its name, message and status', async () => {
    const { store, rest } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    renderWith(store, <DLETitle args={p5} seen={seen} />);
    // A 200 answer without a pk: a processing error.
    (await net.nth(1)).reply({ title: 'no id' });
    await settle();
    const stored = rest.selectError(store.getState(), getPost, p5)!;
    expect(stored.status).toBe(400);
    const error = seen.last.error!;
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ name: stored.name, message: stored.message, status: 400 });
  });

  test.each(readers)('%s sets no timer for expiry, and does not refetch by itself when its data goes stale', async (_name, Reader) => {
    const { store, rest } = setup({ gc: false });
    await stored(store, rest, post5);
    const timersBefore = jest.getTimerCount();
    const renders = renderCounter();
    function Counted() {
      renders.hit();
      return <Reader args={p5} />;
    }
    renderWith(
      store,
      <Async>
        <Counted />
      </Async>,
    );
    await settle();
    expect(jest.getTimerCount()).toBe(timersBefore);
    const rendered = renders.count;
    act(() => {
      jest.advanceTimersByTime(120_000); // long past expiresAt 61000
    });
    await settle();
    expect(renders.count).toBe(rendered);
    expect(net.count).toBe(1);
    expect(jest.getTimerCount()).toBe(timersBefore);
  });

  test('fetching hooks evaluate expiry when they render: a render after expiry revalidates', async () => {
    const { store, rest } = setup({ gc: false });
    await stored(store, rest, post5);
    const view = renderWith(store, asyncTitle({ args: p5 }));
    await settle();
    jest.setSystemTime(61_001);
    rerenderWith(view, store, 
      <Async>
        <SuspenseTitle args={{ ...p5 }} />
      </Async>,
    );
    const request = await net.nth(2);
    expect(`${request.method} ${request.url}`).toBe(K.post5);
    request.reply({ ...post5, title: 'fresh' });
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('fresh');
  });

  test.each(readers)('%s retains its key while mounted, and releases it on unmount', async (_name, Reader) => {
    const { store, rest } = setup({ gc: { intervalMs: 1000, graceMs: 0 } });
    await stored(store, rest, post5); // expiresAt 61000
    await stored(store, rest, post6, { args: p6 }); // read by no one
    const view = renderWith(
      store,
      <Async>
        <Reader args={p5} />
      </Async>,
    );
    await settle();
    act(() => {
      jest.advanceTimersByTime(61_000);
    });
    const slice = sliceOf(rest, store.getState());
    expect(slice.endpoints[K.post6]).toBeUndefined();
    expect(slice.endpoints[K.post5]).toBe('5');
    expect(slice.entities.Post['5']).toBeDefined();
    view.unmount();
    act(() => {
      jest.advanceTimersByTime(1_000);
    });
    expect(sliceOf(rest, store.getState()).endpoints[K.post5]).toBeUndefined();
    expect(net.count).toBe(2);
  });
});
