import { isSharded } from '../../src/redux/store/tables';
import { createResource, RestEndpoint } from 'rtk-rest';
import type { UnknownAction } from '@reduxjs/toolkit';
import { checkInvariants, expectInvariants, inFlightFromLog } from '../support/invariants';
import type { InvariantOptions } from '../support/invariants';
import { A, K, Post, PostResource, User, ann, bob, fetchAnswered, makeStore, net, outcome, p5, post5, post6, rawSlice, react, setup, useTestEnvironment } from '../redux/support';
import type { Rest } from '../redux/support';

// The invariant checker of __tests__/support/invariants.ts: it passes on real states reached
// through the public API, and catches each class of violation in hand-corrupted states.

useTestEnvironment();

const Posts = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A, searchParams: {} as { author?: string }, optimistic: true });
const endpoints = [PostResource, Posts];

/** A copy of the root state whose slice the test may corrupt freely. */
function corruptible(rest: Rest, root: unknown): { root: Record<string, any>; slice: any } {
  const slice = JSON.parse(JSON.stringify(rawSlice(rest, root)));
  return { root: { [rest.reducerPath]: slice }, slice };
}

/** The classes (`[class]` prefixes) of the violations. */
const classesOf = (violations: string[]) => [...new Set(violations.map((line) => /^\[(\w+)\]/.exec(line)?.[1]))];

/** A store holding the documented example list (Post 5 by ann, Post 6 by bob) and Post 5's detail. */
async function populated() {
  const context = setup();
  await fetchAnswered(context.store, context.rest.fetch(PostResource.getList, react), [post5, post6], 1040);
  await fetchAnswered(context.store, context.rest.fetch(PostResource.get, p5), post5, 1050);
  return context;
}

describe('passes on real states', () => {
  it('the initial slice', () => {
    const { rest, store } = setup();
    expect(checkInvariants(rest, store.getState())).toEqual([]);
    expect(checkInvariants(rest, store.getState(), { store, endpoints })).toEqual([]);
  });

  it('after reads with nested entities, indexes and a collection', async () => {
    const { rest, store } = await populated();
    expect(checkInvariants(rest, store.getState(), { store, endpoints })).toEqual([]);
    expect(checkInvariants(rest, store.getState(), { endpoints: [[PostResource.getList, react], [PostResource.get, p5]] })).toEqual([]);
  });

  it('with a tombstone, an error, an invalidated key and a renamed indexed user', async () => {
    const { rest, store, actions } = await populated();
    await fetchAnswered(store, rest.fetch(PostResource.delete, p5), null, 1100, { status: 204 });
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, { group: 'react', id: 6 }), { message: 'no' }, 1200, { status: 500 }));
    store.dispatch(rest.invalidate(PostResource.getList, react));
    store.dispatch(rest.set(User, 2, { ...bob, username: 'robert' }));
    expect(rawSlice(rest, store.getState()).entities.Post['5']).toBeNull();
    expect(checkInvariants(rest, store.getState(), { store, endpoints, inFlightRequestIds: inFlightFromLog(actions) })).toEqual([]);
  });

  it('while requests and an optimistic layer are in flight, and after the layer rolls back', async () => {
    const { rest, store, actions } = await populated();
    const read = store.dispatch(rest.fetch(PostResource.get, p5));
    const update = store.dispatch(rest.fetch(Posts.update, p5, { title: 'opt' }));
    expect(rawSlice(rest, store.getState()).optimistic).toHaveLength(1);
    const options: InvariantOptions = { store, endpoints, inFlightRequestIds: inFlightFromLog(actions), inFlightKeys: [K.post5, K.update5] };
    expect(checkInvariants(rest, store.getState(), options)).toEqual([]);
    (await net.nth(4)).reply({ message: 'locked' }, { status: 409 });
    await outcome(update);
    (await net.nth(3)).reply(post5);
    await read;
    expect(rawSlice(rest, store.getState()).optimistic).toEqual([]);
    expect(checkInvariants(rest, store.getState(), { store, endpoints, inFlightRequestIds: inFlightFromLog(actions), inFlightKeys: [] })).toEqual([]);
  });

  it('after a reset, with sharded tables, and under another reducerPath', async () => {
    const { rest, store } = setup({ reducerPath: 'api', shardTablesAbove: 64 } as never);
    const many = Array.from({ length: 150 }, (_, i) => ({ id: i + 10, title: `t${i}`, author: { id: i + 100, username: `u${i}`, createdAt: ann.createdAt } }));
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), many, 1040);
    expect(isSharded(rawSlice(rest, store.getState()).entities.Post)).toBe(true);
    expectInvariants(rest, store.getState(), { store, endpoints });
    store.dispatch(rest.resetEntireStore());
    expectInvariants(rest, store.getState(), { store, endpoints });
  });

  it('a schema-less endpoint and a hydrated store', async () => {
    const { rest, store } = setup();
    const ping = new RestEndpoint({ path: '/ping', urlPrefix: A });
    await fetchAnswered(store, rest.fetch(ping), { ok: [1, 2, { deep: null }] }, 1040);
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5], 1050);
    expectInvariants(rest, store.getState(), { store, endpoints: [ping, ...endpoints] });
    const hydrated = makeStore(rest, { preloadedState: { rest: JSON.parse(JSON.stringify(rawSlice(rest, store.getState()))) } });
    hydrated.dispatch({ type: 'app/ready' });
    expectInvariants(rest, hydrated.getState(), { store: hydrated, endpoints: [ping, ...endpoints] });
  });
});

describe('catches each class of violation', () => {
  let rest: Rest;
  let base: unknown;
  beforeEach(async () => {
    const context = await populated();
    rest = context.rest;
    base = context.store.getState();
  });

  it('shape: a table missing or of the wrong kind', () => {
    const a = corruptible(rest, base);
    a.slice.optimistic = {};
    expect(classesOf(checkInvariants(rest, a.root))).toEqual(['shape']);
    const b = corruptible(rest, base);
    delete b.slice.meta;
    expect(checkInvariants(rest, b.root)).toContain('[shape] slice.meta is undefined, expected an object');
    const c = corruptible(rest, base);
    c.slice.entities.Post['5'] = 'five';
    expect(checkInvariants(rest, c.root).join('\n')).toMatch(/\[shape\] entities\["Post"\]\["5"\] is "five"/);
    expect(checkInvariants(rest, { other: {} })).toEqual(['[shape] no slice at state.rest (got undefined)']);
  });

  it.each([
    ['undefined in an array', (s: any) => (s.entities['[Post]']['{"group":"react"}'] = ['5', undefined]), /\$\.entities\["\[Post\]"\]\["\{\\"group\\":\\"react\\"\}"\]\[1\] is undefined/],
    ['a hole in an array', (s: any) => (s.optimistic = new Array(1)), /optimistic\[0\] is a hole/],
    ['undefined object field', (s: any) => (s.meta[K.post5].error = undefined), /error is undefined/],
    ['a Date instance', (s: any) => (s.entities.User['1'].createdAt = new Date(0)), /createdAt is an instance of \w*Date, not a plain object/],
    ['a class instance', (s: any) => (s.entities.Post['5'] = Post.fromJS({ id: 5 })), /is an instance of Post/],
    ['a Map', (s: any) => (s.endpoints[K.post5] = new Map()), /is an instance of Map/],
    ['a function', (s: any) => (s.meta[K.post5].fetchedAt = () => 1), /fetchedAt is a function/],
    ['a symbol value', (s: any) => (s.entities.Post['5'].tag = Symbol('x')), /tag is a symbol/],
    ['a symbol key', (s: any) => (s.entities.Post['5'][Symbol('x')] = 1), /has symbol keys/],
    ['a bigint', (s: any) => (s.entities.Post['5'].big = BigInt(1)), /big is a bigint/],
    ['NaN', (s: any) => (s.entities.Post['5'].views = NaN), /views is NaN/],
    ['Infinity', (s: any) => (s.meta[K.post5].expiresAt = Infinity), /expiresAt is Infinity/],
    ['-0', (s: any) => (s.entities.Post['5'].views = -0), /views is -0/],
    ['a cycle', (s: any) => (s.entities.Post['5'].self = s.entities.Post['5']), /self is a cycle/],
    ['an accessor', (s: any) => Object.defineProperty(s.entities.Post['5'], 'computed', { get: () => 1, enumerable: true }), /computed is an accessor/],
    ['a non-enumerable field', (s: any) => Object.defineProperty(s.entities.Post['5'], 'hidden', { value: 1, enumerable: false }), /hidden is not enumerable/],
    ['an extra key on an array', (s: any) => (s.optimistic.extra = 1), /non-index key "extra"/],
  ])('json: %s', (_name, corrupt, message) => {
    const { root, slice } = corruptible(rest, base);
    corrupt(slice);
    const violations = checkInvariants(rest, root, { skip: ['shape', 'meta', 'entitiesMeta', 'indexes', 'optimistic', 'references'] });
    expect(classesOf(violations)).toEqual(['json']);
    expect(violations.join('\n')).toMatch(message);
    expect(() => expectInvariants(rest, root)).toThrow(/store invariants violated/);
  });

  it('json: a hostile own __proto__ key is plain JSON', () => {
    const { root, slice } = corruptible(rest, base);
    Object.defineProperty(slice.entities.Post['5'], '__proto__', { value: { x: 1 }, enumerable: true, writable: true, configurable: true });
    expect(checkInvariants(rest, root, { skip: ['indexes'] })).toEqual([]);
  });

  it('references: a result naming an absent entity (a tombstone is fine)', () => {
    const a = corruptible(rest, base);
    a.slice.endpoints[K.post5] = '77';
    expect(checkInvariants(rest, a.root, { endpoints })).toEqual([`[references] result "${K.post5}" = "77" references Post "77", which is neither stored nor a tombstone`]);
    // Without the schema of the key there is nothing to check.
    expect(checkInvariants(rest, a.root)).toEqual([]);
    const b = corruptible(rest, base);
    b.slice.entities.Post['5'] = null;
    expect(checkInvariants(rest, b.root, { endpoints })).toEqual([]);
  });

  it('references: a collection naming an absent item, and a nested reference to an absent user', () => {
    const a = corruptible(rest, base);
    a.slice.entities['[Post]']['{"group":"react"}'] = ['5', '6', '8'];
    expect(checkInvariants(rest, a.root, { endpoints }).join('\n')).toMatch(/\[references\] result "GET https:\/\/api\.example\.com\/react\/posts" .* references Post "8"/);
    const b = corruptible(rest, base);
    b.slice.entities.Post['5'].author = '9';
    expect(checkInvariants(rest, b.root, { endpoints }).join('\n')).toMatch(/references User "9"/);
    expect(checkInvariants(rest, b.root, { endpoints, allowDangling: true })).toEqual([]);
  });

  it('references: a collection pk that the collection table lacks', () => {
    const { root, slice } = corruptible(rest, base);
    delete slice.entities['[Post]'];
    delete slice.entitiesMeta['[Post]'];
    expect(checkInvariants(rest, root, { endpoints: [[PostResource.getList, react]] }).join('\n')).toMatch(/references \[Post\] "\{\\"group\\":\\"react\\"\}"/);
  });

  it('meta: a result key without meta, and malformed meta', () => {
    const a = corruptible(rest, base);
    delete a.slice.meta[K.post5];
    expect(checkInvariants(rest, a.root)).toEqual([`[meta] result "${K.post5}" has no meta[key]`]);
    const b = corruptible(rest, base);
    b.slice.meta[K.post5] = { fetchedAt: '1000', pending: [], errorPolicy: 'hard', invalidated: true, extra: 1, error: { name: 'E', status: 500 } };
    const lines = checkInvariants(rest, b.root).join('\n');
    expect(lines).toMatch(/unknown field "extra"/);
    expect(lines).toMatch(/fetchedAt is "1000", expected a finite number/);
    expect(lines).toMatch(/pending is \[\], expected a non-empty array/);
    expect(lines).toMatch(/errorPolicy is "hard"/);
    expect(lines).toMatch(/invalidated but endpoints\[key\] still holds a result/);
    expect(lines).toMatch(/error is .*expected \{ name, message, status, url\? \}/);
  });

  it('entitiesMeta: a cell without its meta, and meta without its cell', () => {
    const { root, slice } = corruptible(rest, base);
    delete slice.entitiesMeta.User['1'];
    slice.entitiesMeta.Post['99'] = { fetchedAt: 1, date: 1, expiresAt: 2 };
    expect(checkInvariants(rest, root)).toEqual([
      '[entitiesMeta] entities["User"]["1"] has no entitiesMeta',
      '[entitiesMeta] entitiesMeta["Post"]["99"] has no entity cell',
    ]);
  });

  it.each([
    ['an entry pointing at an absent entity', (s: any) => (s.indexes.User.username.zed = '42'), /indexes\["User"\]\["username"\]\["zed"\] = "42" points at an entity that is not stored/],
    ['an entry pointing at a tombstone', (s: any) => (s.entities.User['1'] = null), /\["ann"\] = "1" points at a tombstone/],
    ['an entry whose entity holds another value', (s: any) => (s.indexes.User.username.bob = '1'), /\["bob"\] = "1" but that entity's username is "ann"/],
    ['an indexed entity missing from its index', (s: any) => delete s.indexes.User.username.bob, /User "2" has username "bob" but indexes\["User"\]\["username"\] has no entry for it/],
    ['a renamed entity whose index was not updated', (s: any) => (s.entities.User['2'].username = 'robert'), /User "2" has username "robert" but .* has no entry/],
  ])('indexes: %s', (_name, corrupt, message) => {
    const { root, slice } = corruptible(rest, base);
    corrupt(slice);
    const violations = checkInvariants(rest, root);
    expect(classesOf(violations)).toEqual(['indexes']);
    expect(violations.join('\n')).toMatch(message);
  });

  it('indexes: fields come from the Entity classes too, when the state has no index yet', () => {
    const { root, slice } = corruptible(rest, base);
    delete slice.indexes.User;
    expect(checkInvariants(rest, root)).toEqual([]);
    expect(checkInvariants(rest, root, { entities: [User] }).join('\n')).toMatch(/User "1" has username "ann" but .* has no entry/);
    expect(checkInvariants(rest, root, { endpoints }).join('\n')).toMatch(/User "2" has username "bob"/);
  });

  it('optimistic: a layer without an in-flight request', () => {
    const layer = { requestId: 'r1', key: K.update5, endpoint: 'Post.update', fetchedAt: 1000, write: { entities: {}, entitiesMeta: {}, indexes: {} } };
    const a = corruptible(rest, base);
    a.slice.optimistic = [layer];
    expect(checkInvariants(rest, a.root).join('\n')).toMatch(/\[optimistic\] optimistic\[0\] \(request r1, key "PUT .*"\) has no request in flight/);
    // With its pending id the state is consistent; an outside view of what is in flight can still disagree.
    const b = corruptible(rest, base);
    b.slice.optimistic = [layer];
    b.slice.meta[K.update5] = { pending: ['r1'] };
    expect(checkInvariants(rest, b.root)).toEqual([]);
    expect(checkInvariants(rest, b.root, { inFlightRequestIds: [] }).join('\n')).toMatch(/layer of request r1 outlives its request/);
    expect(checkInvariants(rest, b.root, { inFlightKeys: [] }).join('\n')).toMatch(/layer for "PUT .*" has no request in flight/);
    const c = corruptible(rest, base);
    c.slice.optimistic = [layer, { ...layer, fetchedAt: 900 }, { requestId: 3 }];
    c.slice.meta[K.update5] = { pending: ['r1', 'r1'] };
    const lines = checkInvariants(rest, c.root).join('\n');
    expect(lines).toMatch(/request id r1 has two layers/);
    expect(lines).toMatch(/not in start order/);
    expect(lines).toMatch(/optimistic\[2\] lacks/);
    expect(lines).toMatch(/pending repeats a request id/);
  });
});

describe('in-flight requests from outside the state', () => {
  it('optimistic: pending ids the store has no request for (through the store, or an action log)', async () => {
    const context = setup();
    const log: UnknownAction[] = context.actions;
    const { rest: r, store } = context;
    const promise = store.dispatch(r.fetch(PostResource.get, p5));
    expectInvariants(r, store.getState(), { store, inFlightRequestIds: inFlightFromLog(log) });
    const { root, slice } = corruptible(r, store.getState());
    slice.meta[K.post5].pending.push('ghost');
    expect(checkInvariants(r, root, { store }).join('\n')).toMatch(/pending holds 2 id\(s\) but the store has 1 request\(s\) in flight/);
    expect(checkInvariants(r, root, { inFlightRequestIds: inFlightFromLog(log) }).join('\n')).toMatch(/pending holds ghost, which is not in flight/);
    slice.meta[K.post6] = { pending: [slice.meta[K.post5].pending[0]] };
    expect(checkInvariants(r, root).join('\n')).toMatch(/is pending under two keys/);
    (await net.nth(1)).reply(post5);
    await promise;
    expectInvariants(r, store.getState(), { store, inFlightRequestIds: inFlightFromLog(log) });
  });
});

describe('inFlightFromLog', () => {
  it('tracks pending ids until their outcome, a reset or middlewareRegistered', () => {
    const pending = (id: string) => ({ type: 'rest/fetch/pending', meta: { requestId: id } });
    expect([...inFlightFromLog([pending('a'), pending('b'), { type: 'rest/fetch/fulfilled', meta: { requestId: 'a' } }])]).toEqual(['b']);
    expect([...inFlightFromLog([pending('a'), { type: 'rest/resetEntireStore' }, pending('c')])]).toEqual(['c']);
    expect([...inFlightFromLog([{ type: 'api/fetch/pending', meta: { requestId: 'x' } }], 'api')]).toEqual(['x']);
  });
});
