import { useCallback, useState } from 'react';
import { useController, usePaginated, useSubscription } from 'rtk-rest/react';
import { PostResource } from '../api/resources';
import type { Post } from '../api/resources';
import { describeError } from './describeError';
import { PostItem } from './PostItem';

/**
 * The group's posts, newest first. "Load more" appends the page the server's `Link` header names
 * (`usePaginated`); a failed page shows its error under the list, which stays as it was. While
 * the list is shown it is live: posts created elsewhere appear at the top as they are published.
 */
export function PostList({ group, canWrite }: { group: string; canWrite: boolean }) {
  const { data: posts, error, hasNextPage, fetchNextPage, isFetchingNextPage, nextPageError } = usePaginated(PostResource.getList, { group });
  // Subscribing starts the list's `stream` (resources.ts), and unmounting stops it.
  useSubscription(PostResource.getList, { group });
  const ctrl = useController();
  // An optimistic delete unmounts the row at once, so the row cannot keep its own failure: the
  // list keeps it for the row that comes back. `onDelete` keeps its identity for the memoized rows.
  const [deleteErrors, setDeleteErrors] = useState<Readonly<Record<number, unknown>>>({});
  const onDelete = useCallback(
    async (post: Post) => {
      setDeleteErrors(({ [post.id]: _retried, ...others }) => others);
      try {
        await ctrl.fetch(PostResource.delete, { group: post.group, id: post.id });
      } catch (failure) {
        setDeleteErrors((errors) => ({ ...errors, [post.id]: failure }));
      }
    },
    [ctrl],
  );
  // The first page: the boundary around the list shows its loading text and its error (with Retry).
  if (posts === undefined) {
    if (error !== undefined) throw error;
    return <p className="loading">Loading posts…</p>;
  }
  return (
    <section aria-label="Posts">
      <ul className="posts">
        {posts.map((post, index) => (
          <PostItem key={post.id || `pending-${index}`} post={post} canWrite={canWrite} onDelete={onDelete} deleteError={deleteErrors[post.id]} />
        ))}
      </ul>
      {posts.length === 0 && <p className="empty">No posts yet.</p>}
      {hasNextPage && (
        <button className="more" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
      {nextPageError !== undefined && (
        <p role="alert" className="error">
          {describeError(nextPageError)}
        </p>
      )}
    </section>
  );
}
