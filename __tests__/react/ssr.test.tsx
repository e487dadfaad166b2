import { screen } from '@testing-library/react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { Suspense, createContext, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createResource, createRest, hookifyResource, receiveRestScripts, RestEndpoint } from 'rtk-rest';
import { createRestScripts } from 'rtk-rest/server';
import { useCache, useDLE, useFetch, useLive, useQuery, useSuspense } from 'rtk-rest/react';
import { A } from '../redux/support';
import {
  fetchAnswered,
  flush,
  json,
  makeStore,
  net,
  p5,
  p6,
  polled,
  Post,
  post5,
  post6,
  PostResource,
  react,
  renderWith,
  settle,
  setup,
  useTestEnvironment,
  watchConsole,
} from './support';

// Server rendering with the hooks: a store
// preloaded with a fresh slice renders its data at once and starts no request.
useTestEnvironment();


/** A server store fetches, then its slice goes through JSON (as embedded in the page). */
async function serverSlice(): Promise<unknown> {
  const { rest, store } = setup({ gc: false });
  await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
  await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1050);
  return JSON.parse(JSON.stringify(store.getState()[rest.reducerPath]));
}

function Page() {
  const post = useSuspense(PostResource.get, p5);
  const list = useSuspense(PostResource.getList, react);
  const live = useLive(polled, p5);
  const { data, loading } = useDLE(PostResource.get, p5);
  const cached = useCache(PostResource.getList, react);
  const promise = useFetch(PostResource.get, p5);
  const queried = useQuery(Post, { id: 6 });
  return (
    <main>
      <h1>{post.title}</h1>
      <ul>
        {list.map((item) => (
          <li key={item.id}>{item.title}</li>
        ))}
      </ul>
      <p>live: {live.title}</p>
      <p>dle: {data?.title ?? 'none'} {loading ? 'loading' : 'ready'}</p>
      <p>cache: {cached?.length ?? 'none'}</p>
      <p>fetch: {promise === undefined ? 'idle' : 'fetching'}</p>
      <p>query: {queried?.title ?? 'none'}</p>
    </main>
  );
}

describe('issue: server rendering from a preloaded store', () => {
  test('renderToString on a store preloaded with fresh data renders the data and starts no fetch', async () => {
    const slice = await serverSlice();
    net.requests.length = 0;
    jest.setSystemTime(2000);
    const rest = createRest({ gc: false });
    const log: UnknownAction[] = [];
    const store = makeStore(rest, { preloadedState: { [rest.reducerPath]: slice }, log });
    const html = renderToString(
      <Provider store={store}>
        <Suspense fallback={<p>loading…</p>}>
          <Page />
        </Suspense>
      </Provider>,
    );
    await flush();
    expect(html).not.toContain('loading…');
    expect(html).toContain('<h1>hi</h1>');
    expect(html).toContain('<li>hi</li><li>six</li>');
    expect(html).toContain('live: <!-- -->hi');
    expect(html).toContain('dle: <!-- -->hi<!-- --> <!-- -->ready');
    expect(html).toContain('cache: <!-- -->2');
    expect(html).toContain('fetch: <!-- -->idle');
    expect(html).toContain('query: <!-- -->six');
    expect(net.count).toBe(0);
    expect(log.map((action) => action.type).filter((type) => type.startsWith('rest/fetch'))).toEqual([]);
  });

  test('renderToString of stale preloaded data renders it and leaves the revalidation to the browser: no request', async () => {
    const slice = await serverSlice();
    net.requests.length = 0;
    jest.setSystemTime(1040 + 60_001);
    const rest = createRest({ gc: false });
    const store = makeStore(rest, { preloadedState: { [rest.reducerPath]: slice } });
    function Title() {
      return <h1>{useSuspense(PostResource.getList, react).length} posts</h1>;
    }
    const html = renderToString(
      <Provider store={store}>
        <Suspense fallback={<p>loading…</p>}>
          <Title />
        </Suspense>
      </Provider>,
    );
    expect(html).toContain('<h1>2<!-- --> posts</h1>');
    // Only the clock makes it due: a render from the server snapshot leaves that to the client's first render.
    await flush();
    expect(net.count).toBe(0);
  });

  test('a client store created with the preloaded slice renders it at once: no request, no warning, preloaded pending ids ignored', async () => {
    const console = watchConsole();
    // The server slice also holds a request still in flight for post 6 (a pending id, no data).
    const server = setup({ gc: false });
    await fetchAnswered(server.store, server.rest.fetch(PostResource.get, p5), post5, 1040);
    void server.store.dispatch(server.rest.fetch(PostResource.get, p6));
    await net.nth(2);
    const slice = JSON.parse(JSON.stringify(server.store.getState()[server.rest.reducerPath]));
    expect(slice.meta[`GET https://api.example.com/react/posts/6`].pending).toHaveLength(1);
    const before = net.count;
    jest.setSystemTime(2000);
    const rest = createRest({ gc: false });
    // No action has reached this store before it renders (as in an app's entry point).
    const store = makeStore(rest, { preloadedState: { [rest.reducerPath]: slice } });
    function Six() {
      return <h2>{useSuspense(PostResource.get, p6).title}</h2>;
    }
    function Five() {
      return <h1>{useSuspense(PostResource.get, p5).title}</h1>;
    }
    renderWith(
      store,
      <>
        <Suspense fallback={<p>five loading</p>}>
          <Five />
        </Suspense>
        <Suspense fallback={<p>six loading</p>}>
          <Six />
        </Suspense>
      </>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('hi');
    // Post 6 has no data on the client: its preloaded pending id is not a request of this store, so it is fetched.
    expect(screen.getByText('six loading')).toBeTruthy();
    const request = await net.nth(before + 1);
    expect(request.url).toBe('https://api.example.com/react/posts/6');
    request.reply(post6);
    await settle();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('six');
    expect(net.count).toBe(before + 1);
    expect(console.errors).toEqual([]);
  });
});

const TokenContext = createContext<string | undefined>(undefined);
const PostHooks = hookifyResource(PostResource, () => {
  const token = useContext(TokenContext);
  return token ? { headers: { 'Access-Token': token } } : {};
});

function Greeting() {
  const post = useSuspense(PostHooks.useGet(), p5);
  return <h1>{post.title}</h1>;
}

/** One server request: its own store, its user's token in React context, both renders of the fetch-then-render style. */
function serverApp(rest: ReturnType<typeof createRest>, token: string) {
  const store = makeStore(rest);
  const app = (
    <Provider store={store}>
      <TokenContext.Provider value={token}>
        <Suspense fallback={<p>loading…</p>}>
          <Greeting />
        </Suspense>
      </TokenContext.Provider>
    </Provider>
  );
  return { store, app };
}

describe('server requests: a store per request', () => {
  test('settled() resolves when the reads a render started are answered; the second render has the data', async () => {
    const rest = createRest({ gc: false });
    const { store, app } = serverApp(rest, 'ann-token');
    expect(renderToString(app)).toContain('loading…');
    let done = false;
    void store.dispatch(rest.settled()).then(() => (done = true));
    await flush();
    expect(done).toBe(false);
    (await net.nth(1)).reply(post5);
    await flush();
    expect(done).toBe(true);
    expect(renderToString(app)).toContain('<h1>hi</h1>');
    expect(net.count).toBe(1);
  });

  test('two concurrent requests of different users, with identical reads in flight at once, each see only their own data', async () => {
    // One instance for the app, as a module exports it; one store per request.
    const rest = createRest({ gc: false });
    const ann = serverApp(rest, 'ann-token');
    const bob = serverApp(rest, 'bob-token');
    renderToString(ann.app);
    renderToString(bob.app);
    const annSettled = ann.store.dispatch(rest.settled());
    const bobSettled = bob.store.dispatch(rest.settled());
    // Same key, both in flight: neither store joins the other's request.
    const [first, second] = [await net.nth(1), await net.nth(2)];
    expect(net.count).toBe(2);
    expect([first.url, second.url]).toEqual(['https://api.example.com/react/posts/5', 'https://api.example.com/react/posts/5']);
    expect([first.headers['access-token'], second.headers['access-token']]).toEqual(['ann-token', 'bob-token']);
    // Answered in the other order: each answer is for the token that asked for it.
    second.reply({ id: 5, title: "bob's draft", author: post5.author });
    first.reply({ id: 5, title: "ann's draft", author: post5.author });
    await Promise.all([annSettled, bobSettled]);
    const annHtml = renderToString(ann.app);
    const bobHtml = renderToString(bob.app);
    expect(annHtml).toContain('<h1>ann&#x27;s draft</h1>');
    expect(annHtml).not.toContain('bob');
    expect(bobHtml).toContain('<h1>bob&#x27;s draft</h1>');
    expect(bobHtml).not.toContain('ann');
    expect(JSON.stringify(ann.store.getState())).not.toContain('bob');
    expect(JSON.stringify(bob.store.getState())).not.toContain("ann's");
    expect(net.count).toBe(2);
  });
});

describe('reads that start only once another answer is there', () => {
  const getViews = new RestEndpoint({ urlPrefix: A, path: '/:group/posts/:id/views', schema: { count: 0 } });
  /** The list, then the view count of its first post: the second read starts only once the list is in. */
  function Chained() {
    const list = useSuspense(PostResource.getList, react);
    const views = useSuspense(getViews, { ...react, id: list[0]!.id });
    return <h1>{list[0]!.title}: {views.count} views</h1>;
  }

  test('render and settle until a round changes nothing: the page of a chain of reads has all its data', async () => {
    const rest = createRest({ gc: false });
    const store = makeStore(rest);
    const app = (
      <Provider store={store}>
        <Suspense fallback={<p>loading…</p>}>
          <Chained />
        </Suspense>
      </Provider>
    );
    net.autoRespond((request) => json(request.url.endsWith('/posts') ? [post5, post6] : { count: 3 }));
    // One round is not enough: the detail's read starts in the second render.
    renderToString(app);
    await store.dispatch(rest.settled());
    expect(renderToString(app)).toContain('loading…');
    // The loop docs/server-rendering.md shows.
    let html = renderToString(app);
    for (let round = 0; round < 5; round++) {
      const before = store.getState()[rest.reducerPath];
      await store.dispatch(rest.settled());
      if (store.getState()[rest.reducerPath] === before) break;
      html = renderToString(app);
    }
    expect(html).toContain('<h1>hi<!-- -->: <!-- -->3<!-- --> views</h1>');
    expect(net.count).toBe(2);
  });
});

describe('keys independent of the origin: keyPrefix', () => {
  const resourceAt = (urlPrefix: string) => createResource({ urlPrefix, keyPrefix: 'api:', path: '/:group/posts/:id', schema: Post });

  test('a slice fetched at http://internal:3000 is used, with no request, by a client store whose prefix is https://public.example', async () => {
    const onServer = resourceAt('http://internal:3000');
    const server = setup({ gc: false });
    await fetchAnswered(server.store, server.rest.fetch(onServer.get, p5), post5, 1040);
    expect(net.requests[0]!.url).toBe('http://internal:3000/react/posts/5');
    const slice = JSON.parse(JSON.stringify(server.store.getState()[server.rest.reducerPath]));
    const console = watchConsole();
    jest.setSystemTime(2000);
    const inBrowser = resourceAt('https://public.example');
    const rest = createRest({ gc: false });
    const store = makeStore(rest, { preloadedState: { [rest.reducerPath]: slice } });
    function Title() {
      return <h1>{useSuspense(inBrowser.get, p5).title}</h1>;
    }
    renderWith(
      store,
      <Suspense fallback={<p>loading…</p>}>
        <Title />
      </Suspense>,
    );
    expect(screen.getByRole('heading').textContent).toBe('hi');
    await settle();
    expect(net.count).toBe(1);
    // Once stale, the browser revalidates at its own origin, under the same key.
    jest.setSystemTime(1040 + 60_001);
    void store.dispatch(rest.fetchIfStale(inBrowser.get, p5));
    (await net.nth(2)).reply({ ...post5, title: 'fresh' });
    await settle();
    expect(net.requests[1]!.url).toBe('https://public.example/react/posts/5');
    expect(screen.getByRole('heading').textContent).toBe('fresh');
    expect(console.errors).toEqual([]);
  });
});

describe('fetch, then render, with failed keys left to the browser', () => {
  test("the first script of createRestScripts carries what the server fetched but not a failed key, whose error names the server's address", async () => {
    const server = setup({ gc: false });
    await fetchAnswered(server.store, server.rest.fetch(PostResource.get, p5), post5, 1040);
    await fetchAnswered(server.store, server.rest.fetch(PostResource.get, p6), { message: 'down' }, 1050, { status: 500 }).catch(() => undefined);
    expect(server.rest.selectError(server.store.getState(), PostResource.get, p6)).toBeDefined();
    const script = createRestScripts(server.store)();
    expect(script).toContain('"hi"');
    expect(script).not.toContain('/react/posts/6');
    // In the browser: the script runs before the client store exists, then the store receives it.
    window.eval(script.replace(/^<script>|<\/script>$/g, ''));
    const rest = createRest({ gc: false });
    const store = makeStore(rest);
    receiveRestScripts(store);
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('hi');
    expect(rest.selectResponse(store.getState(), PostResource.get, p6)).toMatchObject({ data: undefined, error: undefined });
    delete (window as unknown as Record<string, unknown>)['__rtkRest:rest'];
  });
});
