import { useController, useLoading, useSuspense } from 'rtk-rest/react';
import { nextPage } from '../api/ApiEndpoint';
import { PostResource } from '../api/resources';
import { describeError } from './describeError';
import { PostItem } from './PostItem';

/** The group's posts; "Load more" appends the next page the Link header names. */
export function PostList({ group, canWrite }: { group: string; canWrite: boolean }) {
  const { results, link } = useSuspense(PostResource.getList, { group });
  const ctrl = useController();
  const page = nextPage(link);
  const [loadMore, loading, error] = useLoading(() => ctrl.fetch(PostResource.getList.getPage, { group, page: page! }));
  return (
    <section aria-label="Posts">
      <ul className="posts">
        {results.map((post, index) => (
          <PostItem key={post.id || `pending-${index}`} post={post} canWrite={canWrite} />
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
