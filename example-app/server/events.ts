import type { Application, Response } from 'json-server';
import type { Context } from './context';
import type { Post } from './types';
import { route } from './http';

type Send = (post: Post) => void;

/**
 * The clients listening for new posts, by group. A route that creates a post publishes it here;
 * each connected client of that group gets it. A client is removed when its connection closes,
 * so nothing is kept for a browser tab that went away.
 */
export class PostEvents {
  private readonly listeners = new Map<string, Set<Send>>();

  /** How many clients are connected, over all groups (the control route shows it). */
  get clients(): number {
    let count = 0;
    for (const group of this.listeners.values()) count += group.size;
    return count;
  }

  /** Adds a client of `group`; the returned function removes it. */
  listen(group: string, send: Send): () => void {
    const listeners = this.listeners.get(group) ?? new Set<Send>();
    this.listeners.set(group, listeners);
    listeners.add(send);
    return () => {
      listeners.delete(send);
      if (listeners.size === 0 && this.listeners.get(group) === listeners) this.listeners.delete(group);
    };
  }

  /** Sends a new post to every client of its group. */
  publish(post: Post): void {
    for (const send of this.listeners.get(post.group) ?? []) send(post);
  }
}

/** One server-sent event: the post's id (so a client sees which post it last got) and its JSON. */
function writePost(res: Response, post: Post): void {
  res.write(`id: ${post.id}\ndata: ${JSON.stringify(post)}\n\n`);
}

/**
 * GET /api/:group/posts/events: a `text/event-stream` that pushes every post created in the
 * group from now on, by any client, as a `message` event whose data is the post as
 * `POST /api/:group/posts` answered it. Mounted before the failure switches: a browser's
 * EventSource reconnects on its own, and must not use up a failure armed for the next request.
 */
export function eventRoutes(app: Application, ctx: Context): void {
  app.get(
    '/api/:group/posts/events',
    route((req, res) => {
      const stop = ctx.events.listen(req.params.group ?? '', (post) => writePost(res, post));
      // The response never ends by itself: its close is the client leaving (a closed tab, a
      // reload, EventSource.close()) or the server closing. Forget the client then.
      res.on('close', stop);
      res.status(200).set('Content-Type', 'text/event-stream').set('Connection', 'keep-alive');
      res.flushHeaders();
      // Reconnect a second after a drop (EventSource's default is about 3 s).
      res.write('retry: 1000\n\n');
    }),
  );
}
