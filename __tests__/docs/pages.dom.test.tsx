/**
 * The code of docs/getting-started.md and docs/concepts.md (their companion .tsx files) does
 * what the pages say, against a stub fetch or the page's own mockFetch fixtures. Both modules
 * hold one store each, as an app would; each test starts from `resetEntireStore()`.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import type * as React from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { deferred, json, restoreFetchAfterEach, stubFetch, useFakeClock } from './support';

import * as start from '../../docs/getting-started';
import * as concepts from '../../docs/concepts';
import * as fromDataClient from '../../docs/migrating-from-data-client';
import { RestEndpoint } from 'rtk-rest';
import { useSuspense } from 'rtk-rest/react';

const A = 'https://api.example.com';

/**
 * The `post.id` of each render of a component given to `React.memo`, in order: the function
 * memo receives is wrapped to record it, otherwise unchanged (for concepts.md's memoized rows).
 */
const mockRendered: unknown[] = [];
jest.mock('react', () => {
  const actual = jest.requireActual<typeof React>('react');
  return {
    ...actual,
    memo: (component: (props: { post?: { id: unknown } }) => React.ReactNode, compare?: never) =>
      actual.memo((props: { post?: { id: unknown } }) => {
        mockRendered.push(props.post?.id);
        return component(props);
      }, compare),
  };
});

restoreFetchAfterEach();

useFakeClock(1_000_000, () => {
  start.store.dispatch(start.rest.resetEntireStore());
  concepts.store.dispatch(concepts.rest.resetEntireStore());
});

/** Lets the stub network, the store and React finish what they started (React throttles Suspense reveals). */
async function settle(ms = 1000): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('getting-started', () => {
  it('the thunks: fetch a list, rename its first post, and the list shows the new title', async () => {
    const net = stubFetch((_url, init) => (init.method === 'PATCH' ? json({ id: 1, title: 'Renamed' }) : json([{ id: 1, title: 'Hello' }])));
    const list = await start.loadAndRename();
    expect(list!.map((post) => post.title)).toEqual(['Renamed']);
    expect(list![0]).toBeInstanceOf(start.Post);
    expect(net.calls().map(({ method, url }) => `${method} ${url}`)).toEqual([`GET ${A}/react/posts`, `PATCH ${A}/react/posts/1`]);
  });

  it('the app renders the list from the mock fixtures and adds a post', async () => {
    globalThis.fetch = start.fixtures;
    render(<start.App />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await settle();
    expect(screen.getByText('Hello')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText('Add a post'));
    });
    await settle();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Hello', 'New post']);
    expect(start.fixtures.calls.map(({ key, body }) => [key, body])).toEqual([
      [`GET ${A}/react/posts`, undefined],
      [`POST ${A}/react/posts`, { title: 'New post' }],
    ]);
  });
});

describe('concepts', () => {
  const { rest, store, PostResource, Post, User } = concepts;
  const ann = { id: 1, username: 'ann', createdAt: '2024-01-01T00:00:00.000Z' };
  const hello = { id: 1, title: 'Hello', likes: 3, author: ann };
  const inStore = (ui: ReactNode) => (
    <Provider store={store}>
      <Suspense fallback={<p>Loading…</p>}>{ui}</Suspense>
    </Provider>
  );

  it('the summaries snippet: an Article from a list answers no detail read; the detail fetched, the list shows its body', async () => {
    const getArticles = new RestEndpoint({ urlPrefix: A, path: '/articles', schema: [concepts.Article] });
    const getArticle = new RestEndpoint({ urlPrefix: A, path: '/articles/:slug', schema: concepts.Article });
    const net = stubFetch((url) => json(url.endsWith('/articles') ? [{ slug: 'a', title: 'A' }] : { slug: 'a', title: 'A', body: 'text' }));
    await store.dispatch(rest.fetch(getArticles));
    expect(rest.selectData(store.getState(), getArticles)?.[0]).toMatchObject({ title: 'A', body: '' });
    expect(rest.selectResponse(store.getState(), getArticle, { slug: 'a' }).expiryStatus).toBe('invalid');
    expect((await store.dispatch(rest.fetchIfStale(getArticle, { slug: 'a' })))?.body).toBe('text');
    expect(rest.selectData(store.getState(), getArticles)?.[0]?.body).toBe('text');
    expect(net.calls().map(({ url }) => url)).toEqual([`${A}/articles`, `${A}/articles/a`]);
  });

  it('the endpoint snippet: url and key', () => {
    expect(concepts.getPost.url({ group: 'react', id: 5, fields: 'title' })).toBe(`${A}/react/posts/5?fields=title`);
    expect(concepts.getPost.key({ group: 'react', id: 5 })).toBe(`GET ${A}/react/posts/5`);
    expect(concepts.updatePost.method).toBe('PUT');
    expect(PostResource.like.url({ group: 'react', id: 5 })).toBe(`${A}/react/posts/5/like`);
  });

  it('the thunks tour: no request for a post inferred from the list; push, set and invalidate do what the comments say', async () => {
    const net = stubFetch((_url, init) => (init.method === 'POST' ? json({ id: 2, title: 'New', likes: 0, author: ann }) : json([hello])));
    const { first, created } = await concepts.tour();
    expect(net.calls().map(({ method, url }) => `${method} ${url}`)).toEqual([`GET ${A}/react/posts`, `POST ${A}/react/posts`]);
    expect(first).toBeInstanceOf(Post);
    expect(first.author).toBeInstanceOf(User);
    expect(first.author.createdAt).toEqual(new Date(ann.createdAt));
    expect(created.id).toBe(2);
    const state = store.getState();
    expect(rest.selectData(state, PostResource.get, { group: 'react', id: 2 })?.title).toBe('New!');
    expect(rest.selectResponse(state, PostResource.getList, { group: 'react' }).expiryStatus).toBe('invalid');
  });

  it('the selectors: a response object, a user through its index, a query', async () => {
    stubFetch(() => json([hello, { id: 2, title: 'Other', likes: 0, author: { id: 2, username: 'bob' } }]));
    await store.dispatch(rest.fetch(PostResource.getList, { group: 'react' }));
    const { list, ann: user, annsPosts } = concepts.readers(store.getState());
    expect(list).toMatchObject({ status: 'fulfilled', expiryStatus: 'valid', isLoading: false, isFetching: false, error: undefined });
    expect(list.data).toHaveLength(2);
    expect(user?.id).toBe(1);
    expect(annsPosts!.map((post) => post.title)).toEqual(['Hello']);
    expect(concepts.readers(store.getState()).annsPosts).toBe(annsPosts); // memoized
  });

  it('like is optimistic: +1 at once, the server count on success', async () => {
    const answer = deferred();
    stubFetch((_url, init) => (init.method === 'POST' ? answer.promise : json(hello)));
    render(inStore(<concepts.PostView group="react" id={1} />));
    await settle();
    expect(screen.getByRole('button').textContent).toBe('♥ 3');
    expect(screen.getByText('ann')).toBeTruthy(); // useQuery(User, { username })
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(screen.getByRole('button').textContent).toBe('♥ 4');
    answer.resolve(json({ id: 1, likes: 10 }));
    await settle();
    expect(screen.getByRole('button').textContent).toBe('♥ 10');
  });

  it('like rolls back when the request fails', async () => {
    stubFetch((_url, init) => (init.method === 'POST' ? json({ message: 'down' }, 503) : json(hello)));
    render(inStore(<concepts.PostView group="react" id={1} />));
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    await settle();
    expect(screen.getByRole('button').textContent).toBe('♥ 3');
  });

  it('useDLE with null arguments is inactive; with arguments it loads', async () => {
    const net = stubFetch(() => json(hello));
    const { rerender } = render(inStore(<concepts.MaybePost group="react" id={null} />));
    await settle();
    expect(screen.getByText('Pick a post')).toBeTruthy();
    expect(net.fn).not.toHaveBeenCalled();
    rerender(inStore(<concepts.MaybePost group="react" id={1} />));
    expect(screen.getByText('Loading…')).toBeTruthy();
    await settle();
    expect(screen.getByText('Hello')).toBeTruthy();
  });

  it('expiry: Infinity stays valid; invalidIfStale hides stale data', async () => {
    stubFetch((url) => (url.endsWith('/categories') ? json(['news']) : json({ symbol: 'ACME', price: '1.00' })));
    await store.dispatch(rest.fetch(concepts.getCategories));
    await store.dispatch(rest.fetch(concepts.getQuote, { symbol: 'ACME' }));
    jest.setSystemTime(Date.now() + 10_000);
    expect(rest.selectResponse(store.getState(), concepts.getCategories)).toMatchObject({ data: ['news'], expiryStatus: 'valid' });
    expect(rest.selectResponse(store.getState(), concepts.getQuote, { symbol: 'ACME' })).toMatchObject({ data: undefined, expiryStatus: 'invalid' });
  });

  it("errorPolicy: a 5xx is soft while data exists, a 4xx is not; loadPost maps 404 to undefined", async () => {
    let status = 200;
    stubFetch(() => (status === 200 ? json([hello]) : json({ message: 'nope' }, status)));
    const react = { group: 'react' };
    await store.dispatch(rest.fetch(concepts.getFeed, react));
    // 500: a 5xx that reads do not retry by default.
    status = 500;
    await expect(store.dispatch(rest.fetch(concepts.getFeed, react))).rejects.toMatchObject({ status: 500 });
    expect(rest.selectResponse(store.getState(), concepts.getFeed, react)).toMatchObject({ status: 'rejected', error: { status: 500 } });
    expect(rest.selectData(store.getState(), concepts.getFeed, react)).toHaveLength(1);
    status = 403;
    await expect(store.dispatch(rest.fetch(concepts.getFeed, react))).rejects.toMatchObject({ status: 403 });
    expect(rest.selectError(store.getState(), concepts.getFeed, react)).toMatchObject({ name: 'NetworkError', status: 403 });
    status = 404;
    await expect(concepts.loadPost(9)).resolves.toBeUndefined();
    status = 500;
    await expect(concepts.loadPost(9)).rejects.toMatchObject({ status: 500 });
  });

  it('polling: useLive shows the stats and refetches every pollFrequency while mounted', async () => {
    let online = 1;
    const net = stubFetch(() => json({ id: 'site', online: online++ }));
    const view = render(inStore(<concepts.OnlineCount />));
    await settle(100);
    expect(screen.getByText('1 online')).toBeTruthy();
    await settle(5_000);
    expect(screen.getByText('2 online')).toBeTruthy();
    await settle(5_000);
    expect(screen.getByText('3 online')).toBeTruthy();
    view.unmount();
    const sent = net.fn.mock.calls.length;
    await settle(20_000);
    expect(net.fn).toHaveBeenCalledTimes(sent);
  });

  it('memoized rows: a like renders the list and the liked row again, no other row', async () => {
    const posts = [1, 2, 3].map((id) => ({ id, title: `Post ${id}`, likes: id, author: ann }));
    const answer = deferred();
    stubFetch((_url, init) => (init.method === 'POST' ? answer.promise : json(posts)));
    render(inStore(<concepts.Posts group="react" />));
    await settle();
    expect(screen.getAllByRole('listitem').map((row) => row.textContent)).toEqual(['Post 1 ♥ 1', 'Post 2 ♥ 2', 'Post 3 ♥ 3']);
    expect(mockRendered).toEqual([1, 2, 3]);
    mockRendered.length = 0;
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button')[1]!);
    });
    expect(screen.getAllByRole('listitem')[1]!.textContent).toBe('Post 2 ♥ 3'); // optimistic
    answer.resolve(json({ id: 2, likes: 10 }));
    await settle();
    expect(screen.getAllByRole('listitem').map((row) => row.textContent)).toEqual(['Post 1 ♥ 1', 'Post 2 ♥ 10', 'Post 3 ♥ 3']);
    expect(mockRendered.length).toBeGreaterThan(0);
    expect(new Set(mockRendered)).toEqual(new Set([2]));
  });
});

describe('migrating-from-rtk-query', () => {
  it('after: the list renders, and a click renames the post everywhere with no second GET', async () => {
    const net = stubFetch((_url, init) => (init.method === 'PATCH' ? json({ id: 1, title: 'Renamed' }) : json([{ id: 1, title: 'Hello' }])));
    // Imported once fetch exists: fetchBaseQuery, built at import, warns when there is none (jsdom has none).
    const { store, PostsAfter } = await import('../../docs/migrating-from-rtk-query');
    render(
      <Provider store={store}>
        <Suspense fallback={<p>Loading…</p>}>
          <PostsAfter group="react" />
        </Suspense>
      </Provider>,
    );
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByText('Hello'));
    });
    await settle();
    expect(screen.getByText('Renamed')).toBeTruthy();
    expect(net.calls().map(({ method, url }) => `${method} ${url}`)).toEqual([`GET ${A}/react/posts`, `PATCH ${A}/react/posts/1`]);
  });
});

describe('migrating-from-data-client', () => {
  const { Root, store, rest, failures } = fromDataClient;
  const getThing = new RestEndpoint({ urlPrefix: A, path: '/things/:id' });
  beforeEach(() => {
    store.dispatch(rest.resetEntireStore());
    failures.length = 0;
  });

  function Thing({ id }: { id: number }) {
    const thing = useSuspense(getThing, { id }) as { name: string };
    return <p>{thing.name}</p>;
  }

  it('<Root> replaces <DataProvider>: the hooks work under it', async () => {
    stubFetch(() => json({ name: 'lamp' }));
    render(
      <Root>
        <Suspense fallback={<p>Loading…</p>}>
          <Thing id={1} />
        </Suspense>
      </Root>,
    );
    await settle();
    expect(screen.getByText('lamp')).toBeTruthy();
  });

  it('the listener sees failures, like a custom Manager; a 401 resets the store, like a LogoutManager', async () => {
    stubFetch((url) => (url.endsWith('/1') ? json({ name: 'lamp' }) : url.endsWith('/2') ? json({}, 500) : json({}, 401)));
    await store.dispatch(rest.fetch(getThing, { id: 1 }));
    await expect(store.dispatch(rest.fetch(getThing, { id: 2 }))).rejects.toMatchObject({ status: 500 });
    expect(failures).toEqual([`GET ${A}/things/:id: ${A}/things/2: status 500`]);
    expect(rest.selectData(store.getState(), getThing, { id: 1 })).toEqual({ name: 'lamp' });
    await expect(store.dispatch(rest.fetch(getThing, { id: 3 }))).rejects.toMatchObject({ status: 401 });
    expect(rest.selectData(store.getState(), getThing, { id: 1 })).toBeUndefined();
    expect(store.getState().rest.lastReset).toBeGreaterThan(0);
  });
});
