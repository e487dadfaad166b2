import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { Entity, RestEndpoint, createRest, normalize, schema } from 'rtk-rest';
import type { EntityMeta, NormalizedTables } from 'rtk-rest';
import { sliceReader } from '../../src/redux/store/layout';
import { DEFAULT_SHARD_ABOVE, isSharded } from '../../src/redux/store/tables';
import { shardedTablesWith } from '../../src/redux/features/shardedTables/shardedTables';

/** These tests read the sharded form: the stores shard above 64 entries (the default is 2,000 and 128). */
const SHARD_ABOVE = 64;
import { expectJSONRoundTrip, jsonDiff } from '../support/json';
import { A, Post, PostResource, User, json, makeStore, net, nonJsonPath, rawSlice, react, setup, sliceOf, useTestEnvironment } from './support';
import type { FakeRequest, Rest } from './support';

// The tables of createRest's instances (they have the shardedTables feature): reads of a raw slice.
const tables = shardedTablesWith(DEFAULT_SHARD_ABOVE);
const { get: tableGet, size: tableSize } = tables;

// The sharded slice layout and rest.devTools, plain JSON, hydration, table order, tombstones,
// indexes and the memoization guarantees, on a store
// large enough that its tables are tries (src/redux/store/tables.ts): 200 posts by 80 authors, 101 keys.

useTestEnvironment();

// ---------------------------------------------------------------------------------------------
// A fake server

const CREATED = '2024-01-01T00:00:00.000Z';
const userJSON = (id: number, username = `user${id}`) => ({ id, username, createdAt: CREATED });
/** Post `id` is written by user ((id - 1) mod 80) + 1, so 200 posts have 80 authors. */
const authorOf = (id: number) => ((id - 1) % 80) + 1;
const postJSON = (id: number, title = `post ${id}`) => ({ id, title, author: userJSON(authorOf(id)) });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

class Tag extends Entity {
  slug = '';
  label = '';
  pk() {
    return this.slug;
  }
  static override key = 'Tag';
}

const getTags = new RestEndpoint({ path: '/tags/:page', urlPrefix: A, schema: new schema.All(Tag) });
const deleteTag = new RestEndpoint({ path: '/tags/:slug', method: 'DELETE', urlPrefix: A, schema: new schema.Invalidate(Tag) });
const getUser = new RestEndpoint({ path: '/users/:id', urlPrefix: A, schema: User });
const purgePosts = new RestEndpoint({ path: '/react/purge', method: 'POST', urlPrefix: A, schema: [new schema.Invalidate(Post)] });
const AllTags = new schema.All(Tag);

interface Db {
  posts: Map<number, ReturnType<typeof postJSON>>;
  users: Map<number, ReturnType<typeof userJSON>>;
  tagPages: Map<string, Array<{ slug: string; label: string }>>;
}

function newDb(): Db {
  return {
    posts: new Map(range(1, 200).map((id) => [id, postJSON(id)])),
    users: new Map(range(1, 80).map((id) => [id, userJSON(id)])),
    tagPages: new Map(),
  };
}

const bodyOf = (request: FakeRequest) => (typeof request.init.body === 'string' ? JSON.parse(request.init.body) : undefined);

/** Answers every request at once from `db` (GET list/detail, PUT, DELETE; users; tag pages; purge). */
function serve(db: Db): void {
  net.autoRespond((request) => {
    const path = new URL(request.url).pathname;
    const method = request.method;
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/react/posts') return json([...db.posts.values()]);
    if ((m = /^\/react\/posts\/(\d+)$/.exec(path))) {
      const id = Number(m[1]);
      if (method === 'DELETE') {
        db.posts.delete(id);
        return json(null, { status: 204 });
      }
      const post = db.posts.get(id);
      if (post === undefined) return json({}, { status: 404, statusText: 'Not Found' });
      if (method === 'PUT') db.posts.set(id, { ...post, ...bodyOf(request) });
      return json(db.posts.get(id));
    }
    if (method === 'POST' && path === '/react/purge') {
      const ids = bodyOf(request) as number[];
      for (const id of ids) db.posts.delete(id);
      return json(ids);
    }
    if ((m = /^\/users\/(\d+)$/.exec(path))) return json(db.users.get(Number(m[1])));
    if ((m = /^\/tags\/(.*)$/.exec(path))) {
      const segment = decodeURIComponent(m[1]!);
      if (method === 'DELETE') return json({ slug: segment });
      return json(db.tagPages.get(segment) ?? []);
    }
    return json({}, { status: 404, statusText: 'Not Found' });
  });
}

const LIST_KEY = `GET ${A}/react/posts`;
const detailKey = (id: number) => `GET ${A}/react/posts/${id}`;
const detail = (id: number) => ({ group: 'react', id }) as const;

/**
 * Builds, through a live store with RTK's default checks, the state holding the list (200 posts,
 * 80 authors; fetched at 1000) and the details of posts 1–100 (fetched at 2000): every table of
 * the slice is above the threshold of 64. Built once per file (the default checks walk the whole state on
 * every action, so building it costs seconds); read-only tests share the live store, the others
 * hydrate their own from its JSON.
 */
let live: Promise<{ rest: Rest; store: ReturnType<typeof makeStore>; json: string }> | undefined;

function liveBigStore() {
  live ??= (async () => {
    serve(newDb());
    const { rest, store } = setup({ shardTablesAbove: SHARD_ABOVE });
    await store.dispatch(rest.fetch(PostResource.getList, react));
    jest.setSystemTime(2000);
    await Promise.all(range(1, 100).map((id) => store.dispatch(rest.fetch(PostResource.get, detail(id)))));
    jest.setSystemTime(1000);
    return { rest, store, json: JSON.stringify(store.getState()) };
  })();
  return live;
}

type StoreFactory = (rest: Rest, preloadedState: Record<string, unknown>) => ReturnType<typeof makeStore>;

/** RTK's default middleware without the dev checks, for tests that dispatch hundreds of writes. */
const uncheckedStore: StoreFactory = (rest, preloadedState) => {
  const reducer: Reducer = combineReducers({ [rest.reducerPath]: rest.reducer });
  return configureStore({ reducer, preloadedState, middleware: (getDefault) => getDefault({ immutableCheck: false, serializableCheck: false }).concat(rest.middleware) });
};

/** A fresh instance and store holding the big state (hydrated from its JSON), with the fake server on. */
async function bigStore(factory: StoreFactory = (rest, preloadedState) => makeStore(rest, { preloadedState })) {
  const { json: text } = await liveBigStore();
  const db = newDb();
  serve(db);
  jest.setSystemTime(3000);
  const rest = createRest({ shardTablesAbove: SHARD_ABOVE });
  const store = factory(rest, JSON.parse(text));
  store.dispatch({ type: 'test/ready' });
  return { db, rest, store, list: () => rest.selectData(store.getState(), PostResource.getList, react)! };
}

/** What `normalize()` produces for the same responses: the logical layout. */
function expectedSlice() {
  const m1: EntityMeta = { fetchedAt: 1000, date: 1000, expiresAt: 61000 };
  const m2: EntityMeta = { fetchedAt: 2000, date: 2000, expiresAt: 62000 };
  let tables: NormalizedTables & { result?: unknown } = normalize(PostResource.getList.schema, range(1, 200).map((id) => postJSON(id)), [react], {}, m1);
  const endpoints: Record<string, unknown> = { [LIST_KEY]: tables.result };
  const meta: Record<string, unknown> = { [LIST_KEY]: m1 };
  for (const id of range(1, 100)) {
    tables = normalize(PostResource.get.schema, postJSON(id), [detail(id)], tables, m2);
    endpoints[detailKey(id)] = tables.result;
    meta[detailKey(id)] = m2;
  }
  return { entities: tables.entities, entitiesMeta: tables.entitiesMeta, indexes: tables.indexes, endpoints, meta, optimistic: [], lastReset: 0 };
}

/** A store whose root reducer also takes `test/replace` with a whole root state (time travel, DevTools jumps). */
const travelStore: StoreFactory = (rest, preloadedState) => {
  const slices = combineReducers({ [rest.reducerPath]: rest.reducer });
  const reducer: Reducer = (state, action: UnknownAction) => (action.type === 'test/replace' ? action.payload : slices(state, action));
  return configureStore({ reducer, preloadedState, middleware: (getDefault) => getDefault().concat(rest.middleware) });
};

const titles = (posts: readonly Post[]) => posts.map((post) => post.title);

// ---------------------------------------------------------------------------------------------

describe('a sharded slice', () => {
  it('every large table of the slice is sharded (a trie), small ones stay plain objects', async () => {
    const { rest, store } = await liveBigStore();
    const raw = rawSlice(rest, store.getState());
    expect(isSharded(raw.entities.Post)).toBe(true);
    expect(isSharded(raw.entities.User)).toBe(true);
    expect(isSharded(raw.entitiesMeta.Post)).toBe(true);
    expect(isSharded(raw.entitiesMeta.User)).toBe(true);
    expect(isSharded(raw.indexes.User.username)).toBe(true);
    expect(isSharded(raw.endpoints)).toBe(true);
    expect(isSharded(raw.meta)).toBe(true);
    expect(isSharded(raw.entities['[Post]'])).toBe(false);
    expect(tableSize(raw.entities.Post)).toBe(200);
    expect(tableSize(raw.entities.User)).toBe(80);
    expect(tableSize(raw.endpoints)).toBe(101);
  });

  it('selectData reads the right instances; a list row and the detail view are one instance', async () => {
    const { rest, store } = await liveBigStore();
    const posts = rest.selectData(store.getState(), PostResource.getList, react)!;
    expect(posts).toHaveLength(200);
    posts.forEach((post, i) => {
      expect(post).toBeInstanceOf(Post);
      expect(post).toMatchObject({ id: i + 1, title: `post ${i + 1}` });
      expect(post.author).toBeInstanceOf(User);
      expect(post.author).toMatchObject({ id: authorOf(i + 1), username: `user${authorOf(i + 1)}` });
      expect(post.author.createdAt).toEqual(new Date(CREATED));
    });
    expect(posts[0]!.author).toBe(posts[80]!.author);
    for (const id of [1, 64, 65, 100]) expect(rest.selectData(store.getState(), PostResource.get, detail(id))).toBe(posts[id - 1]);
    expect(rest.selectData(store.getState(), PostResource.get, detail(150))).toBe(posts[149]);
    expect(rest.selectQuery(store.getState(), Post, 199)).toBe(posts[198]);
    expect(rest.selectQuery(store.getState(), Post, 201)).toBeUndefined();
    expect(rest.selectQuery(store.getState(), Post, 'constructor')).toBeUndefined();
    expect(rest.selectResponse(store.getState(), PostResource.get, detail(42))).toMatchObject({ status: 'fulfilled', expiryStatus: 'valid', fetchedAt: 2000, expiresAt: 62000 });
    expect(rest.selectResponse(store.getState(), PostResource.getList, react)).toMatchObject({ status: 'fulfilled', fetchedAt: 1000, expiresAt: 61000 });
  });

  it('rest.devTools.stateSanitizer shows exactly the logical layout, as normalize() produces it', async () => {
    const { rest, store } = await liveBigStore();
    const state = store.getState();
    const logical = rest.devTools.stateSanitizer(state)[rest.reducerPath];
    const expected = expectedSlice();
    expect(logical).toStrictEqual(expected);
    // The enumeration order of the entity tables (integer-like pks ascending, then insertion order), as in the plain objects normalize() builds.
    for (const key of ['Post', 'User', '[Post]']) expect(Object.keys(logical.entities[key])).toEqual(Object.keys(expected.entities[key]!));
    expect(jsonDiff(logical.indexes, expected.indexes)).toBeUndefined();
    // The rest of the root state is untouched, and the logical view is computed once per slice.
    const other = { ...state, other: { a: 1 } };
    expect(rest.devTools.stateSanitizer(other).other).toBe(other.other);
    expect(rest.devTools.stateSanitizer(state)[rest.reducerPath]).toBe(logical);
    expect(rest.devTools.stateSanitizer({ other: 1 })).toEqual({ other: 1 });
  });

  it('the raw sharded slice is plain JSON: its round trip is strictly equal', async () => {
    const { rest, store } = await liveBigStore();
    const raw = rawSlice(rest, store.getState());
    expect(nonJsonPath(raw)).toBeUndefined();
    expectJSONRoundTrip(raw);
  });

  it('a write copies only what it touches: other tables keep their references, earlier states are unchanged', async () => {
    const { rest, store, db } = await bigStore();
    const before = rawSlice(rest, store.getState());
    const snapshot = JSON.stringify(before);
    await store.dispatch(rest.fetch(PostResource.update, detail(7), { title: 'seven' }));
    const after = rawSlice(rest, store.getState());
    expect(JSON.stringify(before)).toBe(snapshot);
    expect(after.entities.Post).not.toBe(before.entities.Post);
    expect(after.entities.User).toBe(before.entities.User);
    expect(after.entities['[Post]']).toBe(before.entities['[Post]']);
    expect(after.indexes.User).toBe(before.indexes.User);
    expect(tableGet(after.entities.Post, '7')).toEqual({ id: 7, title: 'seven', author: String(authorOf(7)) });
    expect(tableGet(after.entities.Post, '8')).toBe(tableGet(before.entities.Post, '8'));
    expect(db.posts.get(7)?.title).toBe('seven');
  });
});

describe('server rendering with a sharded slice', () => {
  it('the JSON round trip as preloadedState serves the same data without a refetch while fresh', async () => {
    const server = await liveBigStore();
    const html = JSON.stringify(server.store.getState()[server.rest.reducerPath]);
    const serverLogical = sliceOf(server.rest, server.store.getState());
    serve(newDb());
    const requests = net.count;
    jest.setSystemTime(3000);
    const rest = createRest({ shardTablesAbove: SHARD_ABOVE });
    const store = makeStore(rest, { preloadedState: { [rest.reducerPath]: JSON.parse(html) } });
    expect(sliceOf(rest, store.getState())).toStrictEqual(serverLogical);
    const posts = rest.selectData(store.getState(), PostResource.getList, react);
    expect(titles(posts!)).toEqual(range(1, 200).map((id) => `post ${id}`));
    expect(posts?.[120]).toBeInstanceOf(Post);
    expect(posts?.[120]?.author.createdAt).toEqual(new Date(CREATED));
    expect(rest.selectData(store.getState(), PostResource.get, detail(77))).toBe(posts?.[76]);
    expect(rest.selectQuery(store.getState(), User, { username: 'user70' })?.id).toBe(70);
    const fresh = await store.dispatch(rest.fetchIfStale(PostResource.getList, react));
    expect(fresh).toBe(rest.selectData(store.getState(), PostResource.getList, react));
    await store.dispatch(rest.fetchIfStale(PostResource.get, detail(99)));
    expect(net.count).toBe(requests);
    // The hydrated (parsed) tables take writes like the server's own.
    await store.dispatch(rest.fetch(PostResource.update, detail(150), { title: 'hydrated write' }));
    const next = rest.selectData(store.getState(), PostResource.getList, react);
    expect(next?.[149]?.title).toBe('hydrated write');
    expect(next?.[148]).toBe(posts?.[148]);
    expect(Object.keys(sliceOf(rest, store.getState()).entities.Post)).toEqual(range(1, 200).map(String));
    // Expired by the client clock: refetched.
    jest.setSystemTime(61001);
    await store.dispatch(rest.fetchIfStale(PostResource.getList, react));
    expect(net.count).toBe(requests + 2);
  });
});

// ---------------------------------------------------------------------------------------------

/** Tag slugs mixing integer-like, non-canonical, hostile and ordinary pks, in response order. */
const PAGE_ONE = [
  ...range(0, 39).flatMap((i) => [`tag-${i}`, String((i * 37) % 101)]),
  ...['01', '-1', 'constructor', '__proto__', 'prototype', 'hasOwnProperty', 'toString', '007', '+5', '1e2', ' 3', '4294967295', '4294967294', '0', '-0'],
  ...range(40, 59).map((i) => `tag-${i}`),
];
const PAGE_TWO = ['late-1', '500', 'tag-3', '01', 'late-2', '1000', 'constructor', 'late-3'];
const tag = (slug: string, label = `label ${slug}`) => ({ slug, label });

/** Table order: a plain object written with own properties in the same order. */
function objectOrder(...pages: string[][]): string[] {
  const model: Record<string, true> = {};
  for (const page of pages) for (const slug of page) Object.defineProperty(model, slug, { value: true, enumerable: true, configurable: true, writable: true });
  return Object.keys(model);
}

describe('schema.All over a sharded table', () => {
  it('reads every entity in table order: integer-like pks ascending, then the others by first insertion', async () => {
    const db = newDb();
    db.tagPages.set('1', PAGE_ONE.map((slug) => tag(slug)));
    db.tagPages.set('2', PAGE_TWO.map((slug) => tag(slug, `updated ${slug}`)));
    serve(db);
    const { rest, store } = setup({ shardTablesAbove: SHARD_ABOVE });
    await store.dispatch(rest.fetch(getTags, { page: 1 }));
    const raw = () => rawSlice(rest, store.getState());
    expect(isSharded(raw().entities.Tag)).toBe(true);
    const first = rest.selectQuery(store.getState(), AllTags)!;
    expect(first.map((t) => t.slug)).toEqual(objectOrder(PAGE_ONE));
    expect(first.every((t) => t instanceof Tag)).toBe(true);
    expect(rest.selectData(store.getState(), getTags, { page: 1 })?.every((t, i) => t === first[i])).toBe(true);

    await store.dispatch(rest.fetch(getTags, { page: 2 }));
    const order = objectOrder(PAGE_ONE, PAGE_TWO);
    const second = rest.selectQuery(store.getState(), AllTags)!;
    expect(second.map((t) => t.slug)).toEqual(order);
    expect(second.find((t) => t.slug === 'constructor')?.label).toBe('updated constructor');
    expect(Object.keys(sliceOf(rest, store.getState()).entities.Tag)).toEqual(order);
    // The same order as the plain object normalize() builds from the two responses.
    const normalized = normalize(AllTags, PAGE_TWO.map((slug) => tag(slug)), [], normalize(AllTags, PAGE_ONE.map((slug) => tag(slug)), [], {}));
    expect(Object.keys(normalized.entities.Tag!)).toEqual(order);
    expect(Object.getPrototypeOf(sliceOf(rest, store.getState()).entities.Tag)).toBe(Object.prototype);
    expect(second.find((t) => t.slug === '__proto__')).toBeInstanceOf(Tag);
  });

  it('tombstoned entities of a sharded table are skipped; the others keep their order and instances', async () => {
    const db = newDb();
    db.tagPages.set('1', PAGE_ONE.map((slug) => tag(slug)));
    serve(db);
    const { rest, store } = setup({ shardTablesAbove: SHARD_ABOVE });
    await store.dispatch(rest.fetch(getTags, { page: 1 }));
    const before = rest.selectQuery(store.getState(), AllTags)!;
    const gone = ['tag-3', '__proto__', '30', 'constructor', '4294967294'];
    for (const slug of gone) await store.dispatch(rest.fetch(deleteTag, { slug }));
    const after = rest.selectQuery(store.getState(), AllTags)!;
    expect(after.map((t) => t.slug)).toEqual(objectOrder(PAGE_ONE).filter((slug) => !gone.includes(slug)));
    for (const t of after) expect(t).toBe(before.find((b) => b.slug === t.slug));
    const logical = sliceOf(rest, store.getState()).entities.Tag;
    expect(Object.keys(logical)).toEqual(objectOrder(PAGE_ONE));
    for (const slug of gone) expect(Object.getOwnPropertyDescriptor(logical, slug)?.value).toBeNull();
    expect(rest.selectQuery(store.getState(), Tag, '__proto__')).toBeUndefined();
  });

  it('a decimal pk such as "1.5" is not integer-like: All reads it in insertion order in a sharded table too', async () => {
    const db = newDb();
    const slugs = ['b', '1.5', '2', '0.5', 'a', '10', ...range(0, 69).map((i) => `t${i}`)];
    db.tagPages.set('1', slugs.map((slug) => tag(slug)));
    serve(db);
    const { rest, store } = setup({ shardTablesAbove: SHARD_ABOVE });
    await store.dispatch(rest.fetch(getTags, { page: 1 }));
    expect(isSharded(rawSlice(rest, store.getState()).entities.Tag)).toBe(true);
    const expected = objectOrder(slugs);
    expect(expected.slice(0, 4)).toEqual(['2', '10', 'b', '1.5']);
    expect(rest.selectQuery(store.getState(), AllTags)!.map((t) => t.slug)).toEqual(expected);
  });

  it('the All answer keeps its reference through writes to other tables and changes when a Tag changes', async () => {
    const db = newDb();
    db.tagPages.set('1', PAGE_ONE.map((slug) => tag(slug)));
    db.tagPages.set('2', [tag('tag-5', 'renamed')]);
    serve(db);
    const { rest, store } = setup({ shardTablesAbove: SHARD_ABOVE });
    await store.dispatch(rest.fetch(getTags, { page: 1 }));
    const first = rest.selectQuery(store.getState(), AllTags)!;
    await store.dispatch(rest.fetch(PostResource.getList, react));
    await store.dispatch(rest.fetch(getTags, { page: 1 }));
    expect(rest.selectQuery(store.getState(), AllTags)).toBe(first);
    await store.dispatch(rest.fetch(getTags, { page: 2 }));
    const second = rest.selectQuery(store.getState(), AllTags)!;
    expect(second).not.toBe(first);
    expect(second.find((t) => t.slug === 'tag-5')?.label).toBe('renamed');
    expect(second.filter((t) => t.slug !== 'tag-5').every((t) => first.includes(t))).toBe(true);
  });
});

describe('tombstones in sharded tables', () => {
  it('a delete tombstones the post: gone from the 200-item list, the detail and selectQuery; the cell is null', async () => {
    const { rest, store, list } = await bigStore();
    const before = list();
    await store.dispatch(rest.fetch(PostResource.delete, detail(10)));
    const after = list();
    expect(after).toHaveLength(199);
    expect(after.map((p) => p.id)).toEqual(range(1, 200).filter((id) => id !== 10));
    for (const post of after) expect(post).toBe(before[post.id - 1]);
    expect(rest.selectResponse(store.getState(), PostResource.get, detail(10))).toMatchObject({ data: undefined, expiryStatus: 'invalid' });
    expect(rest.selectQuery(store.getState(), Post, 10)).toBeUndefined();
    expect(sliceOf(rest, store.getState()).entities.Post['10']).toBeNull();
    expect(tableGet(rawSlice(rest, store.getState()).entities.Post, '10')).toBeNull();
    expect(Object.keys(sliceOf(rest, store.getState()).entities.Post)).toEqual(range(1, 200).map(String));
  });

  it('a batch of 70 tombstones (schema.Invalidate) in one write; a re-created post comes back', async () => {
    const { rest, store, list, db } = await bigStore();
    const purged = range(11, 80);
    await store.dispatch(rest.fetch(purgePosts, purged));
    expect(list().map((p) => p.id)).toEqual(range(1, 200).filter((id) => !purged.includes(id)));
    const logical = sliceOf(rest, store.getState()).entities.Post;
    expect(purged.every((id) => logical[String(id)] === null)).toBe(true);
    expectJSONRoundTrip(rawSlice(rest, store.getState()));
    jest.setSystemTime(5000);
    db.posts.set(42, postJSON(42, 'back again'));
    await store.dispatch(rest.fetch(PostResource.get, detail(42)));
    const back = list();
    expect(back.map((p) => p.id)).toEqual(range(1, 200).filter((id) => id === 42 || !purged.includes(id)));
    expect(back.find((p) => p.id === 42)?.title).toBe('back again');
  });
});

describe('indexes with more than 64 values', () => {
  it('a sharded index finds every user; a changed value moves its entry', async () => {
    const { rest, store, db } = await bigStore();
    const state = store.getState();
    expect(isSharded(rawSlice(rest, state).indexes.User.username)).toBe(true);
    for (const id of [1, 33, 64, 65, 80]) expect(rest.selectQuery(state, User, { username: `user${id}` })?.id).toBe(id);
    expect(rest.selectQuery(state, User, { username: 'nobody' })).toBeUndefined();
    expect(sliceOf(rest, state).indexes.User.username).toEqual(Object.fromEntries(range(1, 80).map((id) => [`user${id}`, String(id)])));
    db.users.set(5, userJSON(5, 'renamed'));
    await store.dispatch(rest.fetch(getUser, { id: 5 }));
    const next = store.getState();
    expect(rest.selectQuery(next, User, { username: 'renamed' })?.id).toBe(5);
    expect(rest.selectQuery(next, User, { username: 'user5' })).toBeUndefined();
    const index = sliceOf(rest, next).indexes.User.username;
    expect(index.renamed).toBe('5');
    expect(Object.keys(index)).not.toContain('user5');
    expect(Object.keys(index)).toHaveLength(80);
  });
});

// ---------------------------------------------------------------------------------------------

describe('memoization over sharded tables', () => {
  it('writes the list does not depend on keep its reference: another type, a post not in it, an unchanged author, an identical refetch', async () => {
    const { rest, store, list, db } = await bigStore();
    const first = list();
    const response = rest.selectResponse(store.getState(), PostResource.getList, react);
    db.tagPages.set('1', PAGE_ONE.map((slug) => tag(slug)));
    await store.dispatch(rest.fetch(getTags, { page: 1 }));
    expect(list()).toBe(first);
    db.posts.set(500, postJSON(500));
    await store.dispatch(rest.fetch(PostResource.get, detail(500)));
    expect(list()).toBe(first);
    await store.dispatch(rest.fetch(getUser, { id: 1 }));
    expect(list()).toBe(first);
    await store.dispatch(rest.fetch(PostResource.get, detail(7)));
    expect(list()).toBe(first);
    await store.dispatch(rest.fetch(PostResource.get, detail(170)));
    expect(list()).toBe(first);
    expect(rest.selectResponse(store.getState(), PostResource.getList, react).data).toBe(response.data);
  });

  it('a write to a post in the list rebuilds that row only; an author change rebuilds that author\'s posts', async () => {
    const { rest, store, list, db } = await bigStore();
    const first = list();
    await store.dispatch(rest.fetch(PostResource.update, detail(7), { title: 'seven' }));
    const second = list();
    expect(second).not.toBe(first);
    expect(second[6]!.title).toBe('seven');
    expect(second[6]!.author).toBe(first[6]!.author);
    expect(second.filter((_, i) => i !== 6).every((post, i) => post === first[i < 6 ? i : i + 1])).toBe(true);

    db.users.set(3, userJSON(3, 'carol'));
    await store.dispatch(rest.fetch(getUser, { id: 3 }));
    const third = list();
    const byThree = [3, 83, 163];
    for (const id of byThree) {
      expect(third[id - 1]!.author.username).toBe('carol');
      expect(third[id - 1]).not.toBe(second[id - 1]);
    }
    expect(third.filter((p) => !byThree.includes(p.id)).every((post) => post === second[post.id - 1])).toBe(true);
  });

  it('after the state is replaced wholesale (time travel), answers are still right (fallback validation)', async () => {
    const { rest, store, list, db } = await bigStore(travelStore);
    const replace = (state: unknown) => store.dispatch({ type: 'test/replace', payload: state });
    const s0 = store.getState();
    const original = titles(list());
    await store.dispatch(rest.fetch(PostResource.update, detail(7), { title: 'seven' }));
    const s1 = store.getState();
    expect(list()[6]!.title).toBe('seven');

    replace(s0);
    expect(store.getState()).toBe(s0);
    expect(titles(list())).toEqual(original);
    expect(rest.selectQuery(store.getState(), Post, 7)?.title).toBe('post 7');
    replace(s1);
    expect(list()[6]!.title).toBe('seven');
    expect(rest.selectQuery(store.getState(), Post, 7)?.title).toBe('seven');

    // A new branch from s0: its journal leads back to s0, never to s1.
    replace(s0);
    db.posts.set(7, postJSON(7));
    await store.dispatch(rest.fetch(PostResource.update, detail(8), { title: 'eight' }));
    const branch = list();
    expect(branch[6]!.title).toBe('post 7');
    expect(branch[7]!.title).toBe('eight');
    expect(titles(branch)).toEqual(original.map((title, i) => (i === 7 ? 'eight' : title)));
    replace(s1);
    expect(list()[6]!.title).toBe('seven');
    expect(list()[7]!.title).toBe('post 8');

    // A JSON copy of a state (no journal, new objects) reads the same.
    replace(JSON.parse(JSON.stringify(s1)));
    expect(titles(list())).toEqual(original.map((title, i) => (i === 6 ? 'seven' : title)));
    expect(list()[6]).toBeInstanceOf(Post);
  });

  it('more than 64 intervening writes (past the journal step cap) still give correct answers', async () => {
    const { rest, store, list, db } = await bigStore(uncheckedStore);
    let page = 0;
    /** `n` commits that write a new Tag each: entity writes the list does not depend on. */
    const unrelated = async (n: number) => {
      for (let i = 0; i < n; i++) {
        page++;
        db.tagPages.set(String(page), [tag(`x${page}`)]);
        await store.dispatch(rest.fetch(getTags, { page }));
      }
    };
    const first = list();
    await unrelated(70);
    expect(list()).toBe(first);

    await store.dispatch(rest.fetch(PostResource.update, detail(9), { title: 'nine' }));
    await unrelated(70);
    const second = list();
    expect(second[8]!.title).toBe('nine');
    expect(second.filter((p) => p.id !== 9).every((post) => post === first[post.id - 1])).toBe(true);

    await unrelated(30);
    await store.dispatch(rest.fetch(PostResource.update, detail(10), { title: 'ten' }));
    await unrelated(40);
    const third = list();
    expect(third[9]!.title).toBe('ten');
    expect(third[8]).toBe(second[8]);
    expect(rest.selectQuery(store.getState(), AllTags)).toHaveLength(210);
  });
});

describe('the slice reader', () => {
  it('after an identical refetch (a write of meta only) the next response is ordered against the new meta', async () => {
    // Post 5 stored by a request started at 1000. Request B (another key, same entity) starts at
    // 1500, request C (a refetch) at 2000. C answers first with identical data: only entitiesMeta
    // changes. B then started before the stored fetchedAt (2000), so it only fills missing
    // fields: the title stays 'hi' (shouldReorder / mergeWithStore).
    const { rest, store } = setup({ shardTablesAbove: SHARD_ABOVE });
    const stored = { id: 5, title: 'hi', author: userJSON(1) };
    const first = store.dispatch(rest.fetch(PostResource.get, detail(5)));
    (await net.nth(1)).reply(stored);
    await first;
    expect(rest.selectData(store.getState(), PostResource.get, detail(5))?.title).toBe('hi');
    jest.setSystemTime(1500);
    const b = store.dispatch(rest.fetch(PostResource.get, { group: 'vue', id: 5 }));
    jest.setSystemTime(2000);
    const c = store.dispatch(rest.fetch(PostResource.get, detail(5)));
    const [requestB, requestC] = [await net.nth(2), await net.nth(3)];
    expect(requestB.url).toBe(`${A}/vue/posts/5`);
    requestC.reply(stored);
    await c;
    expect(sliceOf(rest, store.getState()).entitiesMeta.Post['5']).toEqual({ fetchedAt: 2000, date: 2000, expiresAt: 62000 });
    // The reader normalization uses for this slice must see that meta too.
    expect(sliceReader(rawSlice(rest, store.getState()), tables).meta('Post', '5')).toEqual({ fetchedAt: 2000, date: 2000, expiresAt: 62000 });
    requestB.reply({ id: 5, title: 'old', extra: 'filled in' });
    await b;
    const post = sliceOf(rest, store.getState()).entities.Post['5'];
    expect(post).toEqual({ id: 5, title: 'hi', author: '1', extra: 'filled in' });
    expect(sliceOf(rest, store.getState()).entitiesMeta.Post['5'].fetchedAt).toBe(2000);
  });
});
