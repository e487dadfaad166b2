// The code of concepts.md: each region below is one code block of the page, in order.
// __tests__/docs checks that they match, and exercises them against a mock API.

// #region entities
import { Entity, schema } from 'rtk-rest';

export class User extends Entity {
  id = 0;
  username = '';
  createdAt = new Date(0);
  pk() {
    return `${this.id}`;
  }
  static override key = 'User';
  static override indexes = ['username']; // users can also be found by username
  static override schema = { createdAt: Date }; // an ISO string in the store, a Date when read
}

export class Post extends Entity {
  id = 0;
  title = '';
  likes = 0;
  author = User.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
  static override schema = { author: User }; // stored once in the User table, referenced by pk
}
// #endregion entities

// #region summaries
export class Article extends Entity {
  slug = '';
  title = '';
  body = '';
  pk() {
    return this.slug;
  }
  static override key = 'Article';
  static override detailFields = ['body']; // GET /articles leaves it out, GET /articles/:slug sends it
}
// #endregion summaries

// #region schemas
// A list, stored once per set of arguments; push and unshift add to it.
export const PostList = new schema.Collection([Post]);
// An object around a list (shorthand for schema.Object): `next` is stored as it is.
export const PostPage = { results: new schema.Collection([Post]), next: '' };
// A dictionary: { [anyKey]: User }.
export const UsersByRole = new schema.Values(User);
// A list mixing entity types, told apart by a field of each item.
export const SearchHit = new schema.Union({ post: Post, user: User }, 'kind');
// Data derived from the store, recomputed only when a Post changes.
export const postsByAuthor = new schema.Query(new schema.All(Post), (posts, { username }: { username: string }) =>
  posts.filter((post) => post.author?.username === username),
);
// #endregion schemas

// #region feed
// The schema of the feed endpoint (`path: '/articles/feed'`): its lists are apart from getList's.
export const Feed = new schema.Collection([Post], { argsKey: (args) => ({ ...args, list: 'feed' }) });
// #endregion feed

// #region endpoint
import { RestEndpoint } from 'rtk-rest';

export const getPost = new RestEndpoint({
  urlPrefix: 'https://api.example.com',
  path: '/:group/posts/:id',
  searchParams: {} as { fields?: string },
  schema: Post,
});

getPost.url({ group: 'react', id: 5, fields: 'title' }); // 'https://api.example.com/react/posts/5?fields=title'
getPost.key({ group: 'react', id: 5 }); // 'GET https://api.example.com/react/posts/5': the cache key
export const updatePost = getPost.extend({ method: 'PUT' }); // a mutation: (params, body)
// #endregion endpoint

// #region resource
import { createResource } from 'rtk-rest';
import type { OptimisticSnapshot } from 'rtk-rest';

export const PostResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/:group/posts/:id',
  schema: Post,
  searchParams: {} as { author?: string },
  paginationField: 'page',
  optimistic: true,
}).extend('like', {
  path: '/:group/posts/:id/like',
  method: 'POST',
  body: undefined,
  getOptimisticResponse(snapshot: OptimisticSnapshot, params: { id: number }) {
    const post = snapshot.get(Post, { id: params.id });
    if (post === undefined) throw snapshot.abort; // not loaded: no optimistic guess
    return { id: params.id, likes: post.likes + 1 };
  },
});
// #endregion resource

// #region store
import { configureStore } from '@reduxjs/toolkit';
import { createRest } from 'rtk-rest';

export const rest = createRest({
  dataExpiryLength: 60_000, // default: data is fresh for a minute
  errorExpiryLength: 1_000, // default: an error is retried after a second
  gc: { intervalMs: 300_000, graceMs: 120_000 }, // default; `false` keeps everything
});
export const store = configureStore({
  reducer: { [rest.reducerPath]: rest.reducer },
  middleware: (getDefault) => getDefault().concat(rest.middleware),
});
export type RootState = ReturnType<typeof store.getState>;
// #endregion store

// #region thunks
export async function tour() {
  const react = { group: 'react' };
  const posts = await store.dispatch(rest.fetch(PostResource.getList, react)); // always sends a request
  // Fresh, and found in the list's entities: resolves at once, no request.
  const first = await store.dispatch(rest.fetchIfStale(PostResource.get, { ...react, id: posts[0]!.id }));
  // The created post is appended to every stored list it belongs to.
  const created = await store.dispatch(rest.fetch(PostResource.getList.push, react, { title: 'New' }));
  // A local change, no request: every view of the post shows it.
  store.dispatch(rest.set(Post, { id: created.id }, (post: Post) => ({ ...post, title: `${post.title}!` })));
  // Drop the list's result: the next reader refetches it.
  store.dispatch(rest.invalidate(PostResource.getList, react));
  return { first, created };
}
// #endregion thunks

// #region selectors
export function readers(state: RootState) {
  const list = rest.selectResponse(state, PostResource.getList, { group: 'react' });
  // list: { data, error, status, isLoading, isFetching, expiryStatus, fetchedAt, expiresAt }
  const ann = rest.selectQuery(state, User, { username: 'ann' }); // through the username index
  const annsPosts = rest.selectQuery(state, postsByAuthor, { username: 'ann' });
  return { list, ann, annsPosts };
}
// #endregion selectors

// #region hooks
import { useController, useDLE, useLoading, useQuery, useSuspense } from 'rtk-rest/react';

export function PostView({ group, id }: { group: string; id: number }) {
  const post = useSuspense(PostResource.get, { group, id }); // suspends until loaded
  const { fetch } = useController();
  const [like, liking] = useLoading(() => fetch(PostResource.like, { group, id }));
  return (
    <article>
      <h1>{post.title}</h1>
      <AuthorName username={post.author.username} />
      <button onClick={like} disabled={liking}>
        ♥ {post.likes}
      </button>
    </article>
  );
}

function AuthorName({ username }: { username: string }) {
  const user = useQuery(User, { username }); // store only, never fetches
  return <span>{user?.username ?? 'unknown author'}</span>;
}

export function MaybePost({ group, id }: { group: string; id: number | null }) {
  // No Suspense; `null` arguments make the hook inactive (no request).
  const { data, loading, error } = useDLE(PostResource.get, id === null ? null : { group, id });
  if (error) return <p role="alert">{error.message}</p>;
  return <p>{loading ? 'Loading…' : (data?.title ?? 'Pick a post')}</p>;
}
// #endregion hooks

// #region rows
import { memo } from 'react';

export function Posts({ group }: { group: string }) {
  const posts = useSuspense(PostResource.getList, { group });
  return (
    <ul>
      {posts.map((post) => (
        <PostRow key={post.pk()} group={group} post={post} />
      ))}
    </ul>
  );
}

// Each post keeps its reference until it (or its author) changes: only its own row renders again.
const PostRow = memo(function PostRow({ group, post }: { group: string; post: Post }) {
  const { fetch } = useController();
  const [like, liking] = useLoading(() => fetch(PostResource.like, { group, id: post.id }));
  return (
    <li>
      {post.title}{' '}
      <button onClick={like} disabled={liking}>
        ♥ {post.likes}
      </button>
    </li>
  );
});
// #endregion rows

// #region expiry
export const getCategories = new RestEndpoint({
  urlPrefix: 'https://api.example.com',
  path: '/categories',
  dataExpiryLength: Infinity, // never stale: fetched once, refetched only after invalidate
});

export const getQuote = new RestEndpoint({
  urlPrefix: 'https://api.example.com',
  path: '/quotes/:symbol',
  dataExpiryLength: 5_000,
  invalidIfStale: true, // an old price must not be shown: readers suspend instead
});
// #endregion expiry

// #region errors
import { NetworkError } from 'rtk-rest';

// Keep showing the last good list when the server has a hiccup; 4xx errors still surface.
export const getFeed = PostResource.getList.extend({
  errorPolicy: (error: { status?: number }) => ((error.status ?? 0) >= 500 ? 'soft' : undefined),
  errorExpiryLength: 10_000, // retry a failed key at most every 10 s
});

export async function loadPost(id: number) {
  try {
    return await store.dispatch(rest.fetch(PostResource.get, { group: 'react', id }));
  } catch (error) {
    if (error instanceof NetworkError && error.status === 404) return undefined;
    throw error;
  }
}
// #endregion errors

// #region polling
import { useLive } from 'rtk-rest/react';

export class Stats extends Entity {
  id = 'site';
  online = 0;
  pk() {
    return this.id;
  }
  static override key = 'Stats';
}

export const getStats = new RestEndpoint({
  urlPrefix: 'https://api.example.com',
  path: '/stats',
  schema: Stats,
  pollFrequency: 5_000, // while someone subscribes
});

export function OnlineCount() {
  const stats = useLive(getStats); // useSuspense + useSubscription
  return <p>{stats.online} online</p>;
}

// Outside React: const unsubscribe = store.dispatch(rest.subscribe(getStats));
// #endregion polling

// #region bundle-size
import { buildCreateRest, garbageCollection } from 'rtk-rest';

// Only GC: no optimistic layers, polling, streams, refetch on focus, persistence, change tracking,
// retries, conditional requests, sharded tables, deletes by URL parameters or Link pagination.
export const createLeanRest = buildCreateRest(garbageCollection);
export const leanRest = createLeanRest({ reducerPath: 'lean' });
// #endregion bundle-size
