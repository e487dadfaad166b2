import type { Application, Request } from 'json-server';
import type { Context } from './context';
import type { StoredPost } from './types';
import { HttpError, pathOf, positiveInt, route } from './http';

/** The `:id` route parameter, or a 404 when it is not a positive integer. */
export function postId(req: Request): number {
  const id = positiveInt(req.params.id);
  if (id === undefined) throw new HttpError(404, `No post ${req.params.id ?? ''} in ${req.params.group ?? ''}`);
  return id;
}

/** The query of a request URL, exactly as sent. */
function queryOf(req: Request): URLSearchParams {
  return new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
}

/** The absolute URL of the same list with `page` replaced, from the request's Host header. */
export function pageUrl(req: Request, page: number): string {
  const query = queryOf(req);
  query.set('page', String(page));
  return `${req.protocol}://${req.get('host') ?? 'localhost'}${pathOf(req)}?${query.toString()}`;
}

/**
 * The group's posts newest first (by descending id, which follows creation), only those by
 * `author` (a username) when given. A feed reads newest first, so a post just created opens
 * page 1, where the app shows it at the top of the list.
 */
function groupPosts(ctx: Context, group: string, author: string | null): StoredPost[] {
  const { posts, users } = ctx.data.tables;
  const authorId = author === null ? undefined : (users.find((u) => u.username === author)?.id ?? -1);
  return posts
    .filter((post) => post.group === group && (authorId === undefined || post.author_id === authorId))
    .sort((a, b) => b.id - a.id);
}

/**
 * GET /api/:group/posts?author=&page=: one page of posts, with `X-Total-Count` and, when
 * another page follows, `Link: <url>; rel="next"`.
 */
function listPosts(ctx: Context) {
  return route((req, res) => {
    const query = queryOf(req);
    const pageParam = query.get('page');
    const page = pageParam === null ? 1 : positiveInt(pageParam);
    if (page === undefined) throw new HttpError(400, 'page must be a positive integer');
    const posts = groupPosts(ctx, req.params.group ?? '', query.get('author'));
    const start = (page - 1) * ctx.pageSize;
    res.set('X-Total-Count', String(posts.length));
    if (start + ctx.pageSize < posts.length) res.set('Link', `<${pageUrl(req, page + 1)}>; rel="next"`);
    res.json(posts.slice(start, start + ctx.pageSize).map((post) => ctx.data.expandPost(post)));
  });
}

/** The read routes of posts and their comments. */
export function postRoutes(app: Application, ctx: Context): void {
  app.get('/api/:group/posts', listPosts(ctx));
  app.get(
    '/api/:group/posts/:id',
    route((req, res) => {
      res.json(ctx.data.expandPost(ctx.data.post(req.params.group ?? '', postId(req))));
    }),
  );
  app.get(
    '/api/:group/posts/:id/comments',
    route((req, res) => {
      const post = ctx.data.post(req.params.group ?? '', postId(req));
      const comments = ctx.data.tables.comments.filter((comment) => comment.post_id === post.id).sort((a, b) => a.id - b.id);
      res.json(comments.map((comment) => ctx.data.expandComment(comment)));
    }),
  );
}
