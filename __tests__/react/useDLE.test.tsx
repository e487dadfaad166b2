/**
 * `useDLE` and `useCache`.
 */
import { act, screen } from '@testing-library/react';
import { useReducer } from 'react';
import { createRest, NetworkError } from 'rtk-rest';

import { useCache, useDLE, useSubscription } from 'rtk-rest/react';
import type { DLE } from 'rtk-rest/react';
import {
  Async,
  getPost,
  INITIAL,
  K,
  makeStore,
  net,
  p5,
  p6,
  polled,
  Post,
  post5,
  post6,
  PostResource,
  recorder,
  renderAnswered,
  renderWith,
  rerenderWith,
  serverError,
  settle,
  setup,
  softGet,
  stored,
  strictGet,
  tick,
  useTestEnvironment,
  watchConsole,
} from './support';
import type { Params } from './support';

useTestEnvironment();


const url5 = K.post5.slice(4);

// -------------------------------------------------------------------------------------------------
// useDLE

describe('useDLE', () => {
  function DLEProbe({ args, seen }: { args: Params | null; seen: { record(value: DLE<Post>): DLE<Post> } }) {
    const dle = seen.record(useDLE(getPost, args));
    return <p>{dle.loading ? 'dle loading' : dle.error ? `dle error ${dle.error.message}` : `dle ${dle.data?.title ?? 'none'}`}</p>;
  }
  function SoftDLE({ args, seen }: { args: Params; seen: { record(value: DLE<Post>): DLE<Post> } }) {
    seen.record(useDLE(softGet, args));
    return null;
  }

  test('loading is true on the first render when that render starts the request', async () => {
    const { store } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    renderWith(store, <DLEProbe args={p5} seen={seen} />);
    expect(seen.values[0]).toMatchObject({ data: undefined, loading: true, error: undefined });
    expect(screen.getByText('dle loading')).toBeTruthy();
    const request = await net.nth(1);
    expect(`${request.method} ${request.url}`).toBe(K.post5);
    await settle();
    expect(seen.last).toMatchObject({ data: undefined, loading: true, error: undefined });
    expect(net.count).toBe(1);
  });

  test('data is selectData once the request succeeds; loading ends', async () => {
    const { store, rest } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    await renderAnswered(store, <DLEProbe args={p5} seen={seen} />);
    expect(seen.last.loading).toBe(false);
    expect(seen.last.error).toBeUndefined();
    expect(seen.last.data).toBeInstanceOf(Post);
    expect(seen.last.data).toBe(rest.selectData(store.getState(), getPost, p5));
    expect(screen.getByText('dle hi')).toBeTruthy();
  });

  test('error is the stored error rebuilt as an Error; loading ends; nothing is thrown or suspended', async () => {
    watchConsole();
    const { store, rest } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    const caught: unknown[] = [];
    renderWith(
      store,
      <Async onError={(error) => caught.push(error)}>
        <DLEProbe args={p5} seen={seen} />
      </Async>,
    );
    expect(screen.queryByText('loading')).toBeNull();
    (await net.nth(1)).reply({}, serverError);
    await settle();
    const { data, loading, error } = seen.last;
    expect(data).toBeUndefined();
    expect(loading).toBe(false);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ name: 'NetworkError', status: 500, url: url5, message: `${url5}: Server Error` });
    expect(error).not.toBe(rest.selectError(store.getState(), getPost, p5));
    expect(caught).toEqual([]);
    expect(screen.getByText(`dle error ${url5}: Server Error`)).toBeTruthy();
  });

  test('a fresh error is not refetched; after it expires, the next render refetches with loading true', async () => {
    const { store, rest } = setup({ gc: false });
    await stored(store, rest, {}, { init: serverError }); // error expires at 2000
    const seen = recorder<DLE<Post>>();
    const view = renderWith(store, <DLEProbe args={p5} seen={seen} />);
    await settle();
    expect(seen.last).toMatchObject({ data: undefined, loading: false });
    expect(seen.last.error).toBeInstanceOf(NetworkError);
    expect(net.count).toBe(1);
    jest.setSystemTime(2001);
    rerenderWith(view, store, <DLEProbe args={{ group: 'react', id: 5 }} seen={seen} />);
    expect(seen.last.loading).toBe(true);
    const request = await net.nth(2);
    request.reply(post5);
    await settle();
    expect(seen.last).toMatchObject({ data: expect.any(Post), loading: false, error: undefined });
  });

  test('loading is true while data is undefined and a request for the key, started elsewhere, is in flight', async () => {
    const { store, rest } = setup({ gc: false });
    const promise = store.dispatch(rest.fetch(getPost, p5));
    const seen = recorder<DLE<Post>>();
    renderWith(store, <DLEProbe args={p5} seen={seen} />);
    expect(seen.values[0]).toMatchObject({ data: undefined, loading: true, error: undefined });
    (await net.nth(1)).reply(post5);
    await act(async () => {
      await promise;
    });
    expect(seen.last.loading).toBe(false);
    expect(seen.last.data?.title).toBe('hi');
    expect(net.count).toBe(1);
  });

  test('after invalidate, a mounted useDLE refetches and reports loading until the answer', async () => {
    const { store, rest } = setup({ gc: false });
    await stored(store, rest, post5);
    const seen = recorder<DLE<Post>>();
    renderWith(store, <DLEProbe args={p5} seen={seen} />);
    expect(seen.last.data?.title).toBe('hi');
    await act(async () => {
      store.dispatch(rest.invalidate(getPost, p5));
    });
    expect(seen.last).toMatchObject({ data: undefined, loading: true, error: undefined });
    (await net.nth(2)).reply({ ...post5, title: 'again' });
    await settle();
    expect(seen.last.data?.title).toBe('again');
    expect(seen.last.loading).toBe(false);
  });

  test('loading stays false while stale data is revalidated in the background', async () => {
    const { store, rest } = setup({ gc: false });
    await stored(store, rest, post5);
    const seen = recorder<DLE<Post>>();
    const view = renderWith(store, <DLEProbe args={p5} seen={seen} />);
    jest.setSystemTime(61_001);
    rerenderWith(view, store, <DLEProbe args={{ group: 'react', id: 5 }} seen={seen} />);
    await settle();
    expect(net.count).toBe(2);
    expect(rest.selectResponse(store.getState(), getPost, p5).isFetching).toBe(true);
    expect(seen.last).toMatchObject({ data: expect.any(Post), loading: false, error: undefined });
    expect(seen.values.every((value) => value.loading === false)).toBe(true);
    (await net.nth(2)).reply({ ...post5, title: 'fresh' });
    await settle();
    expect(seen.last.data?.title).toBe('fresh');
  });

  test('data and a fresh error: both are returned, with errorPolicy "soft" too', async () => {
    const { store, rest } = setup({ gc: false });
    await stored(store, rest, post5);
    await stored(store, rest, post5, { endpoint: softGet, args: p6 });
    jest.setSystemTime(61_001);
    await stored(store, rest, {}, { init: serverError });
    await stored(store, rest, {}, { init: serverError, endpoint: softGet, args: p6 });
    const hard = recorder<DLE<Post>>();
    const soft = recorder<DLE<Post>>();
    renderWith(
      store,
      <>
        <DLEProbe args={p5} seen={hard} />
        <SoftDLE args={p6} seen={soft} />
      </>,
    );
    await settle();
    expect(hard.last.data?.title).toBe('hi');
    expect(hard.last.loading).toBe(false);
    expect(hard.last.error).toBeInstanceOf(NetworkError);
    expect(soft.last.data?.title).toBe('hi');
    expect(soft.last.error).toBeInstanceOf(NetworkError);
    expect(soft.last.status).toBe('rejected');
    expect(net.count).toBe(4);
  });

  test('a failed poll keeps the data and exposes its error with status rejected; the next successful poll clears it', async () => {
    const { store } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    function LivePost() {
      useSubscription(polled, p5);
      const { data, error } = seen.record(useDLE(polled, p5));
      return <p>{error ? `failed: ${error.message}` : `title ${data?.title ?? 'none'}`}</p>;
    }
    renderWith(store, <LivePost />);
    (await net.nth(1)).reply(post5);
    await settle();
    expect(screen.getByText('title hi')).toBeTruthy();
    await tick(1000);
    (await net.nth(2)).reply({ message: 'down' }, serverError);
    await settle();
    expect(seen.last).toMatchObject({ status: 'rejected', data: { title: 'hi' }, isFetching: false });
    expect(seen.last.error).toBeInstanceOf(NetworkError);
    expect(seen.last.error).toMatchObject({ status: 500, body: { message: 'down' } });
    expect(screen.getByText(`failed: ${seen.last.error!.message}`)).toBeTruthy();
    await tick(1000);
    (await net.nth(3)).reply({ ...post5, title: 'back' });
    await settle();
    expect(seen.last).toMatchObject({ status: 'fulfilled', error: undefined, data: { title: 'back' } });
    expect(screen.getByText('title back')).toBeTruthy();
    expect(net.count).toBe(3);
  });

  test('the object keeps its reference while data, loading and error are unchanged', async () => {
    const { store, rest } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    let bump!: () => void;
    function Parent() {
      const [, force] = useReducer((n: number) => n + 1, 0);
      bump = force;
      return <DLEProbe args={{ group: 'react', id: 5 }} seen={seen} />;
    }
    renderWith(store, <Parent />);
    const loading = seen.last;
    act(() => bump());
    await settle(); // the pending action is committed meanwhile
    expect(seen.last).toBe(loading);
    (await net.nth(1)).reply(post5);
    await settle();
    const loaded = seen.last;
    expect(loaded).not.toBe(loading);
    const count = seen.values.length;
    for (let i = 0; i < 3; i++) act(() => bump());
    // An unrelated write re-reads the key too.
    await stored(store, rest, post6, { args: p6 });
    act(() => bump());
    expect(seen.values.length).toBeGreaterThan(count);
    expect(seen.values.slice(count - 1).every((value) => value === loaded)).toBe(true);
    // An error: a new object, then that one is kept too.
    jest.setSystemTime(61_001);
    await act(async () => {
      store.dispatch(rest.setError(getPost, p5, new Error('bad')));
    });
    const failed = seen.last;
    expect(failed).not.toBe(loaded);
    expect(failed.error?.message).toBe('bad');
    const failedCount = seen.values.length;
    for (let i = 0; i < 2; i++) act(() => bump());
    expect(seen.values.length).toBe(failedCount + 2);
    expect(seen.values.slice(failedCount - 1).every((value) => value === failed)).toBe(true);
  });

  // Preloaded pending ids belong to no request of this store; before the middleware has
  // seen an action (so before middlewareRegistered drops them) they are still in the slice.
  test('pending ids preloaded from another store are no request in flight: loading is false', async () => {
    const rest = createRest({ gc: false });
    const meta = { [K.post5]: { fetchedAt: 900, date: 950, expiresAt: 5000, error: { name: 'Error', message: 'bad', status: 500 }, pending: ['server-request'] } };
    const store = makeStore(rest, { preloadedState: { [rest.reducerPath]: { ...INITIAL, meta } } });
    const seen = recorder<DLE<Post>>();
    renderWith(store, <DLEProbe args={p5} seen={seen} />);
    await settle();
    expect(net.count).toBe(0); // the error is fresh: nothing is started
    expect(seen.last.error?.message).toBe('bad');
    expect(seen.last.loading).toBe(false);
  });

  test('with null: { data: undefined, loading: false, error: undefined }, and no request', async () => {
    const { store, actions } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    const view = renderWith(store, <DLEProbe args={null} seen={seen} />);
    await settle();
    rerenderWith(view, store, <DLEProbe args={null} seen={seen} />);
    expect(seen.values.length).toBe(2);
    for (const value of seen.values) expect(value).toMatchObject({ data: undefined, loading: false, error: undefined });
    expect(seen.values[1]).toBe(seen.values[0]);
    expect(net.count).toBe(0);
    expect(actions).toEqual([]);
  });
});

describe('useDLE: data and currentData while the arguments change', () => {
  const pages = PostResource.getList.extend({ name: 'pages', searchParams: {} as { author?: string; page?: number } });
  function Page({ page, seen }: { page: number; seen: { record(value: DLE<Post[]>): DLE<Post[]> } }) {
    const { data, isLoading, isFetching } = seen.record(useDLE(pages, { group: 'react', page }));
    if (isLoading) return <p>Loading</p>;
    return <p>{`${data?.map((post) => post.title).join(', ')}${isFetching ? ' (fetching)' : ''}`}</p>;
  }

  test('the next page keeps the last result in data, with isFetching and without isLoading; currentData is the current page only', async () => {
    const { store } = setup({ gc: false });
    const seen = recorder<DLE<Post[]>>();
    const view = renderWith(store, <Page page={1} seen={seen} />);
    expect(screen.getByText('Loading')).toBeTruthy();
    (await net.nth(1)).reply([post5]);
    await settle();
    expect(screen.getByText('hi')).toBeTruthy();
    const page1 = seen.last.data;
    rerenderWith(view, store, <Page page={2} seen={seen} />);
    await settle();
    // Page 1 stays on screen while page 2 loads: no "Loading" flash.
    expect(screen.getByText('hi (fetching)')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(seen.last).toMatchObject({ data: page1, currentData: undefined, isFetching: true, isLoading: false, loading: false });
    (await net.nth(2)).reply([post6]);
    await settle();
    expect(screen.getByText('six')).toBeTruthy();
    expect(seen.last.data).toBe(seen.last.currentData);
    expect(seen.last.currentData?.map((post) => post.id)).toEqual([6]);
    // Back to page 1, still stored: data and currentData are page 1 at once.
    rerenderWith(view, store, <Page page={1} seen={seen} />);
    expect(seen.last.currentData).toBe(page1);
  });

  test('the kept data follows the store: a reset (logout) drops it, so it is never shown over another session', async () => {
    const { store, rest } = setup({ gc: false });
    const seen = recorder<DLE<Post[]>>();
    const view = renderWith(store, <Page page={1} seen={seen} />);
    (await net.nth(1)).reply([post5]);
    await settle();
    rerenderWith(view, store, <Page page={2} seen={seen} />);
    await settle();
    expect(seen.last.data?.map((post) => post.id)).toEqual([5]);
    act(() => void store.dispatch(rest.resetEntireStore()));
    await settle();
    expect(seen.last).toMatchObject({ data: undefined, currentData: undefined, isLoading: true });
    expect(screen.getByText('Loading')).toBeTruthy();
  });

  test('with null arguments data and currentData are undefined', async () => {
    const { store } = setup({ gc: false });
    const seen = recorder<DLE<Post>>();
    function Probe({ args }: { args: Params | null }) {
      seen.record(useDLE(getPost, args));
      return null;
    }
    const view = await renderAnswered(store, <Probe args={p5} />);
    expect(seen.last.currentData).toBeInstanceOf(Post);
    rerenderWith(view, store, <Probe args={null} />);
    expect(seen.last).toMatchObject({ data: undefined, currentData: undefined, isFetching: false });
  });
});

// -------------------------------------------------------------------------------------------------
// useCache

describe('useCache', () => {
  function Cache({ args, seen }: { args: Params | null; seen: { record(value: Post | undefined): Post | undefined } }) {
    const post = seen.record(useCache(getPost, args));
    return <p>{post === undefined ? 'cache none' : `cache ${post.title}`}</p>;
  }
  function StrictCache({ args, seen }: { args: Params; seen: { record(value: Post | undefined): Post | undefined } }) {
    seen.record(useCache(strictGet, args));
    return null;
  }

  test('never fetches: undefined when nothing is stored, however often it renders', async () => {
    const { store, actions } = setup({ gc: false });
    const seen = recorder<Post | undefined>();
    const view = renderWith(store, <Cache args={p5} seen={seen} />, { strict: true });
    await settle();
    rerenderWith(view, store, <Cache args={{ group: 'react', id: 5 }} seen={seen} />, { strict: true });
    await settle();
    expect(seen.values.length).toBeGreaterThanOrEqual(2);
    expect(seen.values.every((value) => value === undefined)).toBe(true);
    expect(screen.getByText('cache none')).toBeTruthy();
    expect(net.count).toBe(0);
    expect(actions).toEqual([]);
  });

  test('returns selectData for the key, and follows writes made by others', async () => {
    const { store, rest } = setup({ gc: false });
    const seen = recorder<Post | undefined>();
    renderWith(store, <Cache args={p5} seen={seen} />);
    expect(seen.last).toBeUndefined();
    await stored(store, rest, post5);
    expect(seen.last).toBeInstanceOf(Post);
    expect(seen.last).toBe(rest.selectData(store.getState(), getPost, p5));
    expect(screen.getByText('cache hi')).toBeTruthy();
    expect(net.count).toBe(1);
  });

  test('stale data (without invalidIfStale) is returned and not refetched', async () => {
    const { store, rest } = setup({ gc: false });
    await stored(store, rest, post5);
    jest.setSystemTime(120_000);
    const seen = recorder<Post | undefined>();
    renderWith(store, <Cache args={p5} seen={seen} />);
    await settle();
    expect(rest.selectResponse(store.getState(), getPost, p5).expiryStatus).toBe('stale');
    expect(seen.last?.title).toBe('hi');
    expect(net.count).toBe(1);
  });

  test('undefined once the key is invalidated (rest.invalidate), with no refetch', async () => {
    const { store, rest } = setup({ gc: false });
    await stored(store, rest, post5);
    const seen = recorder<Post | undefined>();
    renderWith(store, <Cache args={p5} seen={seen} />);
    expect(seen.last?.title).toBe('hi');
    await act(async () => {
      store.dispatch(rest.invalidate(getPost, p5));
    });
    await settle();
    expect(seen.last).toBeUndefined();
    expect(screen.getByText('cache none')).toBeTruthy();
    expect(net.count).toBe(1);
  });

  test('undefined once the entity is tombstoned by a delete, with no refetch', async () => {
    const { store, rest } = setup({ gc: false });
    await stored(store, rest, post5);
    const seen = recorder<Post | undefined>();
    renderWith(store, <Cache args={p5} seen={seen} />);
    expect(seen.last?.title).toBe('hi');
    const deleting = store.dispatch(rest.fetch(PostResource.delete, p5));
    (await net.nth(2)).reply(null, { status: 204 });
    await act(async () => {
      await deleting;
    });
    await settle();
    expect(seen.last).toBeUndefined();
    expect(net.count).toBe(2);
  });

  test('with invalidIfStale, stale data reads undefined (mounted after expiry, or re-rendered after it)', async () => {
    const { store, rest } = setup({ gc: false });
    await stored(store, rest, post5, { endpoint: strictGet });
    const mountedEarly = recorder<Post | undefined>();
    const view = renderWith(store, <StrictCache args={p5} seen={mountedEarly} />);
    expect(mountedEarly.last?.title).toBe('hi');
    jest.setSystemTime(61_001);
    rerenderWith(view, store, <StrictCache args={{ group: 'react', id: 5 }} seen={mountedEarly} />);
    expect(mountedEarly.last).toBeUndefined();
    view.unmount();
    const mountedLate = recorder<Post | undefined>();
    renderWith(store, <StrictCache args={p5} seen={mountedLate} />);
    await settle();
    expect(mountedLate.values).toEqual([undefined]);
    expect(net.count).toBe(1);
  });

  test('with null it returns undefined even when the key has data', async () => {
    const { store, rest } = setup({ gc: false });
    await stored(store, rest, post5);
    const seen = recorder<Post | undefined>();
    renderWith(store, <Cache args={null} seen={seen} />);
    await settle();
    expect(seen.values).toEqual([undefined]);
    expect(net.count).toBe(1);
  });
});

describe('the refetch after a dispatch', () => {
  test('a zero dataExpiryLength does not make a mounted hook refetch its own writes in a loop', async () => {
    let clock = 1000;
    // A clock that moves on every read: each write is already expired when it is looked at.
    const { rest, store } = setupWithClock(() => (clock += 1));
    const zero = PostResource.get.extend({ dataExpiryLength: 0 });
    net.autoRespond(() => new Response(JSON.stringify(post5), { headers: { 'content-type': 'application/json' } }));
    function Reader() {
      const { data } = useDLE(zero, p5);
      return <p>{data?.title ?? '-'}</p>;
    }
    renderWith(store, <Reader />);
    await settle(20);
    expect(screen.getByText('hi')).toBeTruthy();
    // The render after the first answer finds it expired and revalidates once; that write
    // renders nothing new and triggers nothing.
    const settled = net.count;
    expect(settled).toBeLessThanOrEqual(2);
    await settle(20);
    expect(net.count).toBe(settled);
    // expireAll still makes it refetch, once.
    act(() => {
      store.dispatch(rest.expireAll(zero));
    });
    await settle(20);
    expect(net.count).toBe(settled + 1);
  });
});

function setupWithClock(now: () => number) {
  const rest = createRest({ gc: false, now });
  const store = makeStore(rest);
  store.dispatch({ type: 'test/ready' });
  return { rest, store };
}
