/**
 * Through the hooks: a failed "Load more" (`getList.getPage`) leaves the list on screen
 * (`useSuspense` and `useDLE` of the list keep showing it) and shows the page's own error.
 */
import { act, screen } from '@testing-library/react';
import { useController, useDLE, useLoading, useSuspense } from 'rtk-rest/react';
import { Async, net, PostResource, react, renderWith, settle, setup, useTestEnvironment } from './support';
import type { Post } from './support';

useTestEnvironment();

const getPage = PostResource.getList.getPage;

/** The list (`useSuspense`) with a "Load more" button (`useLoading` around `fetch(getPage)`). */
function Feed() {
  const posts = useSuspense(PostResource.getList, react);
  const { fetch } = useController();
  const [loadMore, loading, error] = useLoading(() => fetch(getPage, { ...react, page: 2 }));
  return (
    <section>
      <ul>
        {posts.map((post: Post) => (
          <li key={post.id}>{post.title}</li>
        ))}
      </ul>
      <button onClick={() => void loadMore()}>{loading ? 'loading more' : 'more'}</button>
      {error !== undefined && <p role="alert">{(error as Error).message}</p>}
    </section>
  );
}

/** `useDLE` of the list. */
function FeedStatus() {
  const { data, error } = useDLE(PostResource.getList, react);
  return <p>{`dle: ${data?.length ?? 'none'} ${error === undefined ? 'ok' : 'error'}`}</p>;
}

const titles = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('a failed getPage leaves the list intact (hooks)', () => {
  it('after a failed "Load more", useSuspense and useDLE of the list keep showing it; the error shows beside it', async () => {
    const { store } = setup({ gc: false });
    renderWith(
      store,
      <Async>
        <Feed />
        <FeedStatus />
      </Async>,
    );
    (await net.nth(1)).reply([
      { id: 1, title: 'one' },
      { id: 2, title: 'two' },
    ]);
    await settle();
    expect(titles()).toEqual(['one', 'two']);
    act(() => screen.getByRole('button').click());
    // 500: not retried by default.
    (await net.nth(2)).reply({ message: 'down' }, { status: 500, statusText: 'Internal Server Error' });
    await settle();
    expect(screen.queryByText(/^error: /)).toBeNull();
    expect(titles()).toEqual(['one', 'two']);
    expect(screen.getByRole('alert').textContent).toContain('Internal Server Error');
    expect(screen.getByText(/^dle: /).textContent).toBe('dle: 2 ok');
    // The list key is not due: nothing refetches it.
    expect(net.count).toBe(2);
  });
});
