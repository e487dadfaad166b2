import { notFound } from 'next/navigation';
import { HydrateRest } from 'rtk-rest/react';
import { PostDetail } from '../../../components/PostDetail';
import { PostList } from '../../../components/PostList';
import { PostResource, rest, sliceOf } from '../../../lib/api';
import { requestStore } from '../../../lib/server';

export const dynamic = 'force-dynamic';

/**
 * A post beside the list. Both reads are fetched here on the request's store, in parallel; the
 * post and its row in the list are one entity in the store, so a like or an edit in the browser
 * shows in both.
 */
export default async function PostPage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  if (!Number.isSafeInteger(id) || id < 1) notFound();
  const store = await requestStore();
  const [post] = await Promise.allSettled([
    store.dispatch(rest.fetch(PostResource.get, { group: 'react', id })),
    store.dispatch(rest.fetch(PostResource.getList, { group: 'react' })),
  ]);
  if (post.status === 'rejected') notFound();
  return (
    <HydrateRest slice={sliceOf(store)}>
      <div className="columns">
        <PostDetail group="react" id={id} />
        <PostList group="react" current={id} />
      </div>
    </HydrateRest>
  );
}
