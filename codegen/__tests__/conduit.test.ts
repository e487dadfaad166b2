/**
 * A client generated from a RealWorld-like description (codegen/examples/conduit.yaml: answers
 * wrapped in `{ article }`, lists of inline article summaries with `limit`/`offset`, reads whose
 * auth is optional, pks that are not `id`) reaches the cache, against a real HTTP server, through
 * a real store with RTK's default checks.
 */
import { join } from 'node:path';
import { main } from '../src/cli';
import { generateToDir } from '../src';
import { startConduit, type ConduitServer } from './conduitServer';
import { storeWithRest, tempDir, typecheck } from './support';

const DESCRIPTION = join(__dirname, '../examples/conduit.yaml');
const outDir = tempDir('rtk-rest-codegen-conduit-');
let server: ConduitServer;
let client: any;
let inferred: string[];

beforeAll(async () => {
  server = await startConduit();
  ({ inferred } = (await generateToDir(DESCRIPTION, outDir(), { baseUrl: server.url })).warnings);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  client = require(join(outDir(), 'index.ts'));
});
afterAll(async () => {
  client?.setAuth({});
  await server.close();
});
afterEach(() => client.setAuth({}));

const slugs = (list: any) => list.articles.map((a: any) => a.slug);

describe('a client generated from a RealWorld-like description, against its server', () => {
  it('compiles with tsc --strict', () => {
    expect(typecheck(outDir())).toEqual([]);
  }, 60_000);

  it('infers the pks the paths use (slug, username) and says so in the summary', async () => {
    expect(inferred).toEqual(['Profile pk "username" (GET /profiles/{username})', 'Article pk "slug" (GET /articles/{slug})']);
    expect(client.Article.fromJS({ slug: 'a-b', title: 'x' }).pk()).toBe('a-b');
    expect(client.Profile.fromJS({ username: 'ann' }).pk()).toBe('ann');
    const lines: string[] = [];
    expect(await main([DESCRIPTION, '--out', join(outDir(), 'cli')], (line) => lines.push(line))).toBe(0);
    expect(lines.filter((l) => l.startsWith('inferred '))).toEqual(inferred.map((l) => `inferred ${l}: the config's "pk" chooses another key`));
    expect(lines.at(-1)).toContain('inferred: Profile pk "username" (GET /profiles/{username}), Article pk "slug" (GET /articles/{slug})');
  });

  it('loads a wrapped list of article summaries as Articles, with the next page by offset', async () => {
    const { rest, store } = storeWithRest();
    const { ArticleResource, Article } = client;
    const page: any = await store.dispatch(rest.fetch(ArticleResource.getList, { limit: 2 }));
    expect(page.articlesCount).toBe(3);
    expect(slugs(page)).toEqual(['article-3', 'article-2']);
    expect(page.articles[0]).toBeInstanceOf(Article);
    expect(page.articles[0].createdAt).toEqual(new Date(Date.UTC(2026, 0, 3)));
    await store.dispatch(rest.fetch(ArticleResource.getList.getPage, { limit: 2, offset: 2 }));
    expect(slugs(rest.selectData(store.getState(), ArticleResource.getList, { limit: 2 }))).toEqual(['article-3', 'article-2', 'article-1']);
  });

  it('an article the list loaded as a summary (no body) is fetched by a detail read, and its body shows in the list too', async () => {
    const { rest, store } = storeWithRest();
    const { ArticleResource, Article } = client;
    expect(Article.detailFields).toEqual(['body']);
    await store.dispatch(rest.fetch(ArticleResource.getList, { limit: 10 }));
    const summary = () => (rest.selectData(store.getState(), ArticleResource.getList, { limit: 10 }) as any).articles.find((a: any) => a.slug === 'article-2');
    expect(summary().body).toBe('');
    server.requests.length = 0;
    const read: any = await store.dispatch(rest.fetchIfStale(ArticleResource.get, { slug: 'article-2' }));
    expect(server.requests).toEqual(['GET /api/articles/article-2']);
    expect(read).toBeInstanceOf(Article);
    expect(read.body).toBe('Body 2');
    expect(summary().body).toBe('Body 2');
    // Complete now, and its key has its answer: a second read is answered from the store.
    await store.dispatch(rest.fetchIfStale(ArticleResource.get, { slug: 'article-2' }));
    expect(server.requests).toEqual(['GET /api/articles/article-2']);
  });

  it('a wrapped create reaches the stored lists, a wrapped read and edit answer the Article, a delete removes it', async () => {
    const { rest, store } = storeWithRest();
    const { ArticleResource, Article } = client;
    client.setAuth({ Token: 'Token jwt-ann' });
    await store.dispatch(rest.fetch(ArticleResource.getList, { limit: 10 }));
    const created: any = await store.dispatch(rest.fetch(ArticleResource.create, { article: { title: 'Fresh news', description: 'd', body: 'b' } }));
    expect(created).toBeInstanceOf(Article);
    expect(created.slug).toBe('fresh-news');
    expect(slugs(rest.selectData(store.getState(), ArticleResource.getList, { limit: 10 }))).toContain('fresh-news');

    const read: any = await store.dispatch(rest.fetch(ArticleResource.get, { slug: 'fresh-news' }));
    expect(read.body).toBe('b');
    await store.dispatch(rest.fetch(ArticleResource.update, { slug: 'fresh-news' }, { article: { title: 'Fresh news', description: 'edited', body: 'b2' } }));
    expect((rest.selectData(store.getState(), ArticleResource.get, { slug: 'fresh-news' }) as any).description).toBe('edited');

    await store.dispatch(rest.fetch(ArticleResource.delete, { slug: 'fresh-news' }));
    expect(slugs(rest.selectData(store.getState(), ArticleResource.getList, { limit: 10 }))).not.toContain('fresh-news');
    expect(rest.selectData(store.getState(), ArticleResource.get, { slug: 'fresh-news' })).toBeUndefined();
  });

  it('comments: a list without an item GET still makes a resource whose create and delete reach the list', async () => {
    const { rest, store } = storeWithRest();
    const { CommentResource, Comment } = client;
    client.setAuth({ Token: 'Token jwt-ann' });
    await store.dispatch(rest.fetch(CommentResource.getList, { slug: 'article-1' }));
    const comment: any = await store.dispatch(rest.fetch(CommentResource.create, { slug: 'article-1' }, { comment: { body: 'First!' } }));
    expect(comment).toBeInstanceOf(Comment);
    const stored = () => (rest.selectData(store.getState(), CommentResource.getList, { slug: 'article-1' }) as any).comments.map((c: any) => c.body);
    expect(stored()).toEqual(['First!']);
    await store.dispatch(rest.fetch(CommentResource.delete, { slug: 'article-1', id: comment.id }));
    expect(stored()).toEqual([]);
  });

  it('reads whose auth is optional send the token when it is set: a refetch keeps favorited', async () => {
    const { rest, store } = storeWithRest();
    const { ArticleResource, login, favoriteArticle, unfavoriteArticle, setAuth } = client;
    const { user }: any = await store.dispatch(rest.fetch(login, { user: { email: 'ann@example.com', password: 'secret' } }));
    setAuth({ Token: `Token ${user.token}` });
    await store.dispatch(rest.fetch(ArticleResource.getList, {}));
    await store.dispatch(rest.fetch(favoriteArticle, { slug: 'article-2' }));
    const favorited = () => (rest.selectData(store.getState(), ArticleResource.getList, {}) as any).articles.find((a: any) => a.slug === 'article-2').favorited;
    expect(favorited()).toBe(true);
    server.requests.length = 0;
    await store.dispatch(rest.fetch(ArticleResource.getList, {}));
    await store.dispatch(rest.fetch(ArticleResource.get, { slug: 'article-2' }));
    expect(server.requests).toEqual(['GET /api/articles (signed in)', 'GET /api/articles/article-2 (signed in)']);
    expect(favorited()).toBe(true);
    await store.dispatch(rest.fetch(unfavoriteArticle, { slug: 'article-2' }));
    expect(favorited()).toBe(false);
  });
});
