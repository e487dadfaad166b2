import { Post, PostResource, User, ann, bob, fetchAnswered, net, p5, post5, post6, react, setup, useTestEnvironment } from './support';

// selectEntity / selectEntities, read from the view, memoized.

useTestEnvironment();

describe('rest.selectEntity(state, Entity, pk)', () => {
  it('returns the denormalized instance (nested entities resolved), by string or number pk', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    const post = rest.selectEntity(store.getState(), Post, 5);
    expect(post).toBeInstanceOf(Post);
    expect(post?.title).toBe('hi');
    expect(post?.author).toBeInstanceOf(User);
    expect(post?.author.createdAt).toEqual(new Date(ann.createdAt));
    expect(rest.selectEntity(store.getState(), Post, '5')).toBe(post);
    // One stored version is one instance across reads (the list row and selectEntity share it).
    expect(rest.selectData(store.getState(), PostResource.getList, react)?.[0]).toBe(post);
  });

  it('returns undefined for a missing pk, a deleted entity, and null/undefined pks', async () => {
    const { rest, store } = setup();
    expect(rest.selectEntity(store.getState(), Post, 5)).toBeUndefined();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    expect(rest.selectEntity(store.getState(), Post, 5)).toBeDefined();
    expect(rest.selectEntity(store.getState(), Post, 6)).toBeUndefined();
    expect(rest.selectEntity(store.getState(), Post, null)).toBeUndefined();
    expect(rest.selectEntity(store.getState(), Post, undefined)).toBeUndefined();
    await fetchAnswered(store, rest.fetch(PostResource.delete, p5), { id: 5 }, 1100);
    expect(rest.selectEntity(store.getState(), Post, 5)).toBeUndefined();
  });

  it('keeps its reference while nothing it reads changed, and follows nested changes', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    const first = rest.selectEntity(store.getState(), Post, 5);
    store.dispatch({ type: 'unrelated' });
    expect(rest.selectEntity(store.getState(), Post, 5)).toBe(first);
    // Another post's write does not touch post 5.
    await fetchAnswered(store, rest.fetch(PostResource.get, { group: 'react', id: 6 }), { ...post6, title: 'changed' }, 1100);
    expect(rest.selectEntity(store.getState(), Post, 5)).toBe(first);
    // Its author changes: a new post instance.
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), { ...post5, author: { ...ann, username: 'anna' } }, 1200);
    const next = rest.selectEntity(store.getState(), Post, 5);
    expect(next).not.toBe(first);
    expect(next?.author.username).toBe('anna');
  });

  it('reads the view: an optimistic update shows, and goes with its rollback', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5, 1040);
    const base = rest.selectEntity(store.getState(), Post, 5);
    const update = PostResource.partialUpdate.extend({ getOptimisticResponse: (_snap: unknown, params: { id: number }, body: { title: string }) => ({ id: params.id, ...body }) });
    const promise = store.dispatch(rest.fetch(update, p5, { title: 'optimistic' }));
    expect(rest.selectEntity(store.getState(), Post, 5)?.title).toBe('optimistic');
    (await net.nth(2)).reply({ message: 'no' }, { status: 500 });
    await expect(promise).rejects.toBeDefined();
    expect(rest.selectEntity(store.getState(), Post, 5)).toBe(base);
  });

  it('throws a clear error for something that is not an Entity class', () => {
    const { rest, store } = setup();
    expect(() => rest.selectEntity(store.getState(), [Post] as never, 5)).toThrow(/\[rtk-rest\] selectEntity/);
  });
});

describe('rest.selectEntities(state, Entity)', () => {
  it('returns every stored, non-deleted instance in table order; [] (stable) before any', async () => {
    const { rest, store } = setup();
    const empty = rest.selectEntities(store.getState(), Post);
    expect(empty).toEqual([]);
    store.dispatch({ type: 'unrelated' });
    expect(rest.selectEntities(store.getState(), Post)).toBe(empty);
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post6, post5], 1040);
    const all = rest.selectEntities(store.getState(), Post);
    expect(all.map((post) => post.id)).toEqual([5, 6]);
    expect(all[0]).toBe(rest.selectEntity(store.getState(), Post, 5));
    expect(rest.selectEntities(store.getState(), User).map((user) => user.username)).toEqual(['ann', 'bob']);
    await fetchAnswered(store, rest.fetch(PostResource.delete, p5), { id: 5 }, 1100);
    expect(rest.selectEntities(store.getState(), Post).map((post) => post.id)).toEqual([6]);
  });

  it('is stable while the table and what it reads are unchanged; rebuilt when they change', async () => {
    const { rest, store } = setup();
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1040);
    const all = rest.selectEntities(store.getState(), Post);
    store.dispatch({ type: 'unrelated' });
    expect(rest.selectEntities(store.getState(), Post)).toBe(all);
    // A refetch of identical data changes nothing.
    await fetchAnswered(store, rest.fetch(PostResource.getList, react), [post5, post6], 1100);
    expect(rest.selectEntities(store.getState(), Post)).toBe(all);
    // bob's change rebuilds post 6 only.
    await fetchAnswered(store, rest.fetch(PostResource.get, { group: 'react', id: 6 }), { ...post6, author: { ...bob, username: 'bobby' } }, 1200);
    const next = rest.selectEntities(store.getState(), Post);
    expect(next).not.toBe(all);
    expect(next[0]).toBe(all[0]);
    expect(next[1]?.author.username).toBe('bobby');
  });
});
