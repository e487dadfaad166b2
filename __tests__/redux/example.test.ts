import { Post, PostResource, User, ann, net, rawSlice, setup, useTestEnvironment } from './support';

useTestEnvironment();

test('the running example: slice state, instances, inference and an index lookup', async () => {
  const errors = jest.spyOn(console, 'error');
  const warns = jest.spyOn(console, 'warn');
  const { rest, store } = setup();
  const started = store.dispatch(rest.fetch(PostResource.getList, { group: 'react' }));
  expect(rest.selectResponse(store.getState(), PostResource.getList, { group: 'react' }).isFetching).toBe(true);
  // Started at 1000, answered at 1040.
  const request = await net.nth(1);
  jest.setSystemTime(1040);
  request.reply([{ id: 5, title: 'hi', author: ann }]);
  const posts = await started;
  const K = 'GET https://api.example.com/react/posts';
  const m = { fetchedAt: 1000, date: 1040, expiresAt: 61040 };
  expect(rawSlice(rest, store.getState())).toEqual({
    entities: { User: { '1': ann }, Post: { '5': { id: 5, title: 'hi', author: '1' } }, '[Post]': { '{"group":"react"}': ['5'] } },
    entitiesMeta: { User: { '1': m }, Post: { '5': m }, '[Post]': { '{"group":"react"}': m } },
    indexes: { User: { username: { ann: '1' } } },
    endpoints: { [K]: '{"group":"react"}' },
    meta: { [K]: m },
    optimistic: [],
    lastReset: 0,
  });
  expect(posts[0]).toBeInstanceOf(Post);
  expect(posts[0]!.author.createdAt).toEqual(new Date(ann.createdAt));
  expect(rest.selectData(store.getState(), PostResource.getList, { group: 'react' })).toEqual(posts);
  const detail = rest.selectResponse(store.getState(), PostResource.get, { group: 'react', id: 5 });
  expect(detail.data).toBeInstanceOf(Post);
  expect(detail).toMatchObject({ status: 'fulfilled', expiryStatus: 'valid', expiresAt: 61040 });
  expect(rest.selectQuery(store.getState(), User, { username: 'ann' })!.id).toBe(1);
  expect(errors).not.toHaveBeenCalled();
  expect(warns).not.toHaveBeenCalled();
});
