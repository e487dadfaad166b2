/**
 * A page request (`getList.getPage`) that fails leaves the list as it was
 * and reports its failure on the page request; a page request resolves to the very list object
 * `selectData` returns.
 */
import { RestEndpoint, createResource, schema } from 'rtk-rest';
import { A, K, Post, PostResource, fetchAnswered, net, nonJsonActionPath, nonJsonPath, outcome, rawSlice, react, setup, sliceOf, useTestEnvironment } from './support';
import type { UnknownAction } from '@reduxjs/toolkit';

useTestEnvironment();

const getPage = PostResource.getList.getPage;
const page2 = { ...react, page: 2 } as const;
const PAGE2 = `GET ${A}/react/posts?page=2`;
const p1 = { id: 1, title: 'one' };
const p2 = { id: 2, title: 'two' };
const p3 = { id: 3, title: 'three' };

/** A store holding the list [1, 2], fetched at 1000 and answered at 1040. */
async function withList() {
  const env = setup();
  await fetchAnswered(env.store, env.rest.fetch(PostResource.getList, react), [p1, p2], 1040);
  return env;
}

describe('a failed getPage leaves the list intact', () => {
  it('the list keeps its data, meta, status and reference; the page promise rejects with the NetworkError', async () => {
    const { rest, store, actions } = await withList();
    const list = rest.selectData(store.getState(), PostResource.getList, react);
    const listResponse = rest.selectResponse(store.getState(), PostResource.getList, react);
    const before = sliceOf(rest, store.getState());
    jest.setSystemTime(2000);
    const page = outcome(store.dispatch(rest.fetch(getPage, page2)));
    (await net.nth(2)).reply({ message: 'boom' }, { status: 500 });
    const result = await page;
    expect(result.ok).toBe(false);
    expect(result.ok ? undefined : result.error).toMatchObject({ name: 'NetworkError', status: 500 });
    const after = sliceOf(rest, store.getState());
    expect(after.endpoints[K.list]).toEqual(before.endpoints[K.list]);
    expect(after.meta[K.list]).toEqual(before.meta[K.list]);
    expect(after.entities).toEqual(before.entities);
    expect(rest.selectResponse(store.getState(), PostResource.getList, react)).toBe(listResponse);
    expect(rest.selectData(store.getState(), PostResource.getList, react)).toBe(list);
    expect(rest.selectError(store.getState(), PostResource.getList, react)).toBeUndefined();
    // Everything that reached the reducer, and the slice, stayed JSON (RTK's default checks are on).
    expect(actions.map((action: UnknownAction) => nonJsonActionPath(action)).filter(Boolean)).toEqual([]);
    expect(nonJsonPath(JSON.parse(JSON.stringify(after)))).toBeUndefined();
    expect(JSON.parse(JSON.stringify(after))).toEqual(after);
  });

  it('the page request reports its own failure: selectResponse/selectError of the page endpoint read it', async () => {
    const { rest, store } = await withList();
    const list = rest.selectData(store.getState(), PostResource.getList, react);
    const page = outcome(store.dispatch(rest.fetch(getPage, page2)));
    expect(rest.selectResponse(store.getState(), getPage, page2)).toMatchObject({ isFetching: true, status: 'pending', data: list });
    (await net.nth(2)).reply({ message: 'boom' }, { status: 500 });
    await page;
    const response = rest.selectResponse(store.getState(), getPage, page2);
    expect(response).toMatchObject({ status: 'rejected', isFetching: false, isLoading: false, data: list });
    expect(response.error).toMatchObject({ name: 'NetworkError', status: 500, url: `${A}/react/posts?page=2` });
    expect(rest.selectError(store.getState(), getPage, page2)).toBe(response.error);
    // Stored under the page request's own key (its URL with the cursor), as plain JSON.
    expect(sliceOf(rest, store.getState()).meta[PAGE2]).toMatchObject({ error: { status: 500 }, fetchedAt: 1040 });
    // Another page of the same list has no error.
    expect(rest.selectError(store.getState(), getPage, { ...react, page: 3 })).toBeUndefined();
  });

  it('a retry of the page that succeeds appends it and clears the page error (no leftover state)', async () => {
    const { rest, store } = await withList();
    const failed = outcome(store.dispatch(rest.fetch(getPage, page2)));
    // 500: a failure that is not retried by default.
    (await net.nth(2)).reply({}, { status: 500 });
    await failed;
    const merged = await fetchAnswered<Post[]>(store, rest.fetch(getPage, page2), [p3]);
    expect(merged.map((post) => post.id)).toEqual([1, 2, 3]);
    expect(rest.selectResponse(store.getState(), getPage, page2)).toMatchObject({ status: 'fulfilled', error: undefined, isFetching: false });
    expect(rawSlice(rest, store.getState()).meta[PAGE2]).toBeUndefined();
  });

  it('while a page loads, the list is not marked as fetching; the page is', async () => {
    const { rest, store } = await withList();
    const before = sliceOf(rest, store.getState()).meta[K.list];
    const page = store.dispatch(rest.fetch(getPage, page2));
    expect(sliceOf(rest, store.getState()).meta[K.list]).toEqual(before);
    expect(rest.selectResponse(store.getState(), PostResource.getList, react)).toMatchObject({ status: 'fulfilled', isFetching: false });
    expect(rest.selectResponse(store.getState(), getPage, page2).isFetching).toBe(true);
    (await net.nth(2)).reply([p3]);
    await page;
    expect(rest.selectResponse(store.getState(), getPage, page2).isFetching).toBe(false);
  });

  it('an aborted page leaves nothing behind', async () => {
    const { rest, store } = await withList();
    const before = sliceOf(rest, store.getState());
    const page = outcome(store.dispatch(rest.fetch(getPage, page2)));
    (await net.nth(2)).fail(new DOMException('This operation was aborted', 'AbortError'));
    expect((await page).ok).toBe(false);
    expect(sliceOf(rest, store.getState())).toEqual(before);
  });

  it('a page error is swept by GC once expired (the page key is retained while its request is in flight)', async () => {
    const { rest, store } = setup({ gc: { intervalMs: 1000, graceMs: 0 }, dataExpiryLength: 1_000_000 });
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [p1, p2]);
    const page = outcome(store.dispatch(rest.fetch(getPage, page2)));
    await jest.advanceTimersByTimeAsync(5000);
    // In flight for 5 s, past several sweeps: its pending id is still there.
    expect(sliceOf(rest, store.getState()).meta[PAGE2]?.pending).toHaveLength(1);
    (await net.nth(2)).reply({}, { status: 500 });
    await page;
    expect(sliceOf(rest, store.getState()).meta[PAGE2]?.error).toBeDefined();
    await jest.advanceTimersByTimeAsync(3000);
    expect(sliceOf(rest, store.getState()).meta[PAGE2]).toBeUndefined();
    expect(rest.selectError(store.getState(), getPage, page2)).toBeUndefined();
    expect(rest.selectData(store.getState(), PostResource.getList, react)).toHaveLength(2);
  });

  it('a failed page of a { results, next } list keeps the list and its next cursor', async () => {
    const { rest, store } = setup();
    const feed = new RestEndpoint({ path: '/:group/feed', urlPrefix: A, schema: { results: new schema.Collection([Post]), next: '' }, paginationField: 'page' });
    await fetchAnswered(store, rest.fetch(feed, react), { results: [p1, p2], next: '2' });
    const read = rest.selectData(store.getState(), feed, react);
    const page = outcome(store.dispatch(rest.fetch(feed.getPage!, page2)));
    (await net.nth(2)).reply({}, { status: 500 });
    await page;
    expect(rest.selectData(store.getState(), feed, react)).toBe(read);
    expect(rest.selectResponse(store.getState(), feed, react).status).toBe('fulfilled');
    expect(rest.selectError(store.getState(), feed.getPage!, page2)).toMatchObject({ status: 500 });
  });
});

describe('a page request resolves to the list selectData returns', () => {
  it('rest.fetch(getPage) resolves to the merged list; a page read and the list read are one object', async () => {
    const { rest, store } = await withList();
    const merged = await fetchAnswered<Post[]>(store, rest.fetch(getPage, page2), [p2, p3]);
    expect(merged.map((post) => post.id)).toEqual([1, 2, 3]);
    const list = rest.selectData(store.getState(), PostResource.getList, react);
    expect(merged).toEqual(list);
    expect(rest.selectData(store.getState(), PostResource.getList, { group: 'react' })).toBe(list);
    expect(rest.selectData(store.getState(), getPage, page2)).toBe(list);
  });

  it('while the list is shown, the page resolves to the very list object it shows', async () => {
    const { rest, store } = await withList();
    let shown: Post[] | undefined;
    store.subscribe(() => {
      shown = rest.selectData(store.getState(), PostResource.getList, react);
    });
    const merged = await fetchAnswered<Post[]>(store, rest.fetch(getPage, page2), [p2, p3]);
    expect(merged).toBe(shown);
  });

  it('the same for a { results, next } list (example)', async () => {
    const { rest, store } = setup();
    const feed = new RestEndpoint({ path: '/:group/feed', urlPrefix: A, schema: { results: new schema.Collection([Post]), next: '' }, paginationField: 'page' });
    await fetchAnswered(store, rest.fetch(feed, react), { results: [p1, p2], next: '2' });
    const merged = await fetchAnswered<{ results: Post[]; next: string }>(store, rest.fetch(feed.getPage!, page2), { results: [p2, p3], next: '3' });
    expect(merged).toEqual(rest.selectData(store.getState(), feed, react));
    expect(merged.next).toBe('3');
  });

  it('a custom removeCursor page resolves to its list too', async () => {
    const { rest, store } = setup();
    const list = new RestEndpoint({ path: '/:group/posts', urlPrefix: A, schema: new schema.Collection([Post]) });
    const byCursor = list.paginated(({ cursor: _cursor, ...params }: { group: string; cursor: string }) => [params]);
    await fetchAnswered(store, rest.fetch(list, react), [p1]);
    const merged = await fetchAnswered<Post[]>(store, rest.fetch(byCursor, { ...react, cursor: 'abc' }), [p2]);
    expect(net.requests[1]!.url).toBe(`${A}/react/posts?cursor=abc`);
    expect(merged).toEqual(rest.selectData(store.getState(), list, react));
    expect(merged.map((post) => post.id)).toEqual([1, 2]);
  });
});

describe('lists loaded with paging arguments, and lists of one schema at different paths', () => {
  const Articles = createResource({
    path: '/articles/:id',
    schema: Post,
    urlPrefix: A,
    searchParams: {} as { limit?: number; offset?: number; author?: string },
  });
  const titles = (list: unknown) => (list as Post[]).map((post) => post.title);

  it('a list loaded with { limit, offset } receives created items; a list filtered by author does not', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(Articles.getList, { limit: 20, offset: 0 }), [p1]);
    await fetchAnswered(store, rest.fetch(Articles.getList, { author: 'bob', limit: 20 }), [p2]);
    await fetchAnswered(store, rest.fetch(Articles.getList.push, {}, { title: 'new' }), { id: 9, title: 'new' });
    expect(titles(rest.selectData(store.getState(), Articles.getList, { limit: 20, offset: 0 }))).toEqual(['one', 'new']);
    expect(titles(rest.selectData(store.getState(), Articles.getList, { author: 'bob', limit: 20 }))).toEqual(['two']);
  });

  it('a feed at another path keeps its own list when its Collection adds a name to its arguments (argsKey)', async () => {
    // Lists are stored by schema and arguments, not by URL: a second list of Posts with the same
    // arguments needs its own key, or it shares (and overwrites) the first one's.
    const Feed = new schema.Collection([Post], { argsKey: (args?: Record<string, unknown>) => ({ ...args, list: 'feed' }) });
    const getFeed = new RestEndpoint({ path: '/articles/feed', urlPrefix: A, searchParams: {} as { limit?: number }, schema: Feed });
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(Articles.getList, { limit: 20 }), [p1, p2]);
    await fetchAnswered(store, rest.fetch(getFeed, { limit: 20 }), [p3]);
    expect(titles(rest.selectData(store.getState(), Articles.getList, { limit: 20 }))).toEqual(['one', 'two']);
    expect(titles(rest.selectData(store.getState(), getFeed, { limit: 20 }))).toEqual(['three']);
    // A creation reaches the lists whose filters it matches: the global list, not the feed.
    await fetchAnswered(store, rest.fetch(Articles.getList.push, {}, { title: 'new' }), { id: 9, title: 'new' });
    expect(titles(rest.selectData(store.getState(), Articles.getList, { limit: 20 }))).toEqual(['one', 'two', 'new']);
    expect(titles(rest.selectData(store.getState(), getFeed, { limit: 20 }))).toEqual(['three']);
  });
});
