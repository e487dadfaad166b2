/**
 * The hook examples of docs/migrating-from-rtk-query.md (the `hooks` and `matchers`
 * regions of its .tsx companion) do what the page's table says, in the page's own store (RTK's
 * default checks on), against a stub fetch, on Jest's fake clock.
 */
import { setImmediate as realSetImmediate } from 'node:timers';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { deferred, json, restoreFetchAfterEach, storeFor, stubFetch, useFakeClock } from './support';
import type { Responder } from './support';
import type * as MigrationPage from '../../docs/migrating-from-rtk-query';

const A = 'https://api.example.com';

type Page = typeof MigrationPage;

/** The page's module, imported once fetch exists (fetchBaseQuery, built at import, warns without one). */
async function load(respond: Responder): Promise<{ page: Page; net: ReturnType<typeof stubFetch> }> {
  const net = stubFetch(respond);
  const page = await import('../../docs/migrating-from-rtk-query');
  page.store.dispatch(page.rest.resetEntireStore());
  return { page, net };
}

function renderIn(page: Page, children: ReactNode) {
  return render(<Provider store={page.store}>{children}</Provider>);
}

async function settle(ms = 1000): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

const requests = (net: ReturnType<typeof stubFetch>) => net.calls().map(({ method, url }) => `${method} ${url}`);

restoreFetchAfterEach();

useFakeClock(1_000_000);

describe('migrating-from-rtk-query, the hook examples', () => {
  it('useLazyQuery → useDLE with null arguments: nothing is sent until the click; Reload sends the read again', async () => {
    const { page, net } = await load(() => json({ id: 1, title: 'First' }));
    renderIn(page, <page.LazyPost group="react" />);
    await settle();
    expect(net.calls()).toHaveLength(0);
    fireEvent.click(screen.getByText('Show post 1'));
    await settle();
    expect(screen.getByRole('heading').textContent).toContain('First');
    fireEvent.click(screen.getByText('Reload'));
    await settle();
    expect(requests(net)).toEqual([`GET ${A}/react/posts/1`, `GET ${A}/react/posts/1`]);
  });

  it('useMutation → a failed call shows its error and keeps what was typed; a successful one resolves and clears the box', async () => {
    let fail = true;
    const { page, net } = await load((_url, init) =>
      fail ? json({ message: 'title is too short' }, 422) : json({ id: 7, title: JSON.parse(String(init.body)).title }, 201),
    );
    renderIn(page, <page.NewPost group="react" />);
    const box = screen.getByLabelText('Title') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'Hi' } });
    fireEvent.click(screen.getByText('Add'));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(`${A}/react/posts: status 422`);
    expect(box.value).toBe('Hi');
    fail = false;
    fireEvent.change(box, { target: { value: 'Hello there' } });
    fireEvent.click(screen.getByText('Add'));
    await settle();
    expect(box.value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests(net)).toEqual([`POST ${A}/react/posts`, `POST ${A}/react/posts`]);
    expect(page.rest.selectEntity(page.store.getState(), page.Post, '7')?.title).toBe('Hello there');
  });

  it('useInfiniteQuery → usePaginated: pages are appended until one adds nothing; a refetch of the list starts again from its first page', async () => {
    const pages: Record<string, { id: number; title: string }[]> = { '': [{ id: 1, title: 'one' }], '?page=2': [{ id: 2, title: 'two' }], '?page=3': [] };
    const { page, net } = await load((url) => json(pages[url.slice(`${A}/react/posts`.length)]));
    renderIn(page, <page.AllPosts group="react" />);
    await settle();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one']);
    fireEvent.click(screen.getByText('Load more'));
    await settle();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);
    fireEvent.click(screen.getByText('Load more'));
    await settle();
    expect(screen.queryByText('Load more')).toBeNull();
    expect(requests(net)).toEqual([`GET ${A}/react/posts`, `GET ${A}/react/posts?page=2`, `GET ${A}/react/posts?page=3`]);
    await act(async () => {
      await page.store.dispatch(page.rest.fetch(page.getPostPages, { group: 'react' }));
    });
    await settle();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one']);
  });

  it('trigger(arg).then(navigate) → .then(onDone, () => undefined): onDone only after a success; a failure shows its error and is no unhandled rejection', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      let status = 409;
      const { page, net } = await load((_url, init) => (status === 200 ? json({ id: 1, title: JSON.parse(String(init.body)).title }) : json({ message: 'no' }, status)));
      const onDone = jest.fn();
      renderIn(page, <page.RenameAndLeave group="react" id={1} onDone={onDone} />);
      fireEvent.click(screen.getByText('Rename'));
      await settle();
      expect(screen.getByRole('alert').textContent).toBe(`${A}/react/posts/1: status 409`);
      expect(onDone).not.toHaveBeenCalled();
      status = 200;
      fireEvent.click(screen.getByText('Rename'));
      await settle();
      expect(onDone).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(requests(net)).toEqual([`PATCH ${A}/react/posts/1`, `PATCH ${A}/react/posts/1`]);
      for (let turn = 0; turn < 2; turn++) await new Promise<void>((resolve) => realSetImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('usePrefetch → useController().fetchIfStale on hover: one request, none while the post is fresh', async () => {
    const { page, net } = await load(() => json({ id: 3, title: 'Three' }));
    renderIn(page, <page.PostLink group="react" id={3} />);
    fireEvent.mouseEnter(screen.getByText('Post 3'));
    await settle();
    fireEvent.mouseEnter(screen.getByText('Post 3'));
    await settle();
    expect(requests(net)).toEqual([`GET ${A}/react/posts/3`]);
    expect(page.rest.selectData(page.store.getState(), page.PostResource.get, { group: 'react', id: 3 })?.title).toBe('Three');
  });

  it('matchFulfilled / matchRejected → rest.actions.fetchFulfilled / fetchRejected narrowed by the endpoint key', async () => {
    const { page } = await load((url, init) => (init.method === 'PATCH' ? json({ message: 'no' }, 409) : url.endsWith('/posts') ? json([{ id: 1, title: 'a' }]) : json({ id: 1, title: 'a' })));
    const { rest, PostResource, isPostFetched, isRenameRejected } = page;
    // The page's instance in a store that records every action reaching its reducer.
    const { store, actions } = storeFor(rest);
    await store.dispatch(rest.fetch(PostResource.getList, { group: 'react' }));
    await store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 1 }));
    await expect(store.dispatch(rest.fetch(PostResource.partialUpdate, { group: 'react', id: 1 }, { title: 'b' }))).rejects.toMatchObject({ status: 409 });
    expect(actions.filter(isPostFetched).map((action) => action.type)).toEqual(['rest/fetch/fulfilled']);
    expect(actions.filter(isPostFetched)[0]!.meta).toMatchObject({ key: `GET ${A}/react/posts/1` });
    expect(actions.filter(isRenameRejected).map((action) => [action.type, (action.meta as { key: string }).key])).toEqual([['rest/fetch/rejected', `PATCH ${A}/react/posts/1`]]);
    // The list's fulfilled action is not the post's.
    expect(actions.filter((action) => rest.actions.fetchFulfilled.match(action))).toHaveLength(2);
  });
});

describe('migrating-from-rtk-query: a page switch keeps the last page on screen', () => {
  it('useListPostsQuery(page) → useDLE: page 1 stays, dimmed, while page 2 loads; no "Loading" after the first', async () => {
    const second = deferred();
    const { page, net } = await load((url) => (url.endsWith('page=2') ? second.promise : json([{ id: 1, title: 'one' }])));
    renderIn(page, <page.PostPages group="react" />);
    expect(screen.getByText('Loading')).toBeTruthy();
    await settle();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one']);
    fireEvent.click(screen.getByText('Next'));
    await settle();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one']);
    expect(screen.getByRole('list').parentElement!.style.opacity).toBe('0.5');
    second.resolve(json([{ id: 2, title: 'two' }]));
    await settle();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['two']);
    expect(screen.getByRole('list').parentElement!.style.opacity).toBe('1');
    expect(requests(net)).toEqual([`GET ${A}/react/posts?page=1`, `GET ${A}/react/posts?page=2`]);
  });
});
