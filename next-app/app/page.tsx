import { HydrateRest } from 'rtk-rest/react';
import { PostList } from '../components/PostList';
import { PostResource, rest, sliceOf } from '../lib/api';
import { requestStore } from '../lib/server';

// Rendered per request: the posts change (likes, edits), and the store is this request's own.
export const dynamic = 'force-dynamic';

/**
 * The posts list. A Server Component: it fetches on a store made for this request, then hands
 * the slice (plain JSON) to the client, where HydrateRest merges it into the tab's store; the list
 * renders from it on the server and in the browser, so the first HTML holds the posts and the
 * browser sends no request for them.
 */
export default async function PostsPage() {
  const store = await requestStore();
  await store.dispatch(rest.fetch(PostResource.getList, { group: 'react' }));
  return (
    <HydrateRest slice={sliceOf(store)}>
      <h2>Posts</h2>
      <PostList group="react" />
    </HydrateRest>
  );
}
