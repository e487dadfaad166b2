/**
 * The example's data model, declared once as a user of rtk-rest would: entities with date and
 * decimal deserializers, a posts resource with optimistic mutations, Link-header pagination,
 * live new posts, a like counter, comments, the polled site stats and login.
 */
import { createResource, Entity, schema } from 'rtk-rest';
import { ApiEndpoint, fromWire } from './ApiEndpoint';
import { Decimal } from './Decimal';
import type { SessionUser } from './session';
import type { OptimisticSnapshot, StreamContext } from 'rtk-rest';

export class User extends Entity {
  id = 0;
  username = '';
  displayName = '';
  createdAt = new Date(0);
  pk() {
    return `${this.id}`;
  }
  static override key = 'User';
  static override schema = { createdAt: Date };
}

export class Post extends Entity {
  id = 0;
  group = '';
  title = '';
  body = '';
  author = User.fromJS();
  createdAt = new Date(0);
  updatedAt = new Date(0);
  likeCount = 0;
  rating = new Decimal();
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
  static override schema = { author: User, createdAt: Date, updatedAt: Date, rating: Decimal };
}

export class Comment extends Entity {
  id = 0;
  postId = 0;
  body = '';
  author = User.fromJS();
  createdAt = new Date(0);
  pk() {
    return `${this.id}`;
  }
  static override key = 'Comment';
  static override schema = { author: User, createdAt: Date };
}

export interface PostBody {
  title: string;
  body: string;
}

/** Who is creating posts right now (set on login), for the optimistic author of a new post. */
let currentUser: SessionUser | undefined;
export const setCurrentUser = (user: SessionUser | undefined) => {
  currentUser = user;
};

/** A group's posts: one stored list per set of arguments, which `unshift` adds to. */
const postList = new schema.Collection([Post]);

/**
 * The posts list, newest first. The server names the next page in a `Link: <…>; rel="next"`
 * header, which `usePaginated` follows as given: no parsing here.
 */
const getPostList = new ApiEndpoint({
  path: '/api/:group/posts',
  searchParams: {} as { author?: string },
  schema: postList,
  name: 'Post.getList',
  /**
   * Live new posts (docs/recipes/sse.md): while a component subscribes to the list
   * (`useSubscription` in PostList), the server pushes each post created in the group, by anyone,
   * over server-sent events. Each is written with `set(postList.unshift, …)`, an ordinary action:
   * it goes on top of the list with no refetch, and only once, since a list never holds a post
   * twice (one this tab created itself is already there).
   */
  stream({ args: [{ group }], signal, set }: StreamContext<[{ group: string }]>) {
    const source = new EventSource(`/api/${encodeURIComponent(group)}/posts/events`);
    source.addEventListener('message', (event) => set(postList.unshift, { group }, fromWire(JSON.parse(event.data))));
    // The list unmounted (or the store was reset): close the connection, the server forgets us.
    signal.addEventListener('abort', () => source.close());
  },
});

export const PostResource = createResource({
  path: '/api/:group/posts/:id',
  schema: Post,
  Endpoint: ApiEndpoint,
  body: {} as PostBody,
  optimistic: true,
}).extend(() => ({
  getList: getPostList,
  /**
   * Creates a post; it shows at once at the top of the list (a placeholder until the server
   * answers), where the server lists it too: newest first.
   */
  create: getPostList.unshift.extend({
    getOptimisticResponse(_snapshot: unknown, params: { group: string }, body: PostBody) {
      const now = new Date().toISOString();
      return { ...body, group: params.group, author: currentUser ?? {}, createdAt: now, updatedAt: now, likeCount: 0, rating: '0.00' };
    },
  }),
  /** One more like; the count moves at once and settles on the server's count. */
  like: new ApiEndpoint({
    path: '/api/:group/posts/:id/like',
    method: 'POST',
    body: undefined,
    schema: Post,
    name: 'Post.like',
    getOptimisticResponse(snapshot: OptimisticSnapshot, params: { group: string; id: number }) {
      const post = snapshot.get(Post, { id: params.id });
      if (post === undefined) throw snapshot.abort;
      return { id: params.id, likeCount: post.likeCount + 1 };
    },
  }),
}));

export const CommentResource = createResource({
  path: '/api/:group/posts/:postId/comments/:id',
  schema: Comment,
  Endpoint: ApiEndpoint,
}).extend(() => ({
  getList: new ApiEndpoint({ path: '/api/:group/posts/:postId/comments', schema: [Comment], name: 'Comment.getList' }),
}));

export class Stats extends Entity {
  id = '';
  visitors = 0;
  online = 0;
  updatedAt = new Date(0);
  pk() {
    return this.id;
  }
  static override key = 'Stats';
  static override schema = { updatedAt: Date };
}

/** Site stats that change on the server; polled every 2 s while the widget is mounted. */
export const getStats = new ApiEndpoint({ path: '/api/stats', schema: Stats, pollFrequency: 2000, dataExpiryLength: 2000, name: 'getStats' });

/** `login(form)`: a form POST answering `{ accessToken, expiresAt, user }`; called directly, so the token never enters the store. */
export const login = new ApiEndpoint({ path: '/api/login', method: 'POST', name: 'login' });
export const logout = new ApiEndpoint({ path: '/api/logout', method: 'POST', body: undefined, name: 'logout' });
