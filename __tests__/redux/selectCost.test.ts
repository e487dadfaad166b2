import { RestEndpoint } from 'rtk-rest';
import { A, Post, PostResource, User, ann, bob, fetchAnswered, getComment, post5, post6, react, setup, useTestEnvironment } from './support';

// `useSelector((s) => rest.selectData(s, ep, { page }))` passes a fresh but equal
// arguments object on every render. Such a select must not rebuild the key (URL) nor allocate per
// slice, and must still answer exactly what a select with the original arguments answers.

useTestEnvironment();

const getPosts = new RestEndpoint({ urlPrefix: A, path: '/posts', searchParams: {} as { page?: number | string; tags?: string[]; sort?: string }, schema: [Post] });
const page = (n: number) => [{ ...post5, id: 10 * n + 1 }, { ...post6, id: 10 * n + 2 }];

/** A store holding pages 1 and 2 of getPosts. */
function withPages() {
  const { rest, store } = setup();
  store.dispatch(rest.setResponse(getPosts, { page: 1 }, page(1)));
  store.dispatch(rest.setResponse(getPosts, { page: 2 }, page(2)));
  let comments = 0;
  /** Case (b): a write of another entity type. */
  const writeOtherType = () => store.dispatch(rest.setResponse(getComment, { id: ++comments }, { id: comments, text: `c${comments}` }));
  return { rest, store, writeOtherType };
}

/** Counts the calls of `RestEndpoint.prototype.url` (the key of a GET is its method and URL) inside `counted`. */
function urlBuilds() {
  const url = jest.spyOn(RestEndpoint.prototype, 'url');
  let builds = 0;
  return {
    counted<T>(fn: () => T): T {
      const before = url.mock.calls.length;
      try {
        return fn();
      } finally {
        builds += url.mock.calls.length - before;
      }
    },
    get builds() {
      return builds;
    },
  };
}

describe('a fresh but equal args object reuses the key', () => {
  it('selects with fresh { page } objects build the URL once, across an unrelated action and another type\'s write', () => {
    const { rest, store, writeOtherType } = withPages();
    const url = urlBuilds();
    for (let i = 0; i < 5; i++) {
      store.dispatch({ type: 'app/unrelated' });
      url.counted(() => rest.selectData(store.getState(), getPosts, { page: 1 }));
      writeOtherType();
      url.counted(() => rest.selectResponse(store.getState(), getPosts, { page: 1 }));
    }
    expect(url.builds).toBeLessThanOrEqual(1);
  });

  it('the same answer and response objects as the first read, after an unrelated action and after another type\'s write', () => {
    const { rest, store, writeOtherType } = withPages();
    const data = rest.selectData(store.getState(), getPosts, { page: 1 });
    const response = rest.selectResponse(store.getState(), getPosts, { page: 1 });
    expect(data!.map((p: Post) => p.id)).toEqual([11, 12]);
    store.dispatch({ type: 'app/unrelated' });
    expect(rest.selectData(store.getState(), getPosts, { page: 1 })).toBe(data);
    expect(rest.selectResponse(store.getState(), getPosts, { page: 1 })).toBe(response);
    writeOtherType();
    expect(rest.selectData(store.getState(), getPosts, { page: 1 })).toBe(data);
    expect(rest.selectResponse(store.getState(), getPosts, { page: 1 })).toBe(response);
  });

  it('different args give their own answer, also when many arguments alternate', () => {
    const { rest, store, writeOtherType } = withPages();
    for (let n = 3; n <= 8; n++) store.dispatch(rest.setResponse(getPosts, { page: n }, page(n)));
    for (let round = 0; round < 3; round++) {
      for (let n = 1; n <= 8; n++) {
        expect(rest.selectData(store.getState(), getPosts, { page: n })!.map((p: Post) => p.id)).toEqual([10 * n + 1, 10 * n + 2]);
      }
      writeOtherType();
    }
  });

  it('a key-affecting change is never served the old key: numbers and strings, extra and missing fields, field order', () => {
    const { rest, store } = setup();
    store.dispatch(rest.setResponse(getPosts, { page: 1 }, page(1)));
    store.dispatch(rest.setResponse(getPosts, { page: 1, sort: 'new' }, page(3)));
    store.dispatch(rest.setResponse(getPosts, {}, page(4)));
    const ids = (args: Record<string, unknown>) => rest.selectData(store.getState(), getPosts, args)?.map((p: Post) => p.id);
    expect(ids({ page: 1 })).toEqual([11, 12]);
    // '1' writes the same URL as 1: the same key, so the same answer.
    expect(rest.selectData(store.getState(), getPosts, { page: '1' })).toBe(rest.selectData(store.getState(), getPosts, { page: 1 }));
    expect(ids({ page: 1, sort: 'new' })).toEqual([31, 32]);
    expect(ids({ sort: 'new', page: 1 })).toEqual([31, 32]);
    expect(ids({ page: 1 })).toEqual([11, 12]);
    expect(ids({})).toEqual([41, 42]);
    expect(ids({ page: undefined })).toEqual([41, 42]);
    expect(ids({ page: 2 })).toBeUndefined();
    expect(ids({ page: 1 })).toEqual([11, 12]);
  });

  it('array values are compared by content, never by reference: a mutated array gives its new key', () => {
    const { rest, store } = setup();
    store.dispatch(rest.setResponse(getPosts, { tags: ['a'] }, page(1)));
    store.dispatch(rest.setResponse(getPosts, { tags: ['a', 'b'] }, page(2)));
    const ids = (args: Record<string, unknown>) => rest.selectData(store.getState(), getPosts, args)?.map((p: Post) => p.id);
    const tags = ['a'];
    expect(ids({ tags })).toEqual([11, 12]);
    tags.push('b');
    expect(ids({ tags })).toEqual([21, 22]);
    expect(ids({ tags: ['a'] })).toEqual([11, 12]);
    expect(ids({ tags: ['a', 'b'] })).toEqual([21, 22]);
  });

  it('an args object changed in place, and args that are not plain objects, get their own key', () => {
    const { rest, store } = withPages();
    const args: { page: number } = { page: 1 };
    const ids = (value: object) => rest.selectData(store.getState(), getPosts, value)?.map((p: Post) => p.id);
    expect(ids(args)).toEqual([11, 12]);
    args.page = 2;
    expect(ids(args)).toEqual([21, 22]);
    // Fields inherited from a prototype are not own fields: never matched by comparing own fields.
    expect(ids(Object.create({ page: 1 }) as object)).toEqual(ids(Object.create({ page: 1 }) as object));
    class Args {
      constructor(readonly page: number) {}
    }
    expect(ids(new Args(1))).toEqual([11, 12]);
    expect(ids(new Args(2))).toEqual([21, 22]);
  });
});

describe('the cheap revalidation keeps every answer right', () => {
  it('expiry still moves with time: stale after expiresAt with fresh args, on the same state and after another type\'s write', () => {
    const { rest, store, writeOtherType } = withPages();
    const response = rest.selectResponse(store.getState(), getPosts, { page: 1 });
    expect(response.expiryStatus).toBe('valid');
    jest.setSystemTime(response.expiresAt + 1);
    const stale = rest.selectResponse(store.getState(), getPosts, { page: 1 });
    expect(stale.expiryStatus).toBe('stale');
    expect(stale.data).toBe(response.data);
    writeOtherType();
    expect(rest.selectResponse(store.getState(), getPosts, { page: 1 })).toBe(stale);
  });

  it('invalidIfStale: the data goes once expired, also when only another type was written in between', () => {
    const strict = new RestEndpoint({ urlPrefix: A, path: '/strict', searchParams: {} as { page: number }, schema: [Post], invalidIfStale: true });
    const { rest, store, writeOtherType } = withPages();
    store.dispatch(rest.setResponse(strict, { page: 1 }, page(1)));
    const response = rest.selectResponse(store.getState(), strict, { page: 1 });
    expect(response.data).toHaveLength(2);
    writeOtherType();
    jest.setSystemTime(response.expiresAt + 1);
    writeOtherType();
    expect(rest.selectResponse(store.getState(), strict, { page: 1 })).toMatchObject({ data: undefined, expiryStatus: 'invalid' });
  });

  it('the key\'s own request (pending, then its new result) shows through fresh args', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    const before = rest.selectResponse(store.getState(), PostResource.getList, { group: 'react' });
    const refetch = fetchAnswered(store, rest.fetch(PostResource.getList, react), [{ ...post5, title: 'new' }, post6], 2000);
    expect(rest.selectResponse(store.getState(), PostResource.getList, { group: 'react' })).toMatchObject({ status: 'pending', isFetching: true, data: before.data });
    await refetch;
    const after = rest.selectResponse(store.getState(), PostResource.getList, { group: 'react' });
    expect(after).toMatchObject({ status: 'fulfilled', isFetching: false, fetchedAt: 1040 });
    expect(after.data![0]!.title).toBe('new');
  });

  it('a write to an entity in the answer rebuilds it; one to another entity of its type does not', () => {
    const { rest, store } = withPages();
    const before = rest.selectData(store.getState(), getPosts, { page: 1 })!;
    store.dispatch(rest.set(Post, 21, { ...post5, id: 21, title: 'page two' }));
    expect(rest.selectData(store.getState(), getPosts, { page: 1 })).toBe(before);
    store.dispatch(rest.set(Post, 11, { ...post5, id: 11, title: 'changed' }));
    const after = rest.selectData(store.getState(), getPosts, { page: 1 })!;
    expect(after).not.toBe(before);
    expect(after[0]!.title).toBe('changed');
    expect(after[1]).toBe(before[1]);
    store.dispatch({ type: 'app/unrelated' });
    expect(rest.selectData(store.getState(), getPosts, { page: 1 })).toBe(after);
  });

  it('an inferred read (no stored result) keeps its answer across other writes and follows its entity', async () => {
    const { rest, store, writeOtherType } = withPages();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    const inferred = rest.selectResponse(store.getState(), PostResource.get, { group: 'react', id: 5 });
    expect(inferred).toMatchObject({ status: 'fulfilled', fetchedAt: 1000, data: expect.any(Post) });
    writeOtherType();
    expect(rest.selectResponse(store.getState(), PostResource.get, { group: 'react', id: 5 })).toBe(inferred);
    jest.setSystemTime(5000);
    store.dispatch(rest.set(Post, 5, { ...post5, title: 'set' }));
    const again = rest.selectResponse(store.getState(), PostResource.get, { group: 'react', id: 5 });
    expect(again.data!.title).toBe('set');
    expect(again.fetchedAt).toBe(5000);
  });

  it('a changed nested entity reached through the answer rebuilds it after other writes in between', () => {
    const { rest, store, writeOtherType } = withPages();
    const before = rest.selectData(store.getState(), getPosts, { page: 1 })!;
    writeOtherType();
    store.dispatch(rest.set(User, 1, { ...ann, username: 'annie' }));
    writeOtherType();
    const after = rest.selectData(store.getState(), getPosts, { page: 1 })!;
    expect(after).not.toBe(before);
    expect(after[0]!.author.username).toBe('annie');
    expect(after[1]!.author).toBe(before[1]!.author);
    expect(after[1]!.author.username).toBe(bob.username);
  });

  it('an answer keeps its reference through many writes to other cells of its tables, and sees a write to its own among them', () => {
    const { rest, store } = withPages();
    const before = rest.selectData(store.getState(), getPosts, { page: 1 })!;
    const writeOtherPost = (n: number) => store.dispatch(rest.set(Post, 900 + n, { id: 900 + n, title: `other ${n}`, author: { ...bob, id: 3 } }));
    // More writes than any history of a table is kept for, with a select after some of them only.
    for (let n = 0; n < 150; n++) {
      writeOtherPost(n);
      if (n % 7 === 0) expect(rest.selectData(store.getState(), getPosts, { page: 1 })).toBe(before);
    }
    expect(rest.selectData(store.getState(), getPosts, { page: 1 })).toBe(before);
    writeOtherPost(150);
    store.dispatch(rest.set(Post, before[1]!.id, { ...post6, id: before[1]!.id, title: 'changed' }));
    writeOtherPost(151);
    const after = rest.selectData(store.getState(), getPosts, { page: 1 })!;
    expect(after).not.toBe(before);
    expect(after[1]!.title).toBe('changed');
    expect(after[0]).toBe(before[0]);
    store.dispatch(rest.set(User, before[0]!.author.id, { ...ann, id: before[0]!.author.id, username: 'renamed' }));
    writeOtherPost(152);
    expect(rest.selectData(store.getState(), getPosts, { page: 1 })![0]!.author.username).toBe('renamed');
  });

  it('an answer read while its table did not exist yet sees the table\'s first write', () => {
    const { rest, store, writeOtherType } = withPages();
    expect(rest.selectQuery(store.getState(), User, '77')).toBeUndefined();
    // A write elsewhere makes the answer record the tables it read (User's, absent).
    store.dispatch(rest.set(Post, 901, { id: 901, title: 'other', author: { ...bob, id: 3 } }));
    writeOtherType();
    expect(rest.selectQuery(store.getState(), User, '77')).toBeUndefined();
    store.dispatch(rest.resetEntireStore());
    expect(rest.selectQuery(store.getState(), User, '77')).toBeUndefined();
    store.dispatch(rest.set(User, 77, { ...ann, id: 77 }));
    expect(rest.selectQuery(store.getState(), User, '77')?.id).toBe(77);
  });

  it('a write to the answer\'s own cell is seen wherever it falls in the table\'s history (where its history is cut too)', () => {
    for (let others = 0; others < 70; others++) {
      const { rest, store } = withPages();
      const before = rest.selectData(store.getState(), getPosts, { page: 1 })!;
      for (let n = 0; n < others; n++) {
        store.dispatch(rest.set(Post, 900 + n, { id: 900 + n, title: `other ${n}`, author: { ...bob, id: 3 } }));
        expect(rest.selectData(store.getState(), getPosts, { page: 1 })).toBe(before);
      }
      store.dispatch(rest.set(Post, before[0]!.id, { ...post5, id: before[0]!.id, title: `changed after ${others}` }));
      expect(rest.selectData(store.getState(), getPosts, { page: 1 })![0]!.title).toBe(`changed after ${others}`);
    }
  });

  it('answers of several keys keep their references through writes to another entity type', () => {
    const { rest, store, writeOtherType } = withPages();
    store.dispatch(rest.setResponse(getPosts, { page: 3 }, page(3)));
    const readAll = () => [1, 2, 3].map((n) => rest.selectResponse(store.getState(), getPosts, { page: n }));
    const first = readAll();
    for (let i = 0; i < 5; i++) {
      writeOtherType();
      const again = readAll();
      again.forEach((answer, n) => expect(answer).toBe(first[n]));
    }
  });

});
