import { useCallback, useState } from 'react';
import { useController, useLoading, useSuspense } from 'rtk-rest/react';
import { nextPage } from '../api/ApiEndpoint';
import { PostResource } from '../api/resources';
import type { Post } from '../api/resources';
import { describeError } from './describeError';
import { PostItem } from './PostItem';

/** The group's posts, newest first; "Load more" appends the next page the Link header names. */
export function PostList({ group, canWrite }: { group: string; canWrite: boolean }) {
  const { results, link } = useSuspense(PostResource.getList, { group });
  const ctrl = useController();
  const page = nextPage(link);
  const [loadMore, loading, error] = useLoading(() => ctrl.fetch(PostResource.getList.getPage, { group, page: page! }));
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
  return (
    <section aria-label="Posts">
      <ul className="posts">
        {results.map((post, index) => (
          <PostItem key={post.id || `pending-${index}`} post={post} canWrite={canWrite} onDelete={onDelete} deleteError={deleteErrors[post.id]} />
        ))}
      </ul>
      {results.length === 0 && <p className="empty">No posts yet.</p>}
      {page !== undefined && (
        <button className="more" onClick={() => void loadMore()} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
      {error !== undefined && <p role="alert" className="error">{describeError(error)}</p>}
    </section>
  );
}
