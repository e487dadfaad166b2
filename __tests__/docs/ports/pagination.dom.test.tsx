/**
 * RTK Query's "pagination" example (a posts list with Prev / Next buttons over answers of the
 * shape `{ page, per_page, total, total_pages, data: Post[] }`, and a total count) ported by
 * following only docs/migrating-from-rtk-query.md: `build.query` → an endpoint whose `schema` is
 * the answer's object around the list, `query: (page = 1) => \`posts?page=${page}\`` → a
 * `page` search parameter, `useListPostsQuery(page)` → `useDLE(listPosts, { page })` whose `data`
 * keeps the last page while the next loads (the `currentData` row).
 */
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { Entity, createResource } from 'rtk-rest';
import { useDLE } from 'rtk-rest/react';
import { deferred, json, stubFetch } from '../support';
import { listItems, renderApp, requestLog, settle, usePortEnvironment } from './support';

// ---- the port ----------------------------------------------------------------------------------

class Post extends Entity {
  id = '';
  title = '';
  status: 'draft' | 'published' | 'pending_review' = 'draft';
  pk() {
    return this.id;
  }
  static override key = 'Post';
}

const PostResource = createResource({ path: '/posts/:id', schema: Post });

const listPosts = PostResource.getList.extend({
  searchParams: {} as { page?: number },
  schema: { data: [Post], page: 0, per_page: 0, total: 0, total_pages: 0 },
});

function PostList() {
  const [page, setPage] = useState(1);
  const { data: posts, isLoading, isFetching } = useDLE(listPosts, { page });
  if (isLoading) return <div>Loading</div>;
  if (!posts?.data) return <div>No posts :(</div>;
  return (
    <section aria-label="Posts" aria-busy={isFetching}>
      <button aria-label="Previous page" onClick={() => setPage((prev) => prev - 1)} disabled={isFetching || page === 1}>
        ←
      </button>
      <button aria-label="Next page" onClick={() => setPage((prev) => prev + 1)} disabled={isFetching || page === posts.total_pages}>
        →
      </button>
      <span>{`${page} / ${posts.total_pages}`}</span>
      <ul>
        {posts.data.map(({ id, title, status }) => (
          <li key={id}>
            {title} ({status})
          </li>
        ))}
      </ul>
    </section>
  );
}

function PostsCountStat() {
  const { data: posts } = useDLE(listPosts, {});
  return <p>Total Posts: {`${posts?.total || 'NA'}`}</p>;
}

function PostsManager() {
  return (
    <main>
      <h1>Manage Posts</h1>
      <PostsCountStat />
      <PostList />
    </main>
  );
}

// ---- the behaviour tests: a stub server of 7 posts, 3 a page -----------------------------------

usePortEnvironment();

const all = Array.from({ length: 7 }, (_, i) => ({ id: `p${i + 1}`, title: `Post ${i + 1}`, status: i % 2 ? 'draft' : 'published' }));
const perPage = 3;
const answer = (page: number) => ({ page, per_page: perPage, total: all.length, total_pages: Math.ceil(all.length / perPage), data: all.slice((page - 1) * perPage, page * perPage) });

/** Answers at once, except the pages listed in `held`, which wait for the test. */
function server(held: Record<number, ReturnType<typeof deferred>> = {}) {
  const net = stubFetch((url) => {
    const page = Number(new URL(url, 'http://localhost').searchParams.get('page') ?? 1);
    return held[page] ? held[page].promise : json(answer(page));
  });
  return { net, requests: requestLog(net, ({ url }) => url) };
}

const titles = () => listItems();
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('RTK Query pagination example, ported: Prev / Next over pages of posts', () => {
  it('shows Loading, then page 1 of 3 and the total; Previous is disabled on the first page', async () => {
    const { requests } = server();
    renderApp(<PostsManager />);
    expect(screen.getByText('Loading')).toBeTruthy();
    await settle();
    expect(titles()).toEqual(['Post 1 (published)', 'Post 2 (draft)', 'Post 3 (published)']);
    expect(screen.getByText('1 / 3')).toBeTruthy();
    expect(screen.getByText('Total Posts: 7')).toBeTruthy();
    expect(button('Previous page').disabled).toBe(true);
    expect(button('Next page').disabled).toBe(false);
    expect(requests().sort()).toEqual(['/posts', '/posts?page=1']);
  });

  it('Next keeps page 1 on screen, buttons disabled, while page 2 loads, then shows page 2', async () => {
    const second = deferred();
    server({ 2: second });
    renderApp(<PostsManager />);
    await settle();
    fireEvent.click(button('Next page'));
    await settle();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(titles()).toEqual(['Post 1 (published)', 'Post 2 (draft)', 'Post 3 (published)']);
    expect(screen.getByRole('region', { name: 'Posts', busy: true })).toBeTruthy();
    expect(button('Next page').disabled).toBe(true);
    expect(button('Previous page').disabled).toBe(true);
    second.resolve(json(answer(2)));
    await settle();
    expect(titles()).toEqual(['Post 4 (draft)', 'Post 5 (published)', 'Post 6 (draft)']);
    expect(screen.getByText('2 / 3')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Posts', busy: false })).toBeTruthy();
    expect(button('Previous page').disabled).toBe(false);
  });

  it('Next is disabled on the last page; Previous goes back to a page already loaded without a request', async () => {
    const { requests } = server();
    renderApp(<PostsManager />);
    await settle();
    fireEvent.click(button('Next page'));
    await settle();
    fireEvent.click(button('Next page'));
    await settle();
    expect(titles()).toEqual(['Post 7 (published)']);
    expect(screen.getByText('3 / 3')).toBeTruthy();
    expect(button('Next page').disabled).toBe(true);
    const sent = requests().length;
    fireEvent.click(button('Previous page'));
    await settle();
    expect(titles()).toEqual(['Post 4 (draft)', 'Post 5 (published)', 'Post 6 (draft)']);
    expect(screen.getByText('2 / 3')).toBeTruthy();
    expect(requests()).toHaveLength(sent);
  });
});
