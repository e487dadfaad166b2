import { Entity, RestEndpoint, schema } from 'rtk-rest';
import { deepFreeze } from '../support/json';
import { A, Post, PostResource, User, ann, bob, fetchAnswered, outcome, p5, p6, post5, post6, react, setup, useTestEnvironment } from './support';

// The selectors, and the memoization guarantees as observed through them.

useTestEnvironment();

const getUser = new RestEndpoint({ path: '/users/:id', urlPrefix: A, schema: User });

describe('selectResponse', () => {
  it('before anything happens: uninitialized, invalid, fetchedAt 0, expiresAt 0', () => {
    const { rest, store } = setup();
    expect(rest.selectResponse(store.getState(), PostResource.get, p5)).toEqual({
      data: undefined,
      error: undefined,
      status: 'uninitialized',
      isLoading: false,
      isFetching: false,
      expiryStatus: 'invalid',
      fetchedAt: 0,
      expiresAt: 0,
    });
  });

  it('while the first request is in flight: pending, isLoading and isFetching', () => {
    const { rest, store } = setup();
    void store.dispatch(rest.fetch(PostResource.get, p5));
    expect(rest.selectResponse(store.getState(), PostResource.get, p5)).toMatchObject({
      data: undefined,
      status: 'pending',
      isLoading: true,
      isFetching: true,
      expiryStatus: 'invalid',
    });
  });

  it('after success: fulfilled with the data, fetchedAt and expiresAt', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const response = rest.selectResponse(store.getState(), PostResource.get, p5);
    expect(response).toEqual({
      data: expect.any(Post),
      error: undefined,
      status: 'fulfilled',
      isLoading: false,
      isFetching: false,
      expiryStatus: 'valid',
      fetchedAt: 1000,
      expiresAt: 61040,
    });
    expect(Object.keys(response).sort()).toEqual(['data', 'error', 'expiresAt', 'expiryStatus', 'fetchedAt', 'isFetching', 'isLoading', 'status']);
  });

  it('a refetch with data shown: pending, isFetching but not isLoading', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    void store.dispatch(rest.fetch(PostResource.get, p5));
    expect(rest.selectResponse(store.getState(), PostResource.get, p5)).toMatchObject({ status: 'pending', isFetching: true, isLoading: false });
  });

  it('after a failure: rejected with the error', async () => {
    const { rest, store } = setup();
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 1040, { status: 404, statusText: 'Not Found' }));
    expect(rest.selectResponse(store.getState(), PostResource.get, p5)).toMatchObject({
      data: undefined,
      error: { name: 'NetworkError', status: 404, url: `${A}/react/posts/5`, message: `${A}/react/posts/5: Not Found` },
      status: 'rejected',
      isLoading: false,
      isFetching: false,
      expiryStatus: 'invalid',
      fetchedAt: 1000,
      expiresAt: 2040,
    });
  });

  it('status is "fulfilled" for a stored result even when it reads undefined (tombstoned entity)', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    await fetchAnswered(store, rest.fetch(PostResource.delete, p5), null, 1050, { status: 204 });
    const response = rest.selectResponse(store.getState(), PostResource.get, p5);
    expect(response.data).toBeUndefined();
    expect(response.status).toBe('fulfilled');
    expect(response.expiryStatus).toBe('invalid');
  });
});

describe('selectors are pure reads', () => {
  it('selectors work on deep-frozen state and never modify it', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    const state = deepFreeze(store.getState());
    const snapshot = JSON.stringify(state);
    expect(rest.selectData(state, PostResource.getList, react)?.map((p: Post) => p.title)).toEqual(['hi', 'six']);
    expect(rest.selectResponse(state, PostResource.get, p5).data?.author.username).toBe('ann');
    expect(rest.selectQuery(state, User, { username: 'bob' })?.id).toBe(2);
    expect(rest.selectError(state, PostResource.get, p6)).toBeUndefined();
    expect(JSON.stringify(state)).toBe(snapshot);
  });

  it('selectors depend on now through expiry', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const state = store.getState();
    expect(rest.selectResponse(state, PostResource.get, p5).expiryStatus).toBe('valid');
    jest.setSystemTime(70000);
    expect(rest.selectResponse(state, PostResource.get, p5).expiryStatus).toBe('stale');
  });
});

describe('inactive answers', () => {
  it('selectResponse(…, null) is one shared frozen object with the documented fields', () => {
    const { rest, store } = setup();
    const other = setup();
    const inactive = rest.selectResponse(store.getState(), PostResource.get, null);
    expect(inactive).toStrictEqual({
      data: undefined,
      error: undefined,
      status: 'uninitialized',
      isLoading: false,
      isFetching: false,
      expiryStatus: 'valid',
      fetchedAt: 0,
      expiresAt: Infinity,
    });
    expect(Object.isFrozen(inactive)).toBe(true);
    expect(rest.selectResponse(store.getState(), PostResource.getList, null)).toBe(inactive);
    expect(other.rest.selectResponse(other.store.getState(), PostResource.get, null)).toBe(inactive);
  });

  it('selectData, selectError and selectQuery return undefined for null', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    const state = store.getState();
    expect(rest.selectData(state, PostResource.get, null)).toBeUndefined();
    expect(rest.selectError(state, PostResource.get, null)).toBeUndefined();
    expect(rest.selectQuery(state, Post, null)).toBeUndefined();
  });
});

describe('selectData and selectError', () => {
  it('selectData returns entity instances with nested instances and deserialized fields', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    const data = rest.selectData(store.getState(), PostResource.get, p5);
    expect(data).toBeInstanceOf(Post);
    expect(data?.author).toBeInstanceOf(User);
    expect(data?.author.createdAt).toBeInstanceOf(Date);
    expect(data?.author.createdAt.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(data).toBe(rest.selectResponse(store.getState(), PostResource.get, p5).data);
  });

  it('selectError returns the stored object { name, message, status, url }', async () => {
    const { rest, store } = setup();
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, 1040, { status: 500, statusText: 'Boom' }));
    expect(rest.selectError(store.getState(), PostResource.get, p5)).toStrictEqual({
      name: 'NetworkError',
      message: `${A}/react/posts/5: Boom`,
      status: 500,
      url: `${A}/react/posts/5`,
      body: {},
    });
  });
});

describe('selectQuery', () => {
  async function withList() {
    const context = setup();
    await fetchAnswered(context.store, context.rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    return context;
  }

  it('an Entity by pk string, number, or object', async () => {
    const { rest, store } = await withList();
    const state = store.getState();
    const byString = rest.selectQuery(state, Post, '5');
    expect(byString).toBeInstanceOf(Post);
    expect(byString?.title).toBe('hi');
    expect(rest.selectQuery(state, Post, 5)).toBe(byString);
    expect(rest.selectQuery(state, Post, { id: 5 })).toBe(byString);
  });

  it('an Entity by index', async () => {
    const { rest, store } = await withList();
    const user = rest.selectQuery(store.getState(), User, { username: 'bob' });
    expect(user).toBeInstanceOf(User);
    expect(user?.id).toBe(2);
  });

  it('a Collection by arguments', async () => {
    const { rest, store } = await withList();
    const list = rest.selectQuery(store.getState(), PostResource.getList.schema, react);
    expect(list?.map((p: Post) => p.id)).toEqual([5, 6]);
    expect(rest.selectQuery(store.getState(), PostResource.getList.schema, { group: 'vue' })).toBeUndefined();
  });

  it('All and Query', async () => {
    const { rest, store } = await withList();
    expect(rest.selectQuery(store.getState(), new schema.All(Post))?.map((p: Post) => p.id)).toEqual([5, 6]);
    const byAuthor = new schema.Query(new schema.All(Post), (posts: Post[], { author }: { author: string }) => posts.filter((p) => p.author?.username === author));
    expect(rest.selectQuery(store.getState(), byAuthor, { author: 'bob' })?.map((p: Post) => p.id)).toEqual([6]);
  });

  it('undefined when not found or tombstoned', async () => {
    const { rest, store } = await withList();
    expect(rest.selectQuery(store.getState(), Post, 99)).toBeUndefined();
    await fetchAnswered(store, rest.fetch(PostResource.delete, p5), null, 1050, { status: 204 });
    expect(rest.selectQuery(store.getState(), Post, 5)).toBeUndefined();
    expect(rest.selectQuery(store.getState(), PostResource.getList.schema, react)?.map((p: Post) => p.id)).toEqual([6]);
  });

  it.each([
    ['Array', new schema.Array(Post)],
    ['Values', new schema.Values(Post)],
    ['Invalidate', new schema.Invalidate(Post)],
  ])('a non-queryable %s throws a TypeError', async (_name, nonQueryable) => {
    const { rest, store } = await withList();
    expect(() => rest.selectQuery(store.getState(), nonQueryable as any, react)).toThrow(TypeError);
  });
});

describe('memoization', () => {
  it('reading again from the same state returns the same reference (data and response)', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6]);
    const state = store.getState();
    expect(rest.selectData(state, PostResource.getList, react)).toBe(rest.selectData(state, PostResource.getList, react));
    expect(rest.selectResponse(state, PostResource.getList, react)).toBe(rest.selectResponse(state, PostResource.getList, react));
    expect(rest.selectQuery(state, Post, 5)).toBe(rest.selectQuery(state, Post, 5));
  });

  it('writes to other keys and other entity types leave the result and the response unchanged', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const data = rest.selectData(store.getState(), PostResource.get, p5);
    const response = rest.selectResponse(store.getState(), PostResource.get, p5);
    await fetchAnswered(store, rest.fetch(PostResource.get, p6), post6, 1100);
    store.dispatch({ type: 'app/unrelated' });
    await fetchAnswered(store, rest.fetch(getUser, { id: 3 }), { id: 3, username: 'cy' }, 1200);
    expect(rest.selectData(store.getState(), PostResource.get, p5)).toBe(data);
    expect(rest.selectResponse(store.getState(), PostResource.get, p5)).toBe(response);
  });

  it('refetching identical data changes no data reference', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    const list = rest.selectData(store.getState(), PostResource.getList, react);
    const detail = rest.selectData(store.getState(), PostResource.get, p5);
    jest.setSystemTime(5000);
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 5040);
    expect(rest.selectData(store.getState(), PostResource.getList, react)).toBe(list);
    expect(rest.selectData(store.getState(), PostResource.get, p5)).toBe(detail);
    expect(rest.selectResponse(store.getState(), PostResource.getList, react).fetchedAt).toBe(5000);
  });

  it('changing User 2 rebuilds the list and Post 2 only; Post 1 and User 1 keep their references', async () => {
    const { rest, store } = setup();
    const p1 = { id: 1, title: 'one', author: ann };
    const p2 = { id: 2, title: 'two', author: bob };
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [p1, p2], 1040);
    const before = rest.selectData(store.getState(), PostResource.getList, react)!;
    store.dispatch(rest.set(User, 2, { ...bob, username: 'robert' }));
    const after = rest.selectData(store.getState(), PostResource.getList, react)!;
    expect(after).not.toBe(before);
    expect(after[0]).toBe(before[0]);
    expect(after[0]!.author).toBe(before[0]!.author);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]!.author.username).toBe('robert');
  });

  it('writing User 3, or refetching User 1 unchanged, keeps the list reference', async () => {
    const { rest, store } = setup();
    const p1 = { id: 1, title: 'one', author: ann };
    const p2 = { id: 2, title: 'two', author: bob };
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [p1, p2], 1040);
    const before = rest.selectData(store.getState(), PostResource.getList, react);
    store.dispatch(rest.set(User, 3, { id: 3, username: 'cy' }));
    expect(rest.selectData(store.getState(), PostResource.getList, react)).toBe(before);
    await fetchAnswered(store, rest.fetch(getUser, { id: 1 }), ann, 2000);
    expect(rest.selectData(store.getState(), PostResource.getList, react)).toBe(before);
  });

  it('one stored entity version is the same instance in the list and in the detail read', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1050);
    const state = store.getState();
    expect(rest.selectData(state, PostResource.get, p5)).toBe(rest.selectData(state, PostResource.getList, react)?.[0]);
    expect(rest.selectQuery(state, Post, 5)).toBe(rest.selectData(state, PostResource.get, p5));
  });

  it('tombstones are dependencies: a re-created entity reappears in the list', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    await fetchAnswered(store, rest.fetch(PostResource.delete, p5), null, 1100, { status: 204 });
    const without = rest.selectData(store.getState(), PostResource.getList, react);
    expect(without?.map((p: Post) => p.id)).toEqual([6]);
    jest.setSystemTime(2000);
    store.dispatch(rest.setResponse(PostResource.get, p5, { ...post5, title: 'back' }));
    const withAgain = rest.selectData(store.getState(), PostResource.getList, react);
    expect(withAgain).not.toBe(without);
    expect(withAgain?.map((p: Post) => p.title)).toEqual(['back', 'six']);
  });

  it('a missing nested entity that appears rebuilds the parent', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), { id: 5, title: 'hi', author: 7 }, 1040);
    const before = rest.selectData(store.getState(), PostResource.get, p5);
    expect(before?.author).toBeUndefined();
    store.dispatch(rest.set(User, 7, { id: 7, username: 'gus' }));
    const after = rest.selectData(store.getState(), PostResource.get, p5);
    expect(after).not.toBe(before);
    expect(after?.author.username).toBe('gus');
  });

  it('memoization is per key and per argument set: interleaved reads of many keys keep their references', async () => {
    const { rest, store } = setup();
    const ids = Array.from({ length: 30 }, (_, i) => i + 1);
    for (const id of ids) store.dispatch(rest.setResponse(PostResource.get, { group: 'react', id }, { id, title: `t${id}` }));
    const state = store.getState();
    const first = ids.map((id) => rest.selectData(state, PostResource.get, { group: 'react', id }));
    const firstResponses = ids.map((id) => rest.selectResponse(state, PostResource.get, { group: 'react', id }));
    const second = ids.map((id) => rest.selectData(state, PostResource.get, { group: 'react', id }));
    const secondResponses = ids.map((id) => rest.selectResponse(state, PostResource.get, { group: 'react', id }));
    ids.forEach((_, i) => {
      expect(second[i]).toBe(first[i]);
      expect(secondResponses[i]).toBe(firstResponses[i]);
    });
  });

  it('selectResponse keeps its object across states while every field is unchanged (time passing within the expiry)', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const response = rest.selectResponse(store.getState(), PostResource.get, p5);
    jest.setSystemTime(30000);
    store.dispatch(rest.setResponse(PostResource.get, p6, post6));
    expect(rest.selectResponse(store.getState(), PostResource.get, p5)).toBe(response);
  });

  it('selectResponse returns a new object when a field changes', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const response = rest.selectResponse(store.getState(), PostResource.get, p5);
    jest.setSystemTime(61041);
    const stale = rest.selectResponse(store.getState(), PostResource.get, p5);
    expect(stale).not.toBe(response);
    expect(stale.expiryStatus).toBe('stale');
    expect(stale.data).toBe(response.data);
  });

  it('inline calls with arguments equal by value (new objects each call) stay memoized', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5]);
    const state = store.getState();
    expect(rest.selectData(state, PostResource.getList, { group: 'react' })).toBe(rest.selectData(state, PostResource.getList, { group: 'react' }));
    expect(rest.selectQuery(state, Post, { id: 5 })).toBe(rest.selectQuery(state, Post, { id: 5 }));
  });
});

describe('selectQuery reads objects with plain members, and keeps its answer', () => {
  async function withList() {
    const context = setup();
    await fetchAnswered(context.store, context.rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    return context;
  }
  const allPosts = new schema.All(Post);

  it('plain members pass through: { results: All(Post), nextPage: "" } reads the table and the declared value', async () => {
    const { rest, store } = await withList();
    const page = rest.selectQuery(store.getState(), { results: allPosts, nextPage: '' });
    expect(page?.results.map((post: Post) => post.id)).toEqual([5, 6]);
    expect(page?.nextPage).toBe('');
    expect(Object.keys(page!)).toEqual(['results', 'nextPage']);
    // Still undefined when no schema member finds anything (no Note16 table).
    class Note16 extends Entity {
      id = 0;
      pk() {
        return `${this.id}`;
      }
      static override key = 'Note16';
    }
    expect(rest.selectQuery(store.getState(), { results: new schema.All(Note16), nextPage: '' })).toBeUndefined();
  });

  it('the same state gives the same object, also for an inline literal around the same schemas', async () => {
    const { rest, store } = await withList();
    const state = store.getState();
    const first = rest.selectQuery(state, { results: allPosts });
    expect(first?.results).toHaveLength(2);
    expect(rest.selectQuery(state, { results: allPosts })).toBe(first);
    const byArgs = rest.selectQuery(state, { post: Post, results: allPosts, nextPage: '' }, 5);
    expect(byArgs?.post?.id).toBe(5);
    expect(rest.selectQuery(state, { post: Post, results: allPosts, nextPage: '' }, 5)).toBe(byArgs);
    // A write the answer does not depend on keeps it too; one it depends on replaces it.
    store.dispatch({ type: 'app/unrelated' });
    expect(rest.selectQuery(store.getState(), { results: allPosts })).toBe(first);
    store.dispatch(rest.set(Post, 5, { ...post5, title: 'changed' }));
    const changed = rest.selectQuery(store.getState(), { results: allPosts });
    expect(changed).not.toBe(first);
    expect(changed?.results[0]?.title).toBe('changed');
    expect(changed?.results[1]).toBe(first?.results[1]);
  });

  it('an endpoint whose object schema has a plain member is still never inferred', async () => {
    const { rest, store } = await withList();
    const getPage = new RestEndpoint({ path: '/pages/:group', urlPrefix: A, schema: { results: allPosts, nextPage: '' } });
    expect(rest.selectResponse(store.getState(), getPage, react)).toMatchObject({ data: undefined, status: 'uninitialized' });
  });
});

describe('through the store: shared keys and cycles', () => {
  class Author16 extends Entity {
    id = '';
    name = '';
    pk() {
      return this.id;
    }
    static override key = 'Author16';
  }
  class ArticleSummary16 extends Entity {
    id = '';
    title = '';
    author = '';
    pk() {
      return this.id;
    }
    static override key = 'Article16';
  }
  class Article16 extends Entity {
    id = '';
    title = '';
    body = '';
    author: Author16 | undefined = undefined;
    pk() {
      return this.id;
    }
    static override key = 'Article16';
    static override schema = { author: Author16 };
  }
  const getSummaries = new RestEndpoint({ path: '/articles', urlPrefix: A, schema: [ArticleSummary16] });
  const getArticle = new RestEndpoint({ path: '/articles/:id', urlPrefix: A, schema: Article16 });

  it('after the summary list is read, selectData(getArticle) is an Article with its author', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(getSummaries), [{ id: '1', title: 'hello', author: '9' }], 1040);
    expect(rest.selectData(store.getState(), getSummaries)?.[0]).toBeInstanceOf(ArticleSummary16);
    await fetchAnswered(store, rest.fetch(getArticle, { id: '1' }), { id: '1', title: 'hello', body: 'long', author: { id: '9', name: 'Paul' } }, 1050);
    const state = store.getState();
    const summary = rest.selectData(state, getSummaries)?.[0];
    const article = rest.selectData(state, getArticle, { id: '1' });
    expect(summary).toBeInstanceOf(ArticleSummary16);
    expect(summary?.author).toBe('9');
    expect(article).toBeInstanceOf(Article16);
    expect(article?.author).toBeInstanceOf(Author16);
    expect(article?.author?.name).toBe('Paul');
  });

  class Report16 extends Entity {
    id = '';
    draftedBy: Staff16 | undefined = undefined;
    publishedBy: Staff16 | undefined = undefined;
    pk() {
      return this.id;
    }
    static override key = 'Report16';
    static override schema: Record<string, unknown> = {};
  }
  class Staff16 extends Entity {
    id = '';
    reports: Report16[] = [];
    pk() {
      return this.id;
    }
    static override key = 'Staff16';
    static override schema = { reports: [Report16] };
  }
  Report16.schema = { draftedBy: Staff16, publishedBy: Staff16 };
  const getReport = new RestEndpoint({ path: '/reports/:id', urlPrefix: A, schema: Report16 });

  it('a report drafted and published by the same user reads one user instance, linked back to the report', async () => {
    const { rest, store } = setup();
    const staff = { id: '456', reports: ['123'] };
    await fetchAnswered(store, rest.fetch(getReport, { id: '123' }), { id: '123', draftedBy: staff, publishedBy: staff }, 1040);
    const report = rest.selectData(store.getState(), getReport, { id: '123' })!;
    expect(report.publishedBy).toBeInstanceOf(Staff16);
    expect(report.publishedBy).toBe(report.draftedBy);
    expect(report.draftedBy!.reports[0]).toBe(report);
    expect(rest.selectQuery(store.getState(), Staff16, '456')).toBe(report.draftedBy);
  });
});

describe('entities linked thousands deep, through the store', () => {
  class Link extends Entity {
    id = '';
    next: Knot | null = null;
    pk() {
      return this.id;
    }
    static override key = 'Link';
    static override schema: Record<string, unknown> = {};
  }
  class Knot extends Entity {
    id = '';
    next: Link | null = null;
    pk() {
      return this.id;
    }
    static override key = 'Knot';
    static override schema: Record<string, unknown> = { next: Link };
  }
  Link.schema = { next: Knot };
  const getChain = new RestEndpoint({ path: '/chains/:id', urlPrefix: A, schema: Link });

  it('a 1,500-deep chain across two entity types is fetched, stored and read back whole', async () => {
    const { rest, store } = setup();
    let body: Record<string, unknown> | null = null;
    for (let i = 1499; i >= 0; i--) body = { id: `${i}`, next: body };
    const fetched = await fetchAnswered<Link>(store, rest.fetch(getChain, { id: '0' }), body);
    const read = rest.selectResponse(store.getState(), getChain, { id: '0' }).data as Link;
    expect(read).toEqual(fetched);
    expect(fetched.next?.next).toBeInstanceOf(Link);
    let length = 0;
    for (let at: Link | Knot | null = read; at; at = at.next) {
      expect(at).toBeInstanceOf(length % 2 ? Knot : Link);
      length++;
    }
    expect(length).toBe(1500);
    expect(rest.selectQuery(store.getState(), Knot, '1499')?.next).toBeNull();
  });
});
