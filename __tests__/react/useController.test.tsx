import { act, screen } from '@testing-library/react';
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { hookifyResource, NetworkError } from 'rtk-rest';
import { useController, useDLE, useSuspense } from 'rtk-rest/react';
import type { RestController } from 'rtk-rest/react';
import {
  A,
  ann,
  Async,
  fetchAnswered,
  K,
  net,
  outcome,
  p5,
  p6,
  Post,
  post5,
  post6,
  PostResource,
  react,
  recorder,
  renderAnswered,
  renderWith,
  rerenderWith,
  settle,
  setup,
  sliceOf,
  useTestEnvironment,
} from './support';

// useController, "a mutation updates every mounted view", and hookifyResource with a token
// from context.
useTestEnvironment();

const NAMES = ['fetch', 'fetchIfStale', 'invalidate', 'invalidateAll', 'expireAll', 'resetEntireStore', 'setResponse', 'setError', 'set', 'subscribe'] as const;

describe('useController', () => {
  test('has exactly the ten members, and is the same object across renders and components for one store', () => {
    const { store } = setup({ gc: false });
    const other = setup({ gc: false }).store;
    const seen = recorder<RestController>();
    function Probe() {
      seen.record(useController());
      return null;
    }
    const view = renderWith(
      store,
      <>
        <Probe />
        <Probe />
      </>,
      { strict: true },
    );
    const controller = seen.values[0]!;
    expect(Object.keys(controller).sort()).toEqual([...NAMES].sort());
    for (const name of NAMES) expect(typeof controller[name]).toBe('function');
    rerenderWith(
      view,
      store,
      <>
        <Probe />
        <Probe />
      </>,
      { strict: true },
    );
    expect(seen.values.length).toBeGreaterThanOrEqual(4);
    expect(seen.values.every((value) => value === controller)).toBe(true);
    // Another store: another object, bound to that store.
    const otherView = renderWith(other, <Probe />);
    expect(seen.last).not.toBe(controller);
    otherView.unmount();
  });

  test('each member dispatches rest.<name>(...args) and returns what that dispatch returns', async () => {
    const { rest, store } = setup({ gc: false });
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6]);
    // Record every thunk each creator makes and what dispatching it returned.
    const returned: Record<string, unknown[]> = {};
    for (const name of NAMES) {
      const original = rest[name] as (...args: unknown[]) => (...thunkArgs: unknown[]) => unknown;
      returned[name] = [];
      jest.spyOn(rest, name).mockImplementation(((...args: unknown[]) => {
        const thunk = original(...args);
        return (...thunkArgs: unknown[]) => {
          const value = thunk(...thunkArgs);
          returned[name]!.push(value);
          return value;
        };
      }) as any);
    }
    let controller!: RestController;
    function Probe() {
      controller = useController();
      return null;
    }
    renderWith(store, <Probe />);

    // fetch: a promise of the data.
    const fetched = controller.fetch(PostResource.get, p5);
    expect(rest.fetch).toHaveBeenLastCalledWith(PostResource.get, p5);
    expect(fetched).toBe(returned.fetch![0]);
    expect(fetched).toBeInstanceOf(Promise);
    (await net.nth(2)).reply({ ...post5, title: 'refetched' });
    const data = await fetched;
    expect(data).toBeInstanceOf(Post);
    expect(data.title).toBe('refetched');
    expect(data).toEqual(rest.selectData(store.getState(), PostResource.get, p5));

    // fetchIfStale: fresh, so at once from the cache.
    const cached = controller.fetchIfStale(PostResource.get, p5);
    expect(cached).toBe(returned.fetchIfStale![0]);
    expect(await cached).toBe(rest.selectData(store.getState(), PostResource.get, p5));
    expect(await cached).toEqual(data);
    expect(net.count).toBe(2);

    // subscribe: an unsubscribe function.
    const unsubscribe = controller.subscribe(PostResource.get, p6);
    expect(typeof unsubscribe).toBe('function');
    expect(unsubscribe).toBe(returned.subscribe![0]);
    unsubscribe();

    // The void thunks: their dispatch returns undefined, and their effect is in the store.
    act(() => {
      expect(controller.setResponse(PostResource.get, p6, { ...post6, title: 'set response' })).toBe(returned.setResponse![0]);
    });
    expect(rest.selectData(store.getState(), PostResource.get, p6)?.title).toBe('set response');
    act(() => {
      expect(controller.set(Post, { id: 6 }, { ...post6, title: 'set' })).toBe(returned.set![0]);
    });
    expect(rest.selectQuery(store.getState(), Post, 6)?.title).toBe('set');
    act(() => {
      expect(controller.setError(PostResource.get, { group: 'react', id: 9 }, new NetworkError(new Response(null, { status: 404 }), 'https://x'))).toBe(returned.setError![0]);
    });
    expect(rest.selectError(store.getState(), PostResource.get, { group: 'react', id: 9 })).toMatchObject({ name: 'NetworkError', status: 404 });
    act(() => {
      expect(controller.expireAll(PostResource.getList)).toBe(returned.expireAll![0]);
    });
    expect(rest.selectResponse(store.getState(), PostResource.getList, react).expiryStatus).toBe('stale');
    act(() => {
      expect(controller.invalidate(PostResource.get, p5)).toBe(returned.invalidate![0]);
    });
    expect(rest.selectResponse(store.getState(), PostResource.get, p5).expiryStatus).toBe('invalid');
    act(() => {
      expect(controller.invalidateAll(PostResource.getList)).toBe(returned.invalidateAll![0]);
    });
    expect(rest.selectResponse(store.getState(), PostResource.getList, react).expiryStatus).toBe('invalid');
    jest.setSystemTime(5000);
    act(() => {
      expect(controller.resetEntireStore()).toBe(returned.resetEntireStore![0]);
    });
    expect(sliceOf(rest, store.getState()).lastReset).toBe(5000);
    for (const name of NAMES) expect(returned[name]).toHaveLength(1);
  });

  test('fetch rejects like dispatch(rest.fetch(...)) does, with the real error', async () => {
    const { store } = setup({ gc: false });
    let controller!: RestController;
    function Probe() {
      controller = useController();
      return null;
    }
    renderWith(store, <Probe />);
    const fetched = controller.fetch(PostResource.update, p5, { title: 'x' });
    (await net.nth(1)).reply({}, { status: 500 });
    const result = await outcome(fetched);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toBeInstanceOf(NetworkError);
  });
});

describe('issue: a mutation through useController().fetch updates every mounted view', () => {
  function PostView() {
    const post = useSuspense(PostResource.get, p5);
    return <h1>{post.title}</h1>;
  }
  function ListView() {
    const posts = useSuspense(PostResource.getList, react);
    return (
      <ul>
        {posts.map((post) => (
          <li key={post.id}>{post.title}</li>
        ))}
      </ul>
    );
  }
  function DLEView() {
    const { data } = useDLE(PostResource.get, p5);
    return <p>dle: {data?.title ?? 'none'}</p>;
  }
  let controller!: RestController;
  function Controls() {
    controller = useController();
    return null;
  }

  async function mount() {
    const { rest, store } = setup({ gc: false });
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6]);
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    renderWith(
      store,
      <>
        <Controls />
        <Async>
          <PostView />
        </Async>
        <Async>
          <ListView />
        </Async>
        <DLEView />
      </>,
    );
    expect(screen.getByRole('heading').textContent).toBe('hi');
    expect(items()).toEqual(['hi', 'six']);
    expect(screen.getByText('dle: hi')).toBeTruthy();
    return { rest, store };
  }

  const items = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

  /** Sends a mutation through the controller and answers it with `body`. */
  async function mutate<T>(send: () => Promise<T>, body: unknown, status?: number): Promise<T> {
    let promise!: Promise<T>;
    act(() => {
      promise = send();
    });
    const request = await net.nth(net.count + 1);
    request.reply(body, status === undefined ? undefined : { status });
    await settle();
    return promise;
  }

  test('partialUpdate updates the detail view, the list and useDLE', async () => {
    await mount();
    const result = await mutate(() => controller.fetch(PostResource.partialUpdate, p5, { title: 'patched' }), { id: 5, title: 'patched', author: ann });
    expect(result.title).toBe('patched');
    expect(net.requests[net.count - 1]!.method).toBe('PATCH');
    expect(screen.getByRole('heading').textContent).toBe('patched');
    expect(items()).toEqual(['patched', 'six']);
    expect(screen.getByText('dle: patched')).toBeTruthy();
  });

  test('update updates every view', async () => {
    await mount();
    await mutate(() => controller.fetch(PostResource.update, p5, { title: 'updated' }), { id: 5, title: 'updated', author: ann });
    expect(net.requests[net.count - 1]!.method).toBe('PUT');
    expect(screen.getByRole('heading').textContent).toBe('updated');
    expect(items()).toEqual(['updated', 'six']);
    expect(screen.getByText('dle: updated')).toBeTruthy();
  });

  test('getList.push appends the created post to the mounted list and resolves to it', async () => {
    await mount();
    const created = await mutate(() => controller.fetch(PostResource.getList.push, react, { title: 'new' }), { id: 7, title: 'new', author: ann });
    expect(net.requests[net.count - 1]!.method).toBe('POST');
    expect(created).toBeInstanceOf(Post);
    expect(created.id).toBe(7);
    expect(items()).toEqual(['hi', 'six', 'new']);
    expect(screen.getByRole('heading').textContent).toBe('hi');
  });

  test('delete removes the post from the list, and the detail view refetches it (tombstoned → invalid)', async () => {
    await mount();
    await mutate(() => controller.fetch(PostResource.delete, p5), null, 204);
    expect(`${net.requests[2]!.method} ${net.requests[2]!.url}`).toBe(`DELETE ${A}/react/posts/5`);
    expect(items()).toEqual(['six']);
    expect(screen.getByText('dle: none')).toBeTruthy();
    // The detail view suspends and refetches (a tombstoned top-level entity).
    expect(screen.getAllByText('loading')).toHaveLength(1);
    const refetch = await net.nth(4);
    expect(`${refetch.method} ${refetch.url}`).toBe(K.post5);
  });
});

describe('hookifyResource with a token from context', () => {
  const TokenContext = createContext('token-1');
  const { useGet, useUpdate, useGetList } = hookifyResource(PostResource, () => ({ headers: { 'Access-Token': useContext(TokenContext) } }));

  function Tree({ token, children }: { token: string; children?: ReactNode }) {
    return (
      <TokenContext.Provider value={token}>
        <Async>{children}</Async>
      </TokenContext.Provider>
    );
  }

  test('useSuspense(useGet(), params) sends the token from context and shows the data', async () => {
    const { store } = setup({ gc: false });
    function PostView(props: { group: string; id: number }) {
      const post = useSuspense(useGet(), props);
      return <h1>{post.title}</h1>;
    }
    renderWith(
      store,
      <Tree token="secret-1">
        <PostView group="react" id={5} />
      </Tree>,
    );
    const request = await net.nth(1);
    expect(`${request.method} ${request.url}`).toBe(K.post5);
    expect(request.headers['access-token']).toBe('secret-1');
    request.reply(post5);
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('hi');
  });

  test('the same endpoint object while the token is the same; a new token gives a new endpoint with the same key and no refetch', async () => {
    const { store } = setup({ gc: false });
    const endpoints = recorder<ReturnType<typeof useGet>>();
    function PostView() {
      const endpoint = endpoints.record(useGet());
      const post = useSuspense(endpoint, { group: 'react', id: 5 });
      return <h1>{post.title}</h1>;
    }
    const view = await renderAnswered(
      store,
      <Tree token="secret-1">
        <PostView />
      </Tree>,
    );
    const first = endpoints.last;
    rerenderWith(
      view,
      store,
      <Tree token="secret-1">
        <PostView />
      </Tree>,
    );
    expect(endpoints.last).toBe(first);
    rerenderWith(
      view,
      store,
      <Tree token="secret-2">
        <PostView />
      </Tree>,
    );
    await settle();
    expect(endpoints.last).not.toBe(first);
    expect(endpoints.last.key({ group: 'react', id: 5 })).toBe(K.post5);
    // More new endpoint objects with the same key, one per render.
    for (const token of ['secret-3', 'secret-4', 'secret-1']) {
      const previous = endpoints.last;
      rerenderWith(
        view,
        store,
        <Tree token={token}>
          <PostView />
        </Tree>,
      );
      expect(endpoints.last).not.toBe(previous);
    }
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('hi');
    expect(screen.queryByText('loading')).toBeNull();
    expect(net.count).toBe(1);
  });

  test('a member added with extend gets its hook (usePublish), whose endpoint carries the token', async () => {
    const { store } = setup({ gc: false });
    const Extended = PostResource.extend('publish', { path: '/:group/posts/:id/publish', method: 'POST' });
    const { usePublish } = hookifyResource(Extended, () => ({ headers: { 'Access-Token': useContext(TokenContext) } }));
    let publish!: () => Promise<Post>;
    function Publisher() {
      const endpoint = usePublish();
      const { fetch } = useController();
      publish = () => fetch(endpoint, p5, {});
      return null;
    }
    renderWith(
      store,
      <Tree token="secret-5">
        <Publisher />
      </Tree>,
    );
    let published!: Promise<Post>;
    act(() => {
      published = publish();
    });
    const request = await net.nth(1);
    expect(`${request.method} ${request.url}`).toBe(`POST ${A}/react/posts/5/publish`);
    expect(request.headers['access-token']).toBe('secret-5');
    request.reply({ ...post5, title: 'published' });
    await settle();
    expect((await published).title).toBe('published');
  });

  test('a mutation through useController().fetch(useUpdate(), ...) carries the token and updates the views', async () => {
    const { rest, store } = setup({ gc: false });
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6]);
    let save!: (title: string) => Promise<Post>;
    function Editor() {
      const update = useUpdate();
      const list = useSuspense(useGetList(), react);
      const { fetch } = useController();
      save = (title) => fetch(update, p5, { title });
      return <p>{list.map((post) => post.title).join(',')}</p>;
    }
    renderWith(
      store,
      <Tree token="secret-3">
        <Editor />
      </Tree>,
    );
    expect(screen.getByText('hi,six')).toBeTruthy();
    let saved!: Promise<Post>;
    act(() => {
      saved = save('saved');
    });
    const request = await net.nth(2);
    expect(`${request.method} ${request.url}`).toBe(`PUT ${A}/react/posts/5`);
    expect(request.headers['access-token']).toBe('secret-3');
    expect(JSON.parse(String(request.init.body))).toEqual({ title: 'saved' });
    request.reply({ id: 5, title: 'saved', author: ann });
    await settle();
    expect((await saved).title).toBe('saved');
    expect(screen.getByText('saved,six')).toBeTruthy();
  });

  // The key alone identifies the request, but a request goes out with the endpoint of the
  // render that starts it, so a new token reaches the next fetch.
  test('after the token changes, the next request for the key carries the new token', async () => {
    const { store } = setup({ gc: false });
    function PostView() {
      const post = useSuspense(useGet(), p5);
      return <h1>{post.title}</h1>;
    }
    const view = await renderAnswered(
      store,
      <Tree token="old-token">
        <PostView />
      </Tree>,
    );
    rerenderWith(
      view,
      store,
      <Tree token="new-token">
        <PostView />
      </Tree>,
    );
    expect(net.count).toBe(1);
    // The data goes stale; the next render revalidates it in the background.
    jest.setSystemTime(Date.now() + 60_001);
    rerenderWith(
      view,
      store,
      <Tree token="new-token">
        <PostView />
      </Tree>,
    );
    const refetch = await net.nth(2);
    expect(refetch.headers['access-token']).toBe('new-token');
  });
});
