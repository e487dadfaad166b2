import type { Application, Request } from 'json-server';
import type { Context } from './context';
import type { StoredPost } from './types';
import { currentUser } from './auth';
import { nextId } from './data';
import { HttpError, route } from './http';
import { postId } from './posts';

interface PostFields {
  title?: string;
  body?: string;
}

/** `title` and `body` of a JSON body: strings when present, and a title never empty. */
export function postFields(body: unknown, titleRequired: boolean): PostFields {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const { title, body: text } = record;
  if (title === undefined && titleRequired) throw new HttpError(400, 'title is required');
  if (title !== undefined && (typeof title !== 'string' || title.trim() === '')) {
    throw new HttpError(400, 'title must be a non-empty string');
  }
  if (text !== undefined && typeof text !== 'string') throw new HttpError(400, 'body must be a string');
  return { title, body: text };
}

function targetPost(ctx: Context, req: Request): StoredPost {
  return ctx.data.post(req.params.group ?? '', postId(req));
}

/** PATCH (`titleRequired` false) and PUT (true): changes the given fields, stamps updated_at. */
function updatePost(ctx: Context, titleRequired: boolean) {
  return route((req, res) => {
    const post = targetPost(ctx, req);
    const fields = postFields(req.body, titleRequired);
    if (fields.title !== undefined) post.title = fields.title;
    if (fields.body !== undefined) post.body = fields.body;
    post.updated_at = new Date(ctx.now()).toISOString();
    res.json(ctx.data.expandPost(post));
  });
}

/** The write routes of posts; requireAuth has run before them. */
export function postWriteRoutes(app: Application, ctx: Context): void {
  app.post(
    '/api/:group/posts',
    route((req, res) => {
      const fields = postFields(req.body, true);
      const { posts } = ctx.data.tables;
      const at = new Date(ctx.now()).toISOString();
      const post: StoredPost = {
        id: nextId(posts),
        group: req.params.group ?? '',
        title: fields.title ?? '',
        body: fields.body ?? '',
        author_id: currentUser(res).id,
        created_at: at,
        updated_at: at,
        like_count: 0,
        rating: '0.00',
      };
      posts.push(post);
      const created = ctx.data.expandPost(post);
      res.status(201).json(created);
      // Then every client listening to the group's events gets it too (see events.ts). After the
      // answer, so that the client that created it usually has its answer first and sees the
      // pushed copy as one it already lists.
      ctx.events.publish(created);
    }),
  );
  app.patch('/api/:group/posts/:id', updatePost(ctx, false));
  app.put('/api/:group/posts/:id', updatePost(ctx, true));
  app.delete(
    '/api/:group/posts/:id',
    route((req, res) => {
      const { id } = targetPost(ctx, req);
      const tables = ctx.data.tables;
      tables.posts = tables.posts.filter((post) => post.id !== id);
      tables.comments = tables.comments.filter((comment) => comment.post_id !== id);
      res.json({ id });
    }),
  );
  app.post(
    '/api/:group/posts/:id/like',
    route((req, res) => {
      const post = targetPost(ctx, req);
      post.like_count += 1;
      res.json({ id: post.id, like_count: post.like_count });
    }),
  );
}
