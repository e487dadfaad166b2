/**
 * A RealWorld-like ("Conduit") HTTP server for the tests of the client generated from
 * codegen/examples/conduit.yaml: articles keyed by slug, their comments, profiles, favorites and
 * a login, in memory. Answers wrap their entity (`{ article }`), lists leave the article's
 * `body` out, and `favorited` depends on who asks (the `Authorization: Token <jwt>` header), as
 * in the real API.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Article {
  slug: string;
  title: string;
  description: string;
  body: string;
  tagList: string[];
  createdAt: string;
  updatedAt: string;
  favoritedBy: Set<string>;
  author: string;
}

export interface ConduitServer {
  /** The API root, `http://127.0.0.1:<port>/api`. */
  readonly url: string;
  /** Every request as `METHOD /path?query`, with ` (signed in)` when it carried the token. */
  readonly requests: string[];
  close(): Promise<void>;
}

const TOKEN = 'jwt-ann';
const profile = (username: string) => ({ username, bio: null, image: null, following: false });

export async function startConduit(): Promise<ConduitServer> {
  const articles: Article[] = [];
  const comments = new Map<string, { id: number; body: string; createdAt: string; author: string }[]>();
  let nextComment = 1;
  const requests: string[] = [];
  const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
  for (let n = 1; n <= 3; n++) {
    articles.unshift({ slug: `article-${n}`, title: `Article ${n}`, description: `About ${n}`, body: `Body ${n}`, tagList: [], createdAt: day(n), updatedAt: day(n), favoritedBy: new Set(), author: 'bob' });
  }

  const view = (article: Article, user: string | undefined, withBody: boolean) => {
    const { favoritedBy, author, body, ...rest } = article;
    return { ...rest, ...(withBody ? { body } : {}), favorited: user !== undefined && favoritedBy.has(user), favoritesCount: favoritedBy.size, author: profile(author) };
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const user = req.headers.authorization === `Token ${TOKEN}` ? 'ann' : undefined;
    requests.push(`${method} ${url.pathname}${url.search}${user ? ' (signed in)' : ''}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const input = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const path = url.pathname.replace(/^\/api/, '');
    const [, resource, slug, sub, id] = path.split('/');
    const article = articles.find((a) => a.slug === slug);
    if (method !== 'GET' && path !== '/users/login' && !user) return send(401, { errors: { body: ['unauthorized'] } });

    if (path === '/users/login' && method === 'POST') return send(200, { user: { email: input.user.email, token: TOKEN, username: 'ann', bio: null } });
    if (resource === 'profiles' && slug) return send(200, { profile: profile(slug) });
    if (resource !== 'articles') return send(404, { errors: { body: ['not found'] } });
    if (!slug && method === 'GET') {
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const page = articles.slice(offset, offset + limit).map((a) => view(a, user, false));
      return send(200, { articles: page, articlesCount: articles.length });
    }
    if (!slug && method === 'POST') {
      const { title, description, body, tagList = [] } = input.article;
      const created: Article = { slug: title.toLowerCase().replace(/\W+/g, '-'), title, description, body, tagList, createdAt: day(9), updatedAt: day(9), favoritedBy: new Set(), author: user! };
      articles.unshift(created);
      return send(201, { article: view(created, user, true) });
    }
    if (!article) return send(404, { errors: { article: ['not found'] } });
    if (sub === 'favorite') {
      if (method === 'POST') article.favoritedBy.add(user!);
      else article.favoritedBy.delete(user!);
      return send(200, { article: view(article, user, true) });
    }
    if (sub === 'comments') {
      const list = comments.get(article.slug) ?? [];
      comments.set(article.slug, list);
      const shown = (c: (typeof list)[number]) => ({ ...c, author: profile(c.author) });
      if (method === 'GET') return send(200, { comments: list.map(shown) });
      if (method === 'POST') {
        const comment = { id: nextComment++, body: input.comment.body, createdAt: day(10), author: user! };
        list.push(comment);
        return send(200, { comment: shown(comment) });
      }
      comments.set(article.slug, list.filter((c) => String(c.id) !== id));
      return send(200);
    }
    if (method === 'GET') return send(200, { article: view(article, user, true) });
    if (method === 'PUT') {
      Object.assign(article, input.article, { updatedAt: day(11) });
      return send(200, { article: view(article, user, true) });
    }
    articles.splice(articles.indexOf(article), 1);
    return send(204);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: { server: [error.message] } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
