import { Entity, RestEndpoint, createResource, schema } from 'rtk-rest';
import { A, K, Post, PostResource, User, ann, fetchAnswered, flush, net, outcome, p5, p6, post5, rawSlice, react, setup, sliceOf, useTestEnvironment } from './support';
import { Article, ArticleResource } from '../support/article';

// The documented example state, exactly; request start order for results and meta, and
// invalidation during flight; inferred reads.

useTestEnvironment();

const getUser = new RestEndpoint({ path: '/users/:id', urlPrefix: A, schema: User });
const feed = new RestEndpoint({
  path: '/:group/feed',
  urlPrefix: A,
  schema: { results: new schema.Collection([Post]), next: '' },
  paginationField: 'page',
});
const FEED = `GET ${A}/react/feed`;

describe('the example state', () => {
  it('getList started at 1000 and answered at 1040 leaves exactly the documented slice', async () => {
    const { rest, store } = setup();
    const promise = store.dispatch(rest.fetch(PostResource.getList, react));
    const request = await net.nth(1);
    jest.setSystemTime(1040);
    request.respond(
      new Response('[{"id":5,"title":"hi","author":{"id":1,"username":"ann","createdAt":"2024-01-01T00:00:00.000Z"}}]', {
        headers: { 'content-type': 'application/json' },
      }),
    );
    await promise;
    const m = { fetchedAt: 1000, date: 1040, expiresAt: 61040 };
    expect(sliceOf(rest, store.getState())).toStrictEqual({
      entities: {
        User: { '1': { id: 1, username: 'ann', createdAt: '2024-01-01T00:00:00.000Z' } },
        Post: { '5': { id: 5, title: 'hi', author: '1' } },
        '[Post]': { '{"group":"react"}': ['5'] },
      },
      entitiesMeta: { User: { '1': m }, Post: { '5': m }, '[Post]': { '{"group":"react"}': m } },
      indexes: { User: { username: { ann: '1' } } },
      endpoints: { [K.list]: '{"group":"react"}' },
      meta: { [K.list]: m },
      optimistic: [],
      lastReset: 0,
    });
  });

  it('selectData returns [Post { id: 5, title: "hi", author: User { id: 1, username: "ann", createdAt: Date(2024-01-01) } }]', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5], 1040);
    const data = rest.selectData(store.getState(), PostResource.getList, react);
    expect(data).toHaveLength(1);
    const post = data![0]!;
    expect(post).toBeInstanceOf(Post);
    expect(post).toMatchObject({ id: 5, title: 'hi' });
    expect(post.author).toBeInstanceOf(User);
    expect(post.author).toMatchObject({ id: 1, username: 'ann' });
    expect(post.author.createdAt).toBeInstanceOf(Date);
    expect(post.author.createdAt.getTime()).toBe(Date.UTC(2024, 0, 1));
  });
});

describe('results and meta follow request start order', () => {
  it('an older page response does not replace the list key’s result or meta, but its items are still appended; its promise resolves to the current value', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(feed, react), { results: [{ id: 1 }], next: '2' });
    jest.setSystemTime(2000);
    const page2 = store.dispatch(rest.fetch(feed.getPage!, { ...react, page: 2 }));
    await net.nth(2);
    jest.setSystemTime(2010);
    const page3 = store.dispatch(rest.fetch(feed.getPage!, { ...react, page: 3 }));
    await net.nth(3);
    jest.setSystemTime(2020);
    net.requests[2]!.reply({ results: [{ id: 3 }], next: '4' });
    await page3;
    jest.setSystemTime(2030);
    net.requests[1]!.reply({ results: [{ id: 2 }], next: '3' });
    const value = await page2;
    const slice = rawSlice(rest, store.getState());
    // The newer page (3) wrote the meta, with its cursor.
    expect(slice.meta[FEED]).toStrictEqual({ fetchedAt: 2010, date: 2020, expiresAt: 62020, cursor: 3 });
    expect(slice.endpoints[FEED].next).toBe('4');
    const current = rest.selectData(store.getState(), feed, react);
    expect(current?.next).toBe('4');
    expect(current?.results.map((p: Post) => p.id).sort()).toEqual([1, 2, 3]);
    // The current value of the key: equal to the list read.
    expect(value).toEqual(current);
    value?.results.forEach((post: Post) => expect(post).toBeInstanceOf(Post));
  });

  it('an older success still merges its entities (fills missing fields only) and removes its pending id', async () => {
    const { rest, store } = setup();
    const inFlight = store.dispatch(rest.fetch(PostResource.get, p5));
    await net.nth(1);
    jest.setSystemTime(1010);
    store.dispatch(rest.setResponse(PostResource.get, p5, { id: 5, title: 'set' }));
    jest.setSystemTime(1040);
    net.requests[0]!.reply({ id: 5, title: 'server', author: ann, views: 3 });
    const value = await inFlight;
    const slice = sliceOf(rest, store.getState());
    expect(slice.entities.Post['5']).toStrictEqual({ id: 5, title: 'set', author: '1', views: 3 });
    expect(slice.entitiesMeta.Post['5'].fetchedAt).toBe(1010);
    expect(slice.endpoints[K.post5]).toBe('5');
    expect(slice.meta[K.post5]).toStrictEqual({ fetchedAt: 1010, date: 1010, expiresAt: 61010 });
    expect(value).toEqual(rest.selectData(store.getState(), PostResource.get, p5));
    expect(value?.title).toBe('set');
  });

  it('an older error does not replace the newer result or meta; its pending id is removed', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(feed, react), { results: [{ id: 1 }], next: '2' });
    jest.setSystemTime(2000);
    const page2 = outcome(store.dispatch(rest.fetch(feed.getPage!, { ...react, page: 2 })));
    await net.nth(2);
    jest.setSystemTime(2010);
    const page3 = store.dispatch(rest.fetch(feed.getPage!, { ...react, page: 3 }));
    await net.nth(3);
    jest.setSystemTime(2020);
    net.requests[2]!.reply({ results: [{ id: 3 }], next: '4' });
    await page3;
    jest.setSystemTime(2030);
    net.requests[1]!.reply({}, { status: 500 });
    await page2;
    const meta = rawSlice(rest, store.getState()).meta[FEED];
    expect(meta).toStrictEqual({ fetchedAt: 2010, date: 2020, expiresAt: 62020, cursor: 3 });
    expect(rest.selectResponse(store.getState(), feed, react)).toMatchObject({ status: 'fulfilled', error: undefined, isFetching: false });
  });

  it('a newer response replaces the result and meta as usual', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    jest.setSystemTime(2000);
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), { ...post5, title: 'newer' }, 2040);
    expect(rawSlice(rest, store.getState()).meta[K.post5]).toStrictEqual({ fetchedAt: 2000, date: 2040, expiresAt: 62040 });
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('newer');
  });
});

describe('invalidation during flight', () => {
  it('a response to a request started before the invalidation is written with expiresAt 0, so the next read refetches', async () => {
    const { rest, store } = setup();
    const inFlight = store.dispatch(rest.fetch(PostResource.get, p5));
    await net.nth(1);
    jest.setSystemTime(1010);
    store.dispatch(rest.invalidate(PostResource.get, p5));
    jest.setSystemTime(1040);
    net.requests[0]!.reply(post5);
    const value = await inFlight;
    const slice = rawSlice(rest, store.getState());
    expect(slice.endpoints[K.post5]).toBe('5');
    expect(slice.meta[K.post5]).toMatchObject({ fetchedAt: 1000, date: 1040, expiresAt: 0 });
    expect(slice.meta[K.post5]).not.toHaveProperty('pending');
    expect(value?.title).toBe('hi');
    const response = rest.selectResponse(store.getState(), PostResource.get, p5);
    expect(response.expiresAt).toBe(0);
    expect(response.expiryStatus).not.toBe('valid');
    void store.dispatch(rest.fetchIfStale(PostResource.get, p5));
    await net.nth(2);
  });

  it('a request started after the invalidation is written with its normal expiry', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    jest.setSystemTime(1100);
    store.dispatch(rest.invalidate(PostResource.get, p5));
    jest.setSystemTime(1200);
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1240);
    expect(rawSlice(rest, store.getState()).meta[K.post5]).toStrictEqual({ fetchedAt: 1200, date: 1240, expiresAt: 61240 });
    expect(rest.selectResponse(store.getState(), PostResource.get, p5).expiryStatus).toBe('valid');
  });
});

describe('inferred reads', () => {
  async function afterListFetch() {
    const context = setup();
    await fetchAnswered(context.store, context.rest.fetch(PostResource.getList, react), [post5], 1040);
    return context;
  }

  it('after the fetch of the example list, get({ group: "react", id: 5 }) is inferred: Post 5, fulfilled, valid, expiresAt 61040', async () => {
    const { rest, store } = await afterListFetch();
    const response = rest.selectResponse(store.getState(), PostResource.get, p5);
    expect(response.data).toBeInstanceOf(Post);
    expect(response.data).toMatchObject({ id: 5, title: 'hi' });
    expect(response.status).toBe('fulfilled');
    expect(response.expiryStatus).toBe('valid');
    expect(response.expiresAt).toBe(61040);
    expect(response.fetchedAt).toBe(1000);
  });

  it('it is served without a request until then', async () => {
    const { rest, store } = await afterListFetch();
    const value = await store.dispatch(rest.fetchIfStale(PostResource.get, p5));
    expect(value?.title).toBe('hi');
    expect(net.count).toBe(1);
  });

  it('{ …, id: 6 } infers nothing and is fetched', async () => {
    const { rest, store } = await afterListFetch();
    const response = rest.selectResponse(store.getState(), PostResource.get, p6);
    expect(response.data).toBeUndefined();
    expect(response.expiryStatus).toBe('invalid');
    expect(response.status).toBe('uninitialized');
    void store.dispatch(rest.fetchIfStale(PostResource.get, p6));
    const request = await net.nth(2);
    expect(request.url).toBe(`${A}/react/posts/6`);
  });

  it('an inferred read takes the smallest expiresAt and the largest fetchedAt of what it depends on', async () => {
    const { rest, store } = await afterListFetch();
    jest.setSystemTime(2000);
    await fetchAnswered(store, rest.fetch(getUser, { id: 1 }), ann, 2010);
    const response = rest.selectResponse(store.getState(), PostResource.get, p5);
    expect(response.expiresAt).toBe(61040);
    expect(response.fetchedAt).toBe(2000);
  });

  it('a key marked invalidated is never inferred', async () => {
    const { rest, store } = await afterListFetch();
    store.dispatch(rest.invalidate(PostResource.get, p5));
    expect(rest.selectData(store.getState(), PostResource.get, p5)).toBeUndefined();
    expect(rest.selectQuery(store.getState(), Post, 5)?.title).toBe('hi');
  });

  it('a collection is inferred for another endpoint computing the same collection', async () => {
    const { rest, store } = await afterListFetch();
    const byUrl = new RestEndpoint({ path: '/:group/other-posts', urlPrefix: A, schema: PostResource.getList.schema });
    expect(rest.selectData(store.getState(), byUrl, react)?.map((p: Post) => p.id)).toEqual([5]);
    expect(rest.selectData(store.getState(), byUrl, { group: 'vue' })).toBeUndefined();
  });

  it('an All schema is inferred when the table exists, and not when it is missing', async () => {
    const { rest, store } = setup();
    const allPosts = new RestEndpoint({ path: '/all-posts', urlPrefix: A, schema: new schema.All(Post) });
    expect(rest.selectData(store.getState(), allPosts)).toBeUndefined();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5], 1040);
    expect(rest.selectData(store.getState(), allPosts)?.map((p: Post) => p.id)).toEqual([5]);
  });

  it('object schemas with non-queryable parts are never inferred', async () => {
    const { rest, store } = await afterListFetch();
    const wrapped = new RestEndpoint({ path: '/:group/wrapped/:id', urlPrefix: A, schema: { posts: [Post] } });
    expect(rest.selectData(store.getState(), wrapped, p5)).toBeUndefined();
    expect(rest.selectResponse(store.getState(), wrapped, p5).expiryStatus).toBe('invalid');
  });

  it('an object schema with a plain field beside its collection is never inferred', async () => {
    const { rest, store } = await afterListFetch();
    const linked = new RestEndpoint({ path: '/:group/linked-posts', urlPrefix: A, schema: { results: PostResource.getList.schema, link: '' } });
    expect(rest.selectData(store.getState(), linked, react)).toBeUndefined();
    expect(rest.selectResponse(store.getState(), linked, react).expiryStatus).toBe('invalid');
    // selectQuery may still read it: the plain field reads as declared (it used to throw a TypeError).
    expect(rest.selectQuery(store.getState(), { results: PostResource.getList.schema, link: '' }, react)?.link).toBe('');
  });

  it('an object of queryables infers nothing when none of its members finds anything', () => {
    const { rest, store } = setup();
    const both = new RestEndpoint({ path: '/:group/both', urlPrefix: A, schema: { posts: PostResource.getList.schema, author: User } });
    expect(rest.selectData(store.getState(), both, react)).toBeUndefined();
    expect(rest.selectQuery(store.getState(), { posts: PostResource.getList.schema, author: User }, react)).toBeUndefined();
  });

  it('endpoints without a schema are never inferred', async () => {
    const { rest, store } = await afterListFetch();
    const raw = new RestEndpoint({ path: '/:group/posts/:id', urlPrefix: A, name: 'raw' });
    expect(rest.selectData(store.getState(), raw, p5)).toBeUndefined();
  });

  it('an entity inferred by an index field of the arguments', async () => {
    const { rest, store } = await afterListFetch();
    const byName = new RestEndpoint({ path: '/people/:username', urlPrefix: A, schema: User });
    expect(rest.selectData(store.getState(), byName, { username: 'ann' })?.id).toBe(1);
  });

  it('a tombstoned entity is not inferred', async () => {
    const { rest, store } = await afterListFetch();
    await fetchAnswered(store, rest.fetch(PostResource.delete, p5), null, 1100, { status: 204 });
    await flush();
    expect(rest.selectResponse(store.getState(), PostResource.get, p5)).toMatchObject({ data: undefined, expiryStatus: 'invalid' });
  });
});

describe('summaries: a list entry without the detail fields answers no detail read', () => {
  const getWrapped = new RestEndpoint({ path: '/wrapped/:slug', urlPrefix: A, schema: { article: Article } });
  const a = { slug: 'a' };
  const summaries = [
    { slug: 'a', title: 'A' },
    { slug: 'b', title: 'B' },
  ];

  async function afterSummaries() {
    const context = setup();
    await fetchAnswered(context.store, context.rest.fetch(ArticleResource.getList), summaries, 1040);
    return context;
  }
  const titles = (rest: ReturnType<typeof setup>['rest'], state: unknown) =>
    rest.selectData(state, ArticleResource.getList)?.map((article) => [article.title, article.body]);

  it('fetchIfStale of the detail sends its request and resolves to the full entity; the key reads nothing meanwhile', async () => {
    const { rest, store } = await afterSummaries();
    expect(rest.selectResponse(store.getState(), ArticleResource.get, a)).toMatchObject({ data: undefined, expiryStatus: 'invalid', status: 'uninitialized' });
    const detail = store.dispatch(rest.fetchIfStale(ArticleResource.get, a));
    const request = await net.nth(2);
    expect(`${request.method} ${request.url}`).toBe(`GET ${A}/articles/a`);
    request.reply({ slug: 'a', title: 'A', body: 'the whole text' });
    expect((await detail)?.body).toBe('the whole text');
    expect(rest.selectResponse(store.getState(), ArticleResource.get, a)).toMatchObject({ data: { body: 'the whole text' }, expiryStatus: 'valid' });
  });

  it('the list keeps reading its summaries, valid, before and after the detail arrives, which it then shows too', async () => {
    const { rest, store } = await afterSummaries();
    expect(titles(rest, store.getState())).toEqual([['A', ''], ['B', '']]);
    expect(rest.selectResponse(store.getState(), ArticleResource.getList).expiryStatus).toBe('valid');
    await fetchAnswered(store, rest.fetchIfStale(ArticleResource.get, a), { slug: 'a', title: 'A', body: 'the whole text' });
    expect(titles(rest, store.getState())).toEqual([['A', 'the whole text'], ['B', '']]);
    expect(rest.selectResponse(store.getState(), ArticleResource.getList).expiryStatus).toBe('valid');
    expect(net.count).toBe(2);
  });

  it('a later list of summaries keeps the stored body, and an entity once complete keeps answering detail reads', async () => {
    const { rest, store } = await afterSummaries();
    // The create's answer is the full article: its detail is known without a request.
    await fetchAnswered(store, rest.fetch(ArticleResource.getList.push, { title: 'C', body: 'new text' }), { slug: 'c', title: 'C', body: 'new text' });
    await fetchAnswered(store, rest.fetch(ArticleResource.getList), [...summaries, { slug: 'c', title: 'C renamed' }]);
    expect(sliceOf(rest, store.getState()).entities.Article.c).toEqual({ slug: 'c', title: 'C renamed', body: 'new text' });
    const detail = await store.dispatch(rest.fetchIfStale(ArticleResource.get, { slug: 'c' }));
    expect(detail).toMatchObject({ title: 'C renamed', body: 'new text' });
    expect(net.count).toBe(3);
    expect(rest.selectResponse(store.getState(), ArticleResource.get, { slug: 'c' }).expiryStatus).toBe('valid');
  });

  it('a detail schema that wraps the entity ({ article: Article }) is fetched for a summary too', async () => {
    const { rest, store } = await afterSummaries();
    expect(rest.selectResponse(store.getState(), getWrapped, a)).toMatchObject({ data: undefined, expiryStatus: 'invalid' });
    const value = await fetchAnswered<{ article: Article }>(store, rest.fetchIfStale(getWrapped, a), { article: { slug: 'a', title: 'A', body: 'text' } });
    expect(value.article.body).toBe('text');
  });

  it('a union detail endpoint is fetched for a summary too, and answered from the store once the entity is complete', async () => {
    const getItem = new RestEndpoint({ path: '/items/:type/:slug', urlPrefix: A, schema: new schema.Union({ article: Article }, 'type') });
    const item = { type: 'article', slug: 'a' };
    const { rest, store } = await afterSummaries();
    expect(rest.selectResponse(store.getState(), getItem, item)).toMatchObject({ data: undefined, expiryStatus: 'invalid' });
    await fetchAnswered(store, rest.fetch(ArticleResource.get, a), { slug: 'a', title: 'A', body: 'text' });
    expect(rest.selectResponse(store.getState(), getItem, item)).toMatchObject({ data: { body: 'text' }, expiryStatus: 'valid' });
  });

  it('a summary class sharing the key for the list, with validate on the full class, gives the same without detailFields', async () => {
    class Summary extends Entity {
      slug = '';
      title = '';
      pk() {
        return this.slug;
      }
      static override key = 'Story';
    }
    class Story extends Summary {
      body = '';
      static override validate(story: object) {
        return Object.hasOwn(story, 'body') ? undefined : 'a Story needs its body';
      }
    }
    const getStories = new RestEndpoint({ path: '/stories', urlPrefix: A, schema: new schema.Collection([Summary]) });
    const getStory = new RestEndpoint({ path: '/stories/:slug', urlPrefix: A, schema: Story });
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(getStories), summaries);
    expect(rest.selectResponse(store.getState(), getStory, a)).toMatchObject({ data: undefined, expiryStatus: 'invalid' });
    await fetchAnswered(store, rest.fetchIfStale(getStory, a), { slug: 'a', title: 'A', body: 'text' });
    expect(rest.selectData(store.getState(), getStories)?.map((story) => story.title)).toEqual(['A', 'B']);
    expect(rest.selectData(store.getState(), getStory, a)?.body).toBe('text');
  });

  it('queries (selectQuery) and set updaters still read the summary as stored', async () => {
    const { rest, store } = await afterSummaries();
    expect(rest.selectQuery(store.getState(), Article, 'a')).toMatchObject({ slug: 'a', title: 'A' });
    store.dispatch(rest.set(Article, 'a', (article: Article) => ({ ...article, title: 'A!' })));
    expect(titles(rest, store.getState())).toEqual([['A!', ''], ['B', '']]);
  });
});

describe('a read that overlaps a mutation merges before it', () => {
  const OptimisticPosts = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A, optimistic: true });
  const title = (rest: ReturnType<typeof setup>['rest'], state: unknown) => (rest.selectEntity(state, Post, 5) as Post | undefined)?.title;
  /** Post 5 stored at 1010, then a PATCH of its title started at 2000 and still in flight. */
  async function patchInFlight(resource: Pick<typeof PostResource, 'get' | 'partialUpdate'>, newTitle: string) {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(resource.get, p5), post5, 1010);
    jest.setSystemTime(2000);
    const patch = store.dispatch(rest.fetch(resource.partialUpdate, p5, { title: newTitle }));
    return { rest, store, patch, sentPatch: await net.nth(2) };
  }

  it('a refetch started during a PATCH and answered first with the old data does not outlast the PATCH’s answer', async () => {
    const { rest, store, patch, sentPatch } = await patchInFlight(PostResource, 'renamed');
    // A poll or a focus refetch starts while the PATCH is in flight; the server answers it before applying the PATCH.
    jest.setSystemTime(2010);
    const refetch = store.dispatch(rest.fetch(PostResource.get, p5));
    jest.setSystemTime(2020);
    (await net.nth(3)).reply(post5);
    await refetch;
    expect(title(rest, store.getState())).toBe('hi');
    // Its entities merge as of just before the PATCH started; the key's own meta keeps its start.
    expect(rawSlice(rest, store.getState()).entitiesMeta.Post['5'].fetchedAt).toBe(1999);
    expect(rawSlice(rest, store.getState()).meta[K.post5].fetchedAt).toBe(2010);
    jest.setSystemTime(2030);
    sentPatch.reply({ ...post5, title: 'renamed' });
    expect(((await patch) as Post).title).toBe('renamed');
    expect(title(rest, store.getState())).toBe('renamed');
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('renamed');
  });

  it('a read started after the mutation answered is newer than it, and one started before the mutation stays older', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1010);
    jest.setSystemTime(1500);
    const before = store.dispatch(rest.fetch(PostResource.getList, react));
    const sentBefore = await net.nth(2);
    jest.setSystemTime(2000);
    await fetchAnswered(store, rest.fetch(PostResource.partialUpdate, p5, { title: 'renamed' }), { ...post5, title: 'renamed' }, 2010);
    // Started before the PATCH, answered after it: it only fills in missing fields.
    sentBefore.reply([{ ...post5, title: 'stale' }]);
    await before;
    expect(title(rest, store.getState())).toBe('renamed');
    // Started after the PATCH answered: the server's newer data wins.
    jest.setSystemTime(3000);
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), { ...post5, title: 'edited elsewhere' }, 3010);
    expect(title(rest, store.getState())).toBe('edited elsewhere');
    expect(rawSlice(rest, store.getState()).entitiesMeta.Post['5'].fetchedAt).toBe(3000);
  });

  it('an optimistic guess stays on screen through a refetch that answers during its flight, then the answer replaces it', async () => {
    const { rest, store, patch, sentPatch } = await patchInFlight(OptimisticPosts, 'guess');
    const shown: (string | undefined)[] = [];
    const unsubscribe = store.subscribe(() => shown.push(rest.selectData(store.getState(), OptimisticPosts.get, p5)?.title));
    jest.setSystemTime(2010);
    const refetch = store.dispatch(rest.fetch(OptimisticPosts.get, p5));
    (await net.nth(3)).reply(post5);
    await refetch;
    jest.setSystemTime(2030);
    sentPatch.reply({ ...post5, title: 'guess' });
    await patch;
    unsubscribe();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((t) => t === 'guess')).toBe(true);
    expect(title(rest, store.getState())).toBe('guess');
  });

  it('two mutations keep request start order between them', async () => {
    const { rest, store, patch: first, sentPatch: sentFirst } = await patchInFlight(PostResource, 'first');
    jest.setSystemTime(2010);
    const second = store.dispatch(rest.fetch(PostResource.partialUpdate, p5, { title: 'second' }));
    (await net.nth(3)).reply({ ...post5, title: 'second' });
    await second;
    sentFirst.reply({ ...post5, title: 'first' });
    await first;
    expect(title(rest, store.getState())).toBe('second');
  });
});
