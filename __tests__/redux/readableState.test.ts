/**
 * The slice is readable Redux state. Up to the `shardTablesAbove` thresholds every
 * table is a plain object, `state.rest.entities.Post['5']` the post's JSON, with no DevTools
 * option; above them a table is sharded into a self-describing object, whose format version is
 * checked whenever state is hydrated. Real stores, RTK's default checks on.
 */
import { configureStore } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import { createRest } from 'rtk-rest';
import { DEFAULT_SHARD_ABOVE, TABLE_FORMAT, isSharded } from '../../src/redux/store/tables';
import type { Table } from '../../src/redux/store/tables';
import { hashPk, objectOf as tableObject, shardedTablesWith } from '../../src/redux/features/shardedTables/shardedTables';
import { A, K, Post, PostResource, makeStore, net, react, setup, useTestEnvironment } from './support';

// Reads of a raw slice, with the tables of createRest's instances (they have the shardedTables feature).
const { get: tableGet } = shardedTablesWith(DEFAULT_SHARD_ABOVE);

useTestEnvironment();

const users = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, username: `user${i + 1}`, createdAt: '2024-01-01T00:00:00.000Z' }));
const posts = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, title: `Post ${i + 1}`, author: users[i % 50]! }));

/** A store that fetched the 1,000 posts (and their 50 authors) through the fake network. */
async function storeWithPosts(options?: Parameters<typeof createRest>[0]) {
  const { rest, store } = setup(options);
  const done = store.dispatch(rest.fetch(PostResource.getList, react));
  (await net.nth(net.count + 1)).reply(posts);
  await done;
  return { rest, store };
}

describe('readable state by default', () => {
  it('a store holding 1,000 posts shows state.rest.entities.Post["5"] as the plain post JSON', async () => {
    const { store } = await storeWithPosts();
    const state = store.getState() as any;
    expect(state.rest.entities.Post['5']).toEqual({ id: 5, title: 'Post 5', author: '5' });
    expect(Object.keys(state.rest.entities.Post)).toHaveLength(1000);
    expect(state.rest.entities.User['5']).toEqual({ id: 5, username: 'user5', createdAt: '2024-01-01T00:00:00.000Z' });
    expect(state.rest.entitiesMeta.Post['5']).toEqual({ fetchedAt: 1000, date: 1000, expiresAt: 61000 });
    expect(state.rest.indexes.User.username.user5).toBe('5');
    // The list is a Collection: its key's result is the collection's pk, its pks a plain array.
    const collection = state.rest.endpoints[K.list];
    expect(collection).toBe('{"group":"react"}');
    expect(state.rest.entities['[Post]'][collection]).toHaveLength(1000);
    expect(state.rest.entities['[Post]'][collection][4]).toBe('5');
    expect(state.rest.meta[K.list]).toEqual({ fetchedAt: 1000, date: 1000, expiresAt: 61000 });
  });

  it('what DevTools records (the state as JSON, no devTools option) holds plain tables and no sharded one', async () => {
    const { store } = await storeWithPosts();
    const recorded = JSON.parse(JSON.stringify(store.getState()));
    expect(JSON.stringify(recorded)).not.toContain(TABLE_FORMAT);
    expect(recorded.rest.entities.Post['1000']).toEqual({ id: 1000, title: 'Post 1000', author: '50' });
    expect(Object.getPrototypeOf(recorded.rest.entities.Post)).toBe(Object.prototype);
  });

  it('above the threshold a table is sharded and says so; the selectors read it alike', async () => {
    const { rest, store } = await storeWithPosts({ shardTablesAbove: { entities: 500 } });
    const slice = (store.getState() as any).rest;
    expect(isSharded(slice.entities.Post)).toBe(true);
    expect(slice.entities.Post).toMatchObject({ [TABLE_FORMAT]: 4, size: 1000 });
    expect(isSharded(slice.entities.User)).toBe(false);
    expect(tableGet(slice.entities.Post, '5')).toEqual({ id: 5, title: 'Post 5', author: '5' });
    const list = rest.selectData(store.getState(), PostResource.getList, react)!;
    expect(list).toHaveLength(1000);
    expect(list[4]!.author.username).toBe('user5');
    // rest.devTools shows it as a plain object again.
    const shown = rest.devTools.stateSanitizer(store.getState(), 0) as any;
    expect(shown.rest.entities.Post['5']).toEqual({ id: 5, title: 'Post 5', author: '5' });
  });

  it('a collection table (one list per argument set, written by each list request) shards above the key threshold, as endpoints do', async () => {
    const { rest, store } = setup({ shardTablesAbove: { keys: 4 } });
    const groups = ['g0', 'g1', 'g2', 'g3', 'g4', 'g5'];
    for (const [i, group] of groups.entries()) {
      const done = store.dispatch(rest.fetch(PostResource.getList, { group }));
      (await net.nth(net.count + 1)).reply([posts[i]]);
      await done;
    }
    const slice = (store.getState() as any).rest;
    expect(isSharded(slice.entities['[Post]'])).toBe(true);
    expect(isSharded(slice.entitiesMeta['[Post]'])).toBe(true);
    // Entity tables of that size stay plain: their threshold is shardTablesAbove.entities.
    expect(isSharded(slice.entities.Post)).toBe(false);
    expect(slice.entities.Post['3']).toEqual({ id: 3, title: 'Post 3', author: '3' });
    for (const [i, group] of groups.entries()) expect(rest.selectData(store.getState(), PostResource.getList, { group })!.map((post) => post.id)).toEqual([i + 1]);
    const shown = rest.devTools.stateSanitizer(store.getState(), 0) as any;
    expect(Object.keys(shown.rest.entities['[Post]'])).toHaveLength(6);
  });

  it('a number sets both thresholds; Infinity never shards; a bad value is a clear error', async () => {
    const { store } = await storeWithPosts({ shardTablesAbove: 100 });
    const slice = (store.getState() as any).rest;
    expect(isSharded(slice.entities.Post)).toBe(true);
    expect(isSharded(slice.entities.User)).toBe(false);
    const never = await storeWithPosts({ shardTablesAbove: Infinity });
    expect(isSharded((never.store.getState() as any).rest.entities.Post)).toBe(false);
    expect(() => createRest({ shardTablesAbove: -1 })).toThrow(/shardTablesAbove must be a number of entries ≥ 0/);
    expect(() => createRest({ shardTablesAbove: { keys: Number.NaN } })).toThrow(/shardTablesAbove\.keys/);
  });
});

describe('the format version is checked when state is hydrated', () => {
  it('a preloaded sharded table of this format hydrates and reads the same', async () => {
    const { store } = await storeWithPosts({ shardTablesAbove: 500 });
    const json = JSON.parse(JSON.stringify(store.getState()));
    const rest = createRest({ shardTablesAbove: 500 });
    const hydrated = makeStore(rest, { preloadedState: json });
    const list = rest.selectData(hydrated.getState(), PostResource.getList, react)!;
    expect(list.map((post) => post.id)).toEqual(posts.map((post) => post.id));
  });

  it('a preloaded table of an unknown format is a clear error at store creation, naming the table', () => {
    const rest = createRest();
    const preloadedState = { rest: { entities: { Post: { [TABLE_FORMAT]: 5, size: 1, order: null, shards: [] } } } };
    expect(() => makeStore(rest, { preloadedState })).toThrow(
      /\[rtk-rest\] state\.rest\.entities\["Post"\] \(preloaded\) is a sharded table of format 5\. It was saved by another version of rtk-rest .*clear the saved state/,
    );
  });

  it('a malformed sharded table is an error, not a silent misread', () => {
    const rest = createRest();
    const preloadedState = { rest: { meta: { [TABLE_FORMAT]: 2, size: 'many', order: null, shards: {} } } };
    expect(() => makeStore(rest, { preloadedState })).toThrow(/state\.rest\.meta \(preloaded\) is marked as a sharded table of format 2 but is malformed/);
  });

  it('format 1 (the bare trie array of earlier versions) is migrated: it reads the same', async () => {
    const { store } = await storeWithPosts({ shardTablesAbove: 500 });
    const json = JSON.parse(JSON.stringify(store.getState()));
    const v3 = json.rest.entities.Post;
    // Format 1 was the trie root itself: its 32 children, then the order log and the size.
    json.rest.entities.Post = [...v3.shards, v3.order, v3.size];
    const rest = createRest({ shardTablesAbove: 500 });
    const hydrated = makeStore(rest, { preloadedState: json });
    const slice = (hydrated.getState() as any).rest;
    expect(slice.entities.Post).toMatchObject({ [TABLE_FORMAT]: 4, size: 1000 });
    expect(rest.selectData(hydrated.getState(), PostResource.getList, react)![4]!.title).toBe('Post 5');
  });

  /** A saved state of storeWithPosts' 1,000 posts in an older format hydrates into format 4: every post reads the same, and writes go on. */
  const expectMigrated = (json: Record<string, unknown>) => {
    const rest = createRest({ shardTablesAbove: 500 });
    const hydrated = makeStore(rest, { preloadedState: json });
    const slice = (hydrated.getState() as any).rest;
    expect(slice.entities.Post).toMatchObject({ [TABLE_FORMAT]: 4, size: 1000 });
    for (let id = 1; id <= 1000; id++) expect(tableGet(slice.entities.Post, String(id))).toEqual({ id, title: `Post ${id}`, author: String(((id - 1) % 50) + 1) });
    hydrated.dispatch(rest.set(Post, { id: 7 }, { id: 7, title: 'seven' }));
    expect(tableGet((hydrated.getState() as any).rest.entities.Post, '7')).toMatchObject({ title: 'seven' });
  };

  it('format 2 (leaves in insertion order) is migrated: every entity reads the same, and writes go on', async () => {
    const { store } = await storeWithPosts({ shardTablesAbove: 500 });
    const json = JSON.parse(JSON.stringify(store.getState()));
    // Format 2 kept a leaf's pairs in the order they came: reversed here, so a lookup that
    // relied on sorted leaves would miss most pks.
    const unsorted = (node: unknown[], depth: number): unknown[] => {
      if (depth > 0 && (node.length === 0 || typeof node[0] === 'string')) {
        const pairs: unknown[][] = [];
        for (let i = 0; i < node.length; i += 2) pairs.unshift([node[i], node[i + 1]]);
        return pairs.flat(1);
      }
      return node.map((child) => (child === null ? null : unsorted(child as unknown[], depth + 1)));
    };
    json.rest.entities.Post = { ...json.rest.entities.Post, [TABLE_FORMAT]: 2, shards: unsorted(json.rest.entities.Post.shards, 0) };
    expectMigrated(json);
  });

  it('format 3 (every pk routed by its own hash) is migrated: every entity reads the same, and writes go on', async () => {
    const { store } = await storeWithPosts({ shardTablesAbove: 500 });
    const json = JSON.parse(JSON.stringify(store.getState()));
    const current = json.rest.entities.Post;
    // What format 3 made of these 1,000 posts: 32 sorted leaves, a pk in leaf hashPk(pk) & 31.
    const pairs = Object.entries(tableObject(current as Table)).sort(([a], [b]) => (a < b ? -1 : 1));
    const shards: unknown[] = Array.from({ length: 32 }, () => null);
    for (const [pk, value] of pairs) ((shards[hashPk(pk) & 31] ??= []) as unknown[]).push(pk, value);
    json.rest.entities.Post = { ...current, [TABLE_FORMAT]: 3, shards };
    // Read as format 4 without the migration, most pks would be looked for in the wrong subtree.
    const misrouted = pairs.filter(([pk]) => tableGet({ ...current, shards } as Table, pk) === undefined);
    expect(misrouted.length).toBeGreaterThan(500);
    expectMigrated(json);
  });

  it('a restored slice (redux-persist REHYDRATE) of an unknown format is refused with a console error and the live state is kept', async () => {
    const { store } = await storeWithPosts();
    const before = store.getState();
    const saved = JSON.parse(JSON.stringify(before));
    saved.rest.entities.Post = { [TABLE_FORMAT]: 99, size: 0, order: null, shards: [] };
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // Not thrown: a throwing reducer would stop redux-persist's rehydration for good.
    store.dispatch({ type: REHYDRATE, key: 'root', payload: saved });
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toMatch(/state\.rest\.entities\["Post"\] \(restored by persist\/REHYDRATE\) is a sharded table of format 99.*slice is ignored/s);
    expect((store.getState() as any).rest).toEqual(before.rest);
    expect((store.getState() as any).rest.entities.Post['5'].title).toBe('Post 5');
  });

  it('a pk equal to the format marker is refused with a clear error; the store keeps its state', async () => {
    const { rest, store } = setup();
    const before = store.getState();
    const attempt = store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: TABLE_FORMAT }));
    (await net.nth(net.count + 1)).reply({ id: TABLE_FORMAT, title: 'x', author: users[0] });
    await expect(attempt).rejects.toThrow(/"@@rtk-rest\/table" cannot be a pk/);
    expect((store.getState() as any).rest.entities).toEqual(before.rest.entities);
    expect(A).toBe('https://api.example.com');
  });
});

describe('configureStore without the helpers', () => {
  it('the default thresholds hold with a store built by hand (plain configureStore)', async () => {
    const rest = createRest();
    const store = configureStore({ reducer: { rest: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
    const done = store.dispatch(rest.fetch(PostResource.getList, react));
    (await net.nth(net.count + 1)).reply(posts.slice(0, 300));
    await done;
    expect(store.getState().rest.entities.Post?.['300']).toEqual({ id: 300, title: 'Post 300', author: '50' });
  });
});
