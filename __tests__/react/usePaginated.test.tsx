/**
 * `usePaginated(listEndpoint, ...args | null)`: the whole merged list plus
 * `{ hasNextPage, fetchNextPage, isFetchingNextPage, nextPageError }`, for `Link: <…>; rel="next"`
 * headers (followed exactly), page numbers and cursors (`paginationField`). Real store, RTK's
 * serializable and immutable checks on (`configureStore`'s default middleware), fake time.
 */
import { act, screen } from '@testing-library/react';
import { Entity, RestEndpoint, nextOffset, nextPageNumber, schema } from 'rtk-rest';
import { usePaginated } from 'rtk-rest/react';
import { A, net, PostResource, react, renderWith, rerenderWith, settle, setup, sliceOf, useTestEnvironment } from './support';

useTestEnvironment();

class Issue extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'PaginatedIssue';
}

/** GitHub's shape: the list is asked by owner/repo, its next pages live under /repositories/:id. */
const getIssues = new RestEndpoint({ urlPrefix: A, path: '/repos/:owner/:repo/issues', schema: new schema.Collection([Issue]) });
const repo = { owner: 'octo', repo: 'hello' };
const page2 = `${A}/repositories/42/issues?page=2&per_page=2`;
const page3 = `${A}/repositories/42/issues?page=3&per_page=2`;
const issues = (...ids: number[]) => ids.map((id) => ({ id, title: `issue ${id}` }));

const byCursor = new RestEndpoint({
  urlPrefix: A,
  path: '/:group/feed',
  schema: { results: new schema.Collection([Issue]), next: '' as string | null },
  paginationField: 'cursor',
});

/** Shows the list, the hook's fields, and a "Load more" button. */
function Feed({ endpoint, args }: { endpoint: RestEndpoint<any>; args: unknown }) {
  const { data, loading, hasNextPage, fetchNextPage, isFetchingNextPage, nextPageError } = usePaginated(endpoint as typeof getIssues, args as typeof repo);
  const items: Issue[] = Array.isArray(data) ? data : ((data as { results?: Issue[] } | undefined)?.results ?? []);
  return (
    <section>
      <ul>
        {items.map((item) => (
          <li key={item.id}>{item.title}</li>
        ))}
      </ul>
      <p>{`loading=${loading} more=${hasNextPage} fetchingMore=${isFetchingNextPage}`}</p>
      {nextPageError !== undefined && <p role="alert">{nextPageError.message}</p>}
      <button onClick={() => void fetchNextPage()}>Load more</button>
    </section>
  );
}

const titles = () => screen.queryAllByRole('listitem').map((item) => item.textContent);
const status = () => screen.getByText(/^loading=/).textContent;
const loadMore = () => act(() => screen.getByRole('button', { name: 'Load more' }).click());

describe('usePaginated follows Link rel="next" exactly', () => {
  it('the next URL (another path) is requested as given, appended to the list, and stored as plain JSON in the list meta', async () => {
    const { rest, store } = setup({ gc: false });
    renderWith(store, <Feed endpoint={getIssues} args={repo} />);
    const first = await net.nth(1);
    expect(first.url).toBe(`${A}/repos/octo/hello/issues`);
    first.reply(issues(1, 2), { headers: { link: `<${page2}>; rel="next", <${page3}>; rel="last"` } });
    await settle();
    expect(titles()).toEqual(['issue 1', 'issue 2']);
    expect(status()).toBe('loading=false more=true fetchingMore=false');
    expect(sliceOf(rest, store.getState()).meta[`GET ${A}/repos/octo/hello/issues`].links).toEqual({ next: page2, last: page3 });

    loadMore();
    expect(status()).toBe('loading=false more=true fetchingMore=true');
    const second = await net.nth(2);
    expect(second.url).toBe(page2);
    second.reply(issues(3, 4), { headers: { link: `<${page3}>; rel="next"` } });
    await settle();
    expect(titles()).toEqual(['issue 1', 'issue 2', 'issue 3', 'issue 4']);

    loadMore();
    const third = await net.nth(3);
    expect(third.url).toBe(page3);
    third.reply(issues(5), { headers: { link: `<${page2}>; rel="prev"` } });
    await settle();
    expect(titles()).toEqual(['issue 1', 'issue 2', 'issue 3', 'issue 4', 'issue 5']);
    expect(status()).toBe('loading=false more=false fetchingMore=false');
    // No next page: fetchNextPage sends nothing.
    loadMore();
    await settle();
    expect(net.count).toBe(3);
  });

  it('a failed next page leaves the list intact and shows in nextPageError; fetchNextPage retries the same URL', async () => {
    const { store } = setup({ gc: false });
    renderWith(store, <Feed endpoint={getIssues} args={repo} />);
    (await net.nth(1)).reply(issues(1, 2), { headers: { link: `<${page2}>; rel="next"` } });
    await settle();
    loadMore();
    (await net.nth(2)).reply({ message: 'down' }, { status: 500, statusText: 'Internal Server Error' });
    await settle();
    expect(titles()).toEqual(['issue 1', 'issue 2']);
    expect(screen.getByRole('alert').textContent).toContain('Internal Server Error');
    expect(status()).toBe('loading=false more=true fetchingMore=false');

    loadMore();
    const retry = await net.nth(3);
    expect(retry.url).toBe(page2);
    retry.reply(issues(3));
    await settle();
    expect(titles()).toEqual(['issue 1', 'issue 2', 'issue 3']);
    expect(screen.queryByRole('alert')).toBeNull();
    // The last answer had no Link header: no next page.
    expect(status()).toBe('loading=false more=false fetchingMore=false');
  });
});

describe('usePaginated with paginationField (page numbers and cursors)', () => {
  it('page numbers: page 2, 3, … until a page adds nothing', async () => {
    const { store } = setup({ gc: false });
    renderWith(store, <Feed endpoint={PostResource.getList} args={react} />);
    (await net.nth(1)).reply([
      { id: 1, title: 'one' },
      { id: 2, title: 'two' },
    ]);
    await settle();
    expect(status()).toBe('loading=false more=true fetchingMore=false');
    loadMore();
    const second = await net.nth(2);
    expect(second.url).toBe(`${A}/react/posts?page=2`);
    second.reply([{ id: 3, title: 'three' }]);
    await settle();
    expect(titles()).toEqual(['one', 'two', 'three']);
    loadMore();
    const third = await net.nth(3);
    expect(third.url).toBe(`${A}/react/posts?page=3`);
    third.reply([]);
    await settle();
    expect(titles()).toEqual(['one', 'two', 'three']);
    expect(status()).toBe('loading=false more=false fetchingMore=false');
    // At the end, fetchNextPage sends nothing.
    loadMore();
    await settle();
    expect(net.count).toBe(3);
  });

  it("cursors: the list's `next` field is the next page's cursor; null ends the list", async () => {
    const { store } = setup({ gc: false });
    renderWith(store, <Feed endpoint={byCursor} args={react} />);
    (await net.nth(1)).reply({ results: issues(1), next: 'c2' });
    await settle();
    expect(status()).toBe('loading=false more=true fetchingMore=false');
    loadMore();
    const second = await net.nth(2);
    expect(second.url).toBe(`${A}/react/feed?cursor=c2`);
    second.reply({ results: issues(2), next: null });
    await settle();
    expect(titles()).toEqual(['issue 1', 'issue 2']);
    expect(status()).toBe('loading=false more=false fetchingMore=false');
  });

  it('null arguments: inactive, no request, no next page', async () => {
    const { store } = setup({ gc: false });
    renderWith(store, <Feed endpoint={getIssues} args={null} />);
    await settle();
    expect(net.count).toBe(0);
    expect(status()).toBe('loading=false more=false fetchingMore=false');
  });

  it('a list whose arguments hold its paginationField warns once in development: its pages would go to the list without it', async () => {
    const { store } = setup({ gc: false });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const view = renderWith(store, <Feed endpoint={PostResource.getList} args={{ ...react, page: 3 }} />);
    (await net.nth(1)).reply([{ id: 5, title: 'five' }]);
    await settle();
    rerenderWith(view, store, <Feed endpoint={PostResource.getList} args={{ ...react, page: 3 }} />);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/^\[rtk-rest\] usePaginated\(.*getList.*\): its arguments hold "page", the list's paginationField\..*Leave "page" out/);
    warn.mockClear();
    renderWith(store, <Feed endpoint={PostResource.getList} args={react} />);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a list schema without a Collection is a clear [rtk-rest] error naming the endpoint and the fix', () => {
    const { store } = setup({ gc: false });
    const plain = new RestEndpoint({ urlPrefix: A, path: '/plain', schema: [Issue] });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderWith(store, <Feed endpoint={plain} args={undefined} />)).toThrow(/^\[rtk-rest\] usePaginated\(GET https:\/\/api\.example\.com\/plain\).*schema\.Collection/);
  });
});

describe('usePaginated: the list while the arguments change, and a failed next page', () => {
  const byAuthor = PostResource.getList.extend({ name: 'byAuthor' });
  function Authored({ author, seen }: { author: string; seen: unknown[] }) {
    const list = usePaginated(byAuthor, { ...react, author });
    seen.push({ ids: list.data?.map((post) => post.id), current: list.currentData?.map((post) => post.id), isLoading: list.isLoading, isFetching: list.isFetching });
    return <p>{list.isLoading ? 'Loading' : list.data?.map((post) => post.title).join(', ')}</p>;
  }

  it("new arguments keep the last list in data while theirs loads (isFetching, not isLoading); currentData is the new arguments' list", async () => {
    const { store } = setup({ gc: false });
    const seen: any[] = [];
    const view = renderWith(store, <Authored author="ann" seen={seen} />);
    (await net.nth(1)).reply([{ id: 1, title: 'one' }]);
    await settle();
    rerenderWith(view, store, <Authored author="bob" seen={seen} />);
    await settle();
    expect(screen.getByText('one')).toBeTruthy();
    expect(seen[seen.length - 1]).toEqual({ ids: [1], current: undefined, isLoading: false, isFetching: true });
    const second = await net.nth(2);
    expect(second.url).toBe(`${A}/react/posts?author=bob`);
    second.reply([{ id: 2, title: 'two' }]);
    await settle();
    expect(screen.getByText('two')).toBeTruthy();
    expect(seen[seen.length - 1]).toEqual({ ids: [2], current: [2], isLoading: false, isFetching: false });
  });

  it("a failed next page also sets error and status 'rejected' while data keeps the list, as RTK Query; the page's success clears them", async () => {
    const { store } = setup({ gc: false });
    const seen: { error?: string; status: string; next?: string; ids?: number[] }[] = [];
    let fetchNextPage!: () => Promise<unknown>;
    function List() {
      const list = usePaginated(PostResource.getList, react);
      fetchNextPage = list.fetchNextPage;
      seen.push({ error: list.error?.message, status: list.status, next: list.nextPageError?.message, ids: list.data?.map((post) => post.id) });
      return null;
    }
    renderWith(store, <List />);
    (await net.nth(1)).reply([{ id: 1, title: 'one' }]);
    await settle();
    act(() => void fetchNextPage());
    (await net.nth(2)).reply({ message: 'down' }, { status: 500, statusText: 'Internal Server Error' });
    await settle();
    const failed = seen[seen.length - 1]!;
    expect(failed.status).toBe('rejected');
    expect(failed.error).toMatch(/Internal Server Error/);
    expect(failed.next).toBe(failed.error);
    expect(failed.ids).toEqual([1]);
    act(() => void fetchNextPage());
    (await net.nth(3)).reply([{ id: 2, title: 'two' }]);
    await settle();
    expect(seen[seen.length - 1]).toEqual({ error: undefined, status: 'fulfilled', next: undefined, ids: [1, 2] });
  });
});

describe('usePaginated: getNextPageParam says how the next page is found', () => {
  const ids = (...list: number[]) => list.map((id) => ({ id, title: `post ${id}` }));
  const items = () => screen.queryAllByRole('listitem').length;

  it('nextPageNumber(0): a 0-based API gets page 1, then 2, after the list (page 0); a page adding nothing ends it', async () => {
    const { store } = setup({ gc: false });
    const zeroBased = PostResource.getList.extend({ getNextPageParam: nextPageNumber(0) });
    renderWith(store, <Feed endpoint={zeroBased} args={react} />);
    (await net.nth(1)).reply(ids(1, 2));
    await settle();
    loadMore();
    const second = await net.nth(2);
    expect(second.url).toBe(`${A}/react/posts?page=1`);
    second.reply(ids(3, 4));
    await settle();
    loadMore();
    const third = await net.nth(3);
    expect(third.url).toBe(`${A}/react/posts?page=2`);
    third.reply([]);
    await settle();
    expect(items()).toBe(4);
    expect(status()).toBe('loading=false more=false fetchingMore=false');
  });

  it('nextOffset(limit): offset/limit lists send offset=limit, 2×limit…, not offset=2, 3', async () => {
    const { store } = setup({ gc: false });
    const byOffset = PostResource.getList.extend({ paginationField: 'offset', getNextPageParam: nextOffset(2) });
    renderWith(store, <Feed endpoint={byOffset} args={react} />);
    (await net.nth(1)).reply(ids(1, 2));
    await settle();
    loadMore();
    const second = await net.nth(2);
    expect(second.url).toBe(`${A}/react/posts?offset=2`);
    second.reply(ids(3, 4));
    await settle();
    loadMore();
    expect((await net.nth(3)).url).toBe(`${A}/react/posts?offset=4`);
  });

  it("a function of the last page and its parameter: a cursor named nextId is sent as the cursor; null ends the list", async () => {
    const { store } = setup({ gc: false });
    const seen: unknown[][] = [];
    const byNextId = new RestEndpoint({
      urlPrefix: A,
      path: '/:group/feed',
      schema: { results: new schema.Collection([Issue]), nextId: 0 as number | null },
      paginationField: 'after',
      getNextPageParam: (lastPage: { nextId: number | null }, lastParam: unknown, params: unknown) => {
        seen.push([lastPage.nextId, lastParam, params]);
        return lastPage.nextId;
      },
    });
    renderWith(store, <Feed endpoint={byNextId} args={react} />);
    (await net.nth(1)).reply({ results: issues(1, 2), nextId: 3 });
    await settle();
    loadMore();
    const second = await net.nth(2);
    expect(second.url).toBe(`${A}/react/feed?after=3`);
    second.reply({ results: issues(3), nextId: null });
    await settle();
    expect(titles()).toEqual(['issue 1', 'issue 2', 'issue 3']);
    expect(status()).toBe('loading=false more=false fetchingMore=false');
    expect(seen).toContainEqual([3, undefined, react]);
    expect(seen).toContainEqual([null, 3, react]);
  });

  it('without it, a paginationField that is not a page number is not guessed: no next page, and a development warning says how to say it', async () => {
    const { store } = setup({ gc: false });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const byOffset = PostResource.getList.extend({ paginationField: 'offset', name: 'byOffset' });
    renderWith(store, <Feed endpoint={byOffset} args={react} />);
    (await net.nth(1)).reply(ids(1, 2));
    await settle();
    expect(status()).toBe('loading=false more=false fetchingMore=false');
    loadMore();
    await settle();
    expect(net.count).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/^\[rtk-rest\] usePaginated\(byOffset\): .*"offset".*getNextPageParam: nextOffset\(/);
  });

  it('warns in development when a page repeats items already in the list, and when offsets step over items', async () => {
    const { store } = setup({ gc: false });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const byOffset = PostResource.getList.extend({ paginationField: 'offset', getNextPageParam: nextOffset(3), name: 'stepping' });
    renderWith(store, <Feed endpoint={byOffset} args={react} />);
    // The server sends 2 per page, the step is 3: offset=3 skips item 3.
    (await net.nth(1)).reply(ids(1, 2));
    await settle();
    loadMore();
    (await net.nth(2)).reply(ids(4, 5));
    await settle();
    expect(warn.mock.calls.map(([message]) => message)).toEqual([expect.stringMatching(/^\[rtk-rest\] usePaginated\(stepping\): .*offset=3.*skip/)]);
    warn.mockClear();
    // A page whose items are already in the list.
    loadMore();
    (await net.nth(3)).reply(ids(4, 5));
    await settle();
    expect(warn.mock.calls.map(([message]) => message)).toEqual([expect.stringMatching(/^\[rtk-rest\] usePaginated\(stepping\): .*offset=6.*repeat/)]);
  });
});
