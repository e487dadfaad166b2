import { configureStore } from '@reduxjs/toolkit';
import { Entity, createRest, createResource } from 'rtk-rest';

class User extends Entity { id = 0; username = ''; createdAt = new Date(0); pk() { return `${this.id}`; } static override key = 'User'; static override indexes = ['username']; static override schema = { createdAt: (iso: string) => new Date(iso) }; }
class Post extends Entity { id = 0; title = ''; author = User.fromJS(); pk() { return `${this.id}`; } static override key = 'Post'; static override schema = { author: User }; }
const PostResource = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: 'https://api.example.com', searchParams: {} as { author?: string }, paginationField: 'page' });

test('5.7 the running example: slice state, instances, inference (5.20) and an index lookup', async () => {
  jest.useFakeTimers({ now: 1000 });
  const errors = jest.spyOn(console, 'error'); const warns = jest.spyOn(console, 'warn');
  const rest = createRest();
  const store = configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
  globalThis.fetch = (async () => { jest.setSystemTime(1040); return new Response(JSON.stringify([{ id: 5, title: 'hi', author: { id: 1, username: 'ann', createdAt: '2024-01-01T00:00:00.000Z' } }]), { headers: { 'content-type': 'application/json' } }); }) as any;
  const p = store.dispatch(rest.fetch(PostResource.getList, { group: 'react' }));
  expect(rest.selectResponse(store.getState(), PostResource.getList, { group: 'react' }).isFetching).toBe(true);
  const posts = await p;
  const K = 'GET https://api.example.com/react/posts';
  const m = { fetchedAt: 1000, date: 1040, expiresAt: 61040 };
  expect(store.getState().rest).toEqual({
    entities: { User: { '1': { id: 1, username: 'ann', createdAt: '2024-01-01T00:00:00.000Z' } }, Post: { '5': { id: 5, title: 'hi', author: '1' } }, '[Post]': { '{"group":"react"}': ['5'] } },
    entitiesMeta: { User: { '1': m }, Post: { '5': m }, '[Post]': { '{"group":"react"}': m } },
    indexes: { User: { username: { ann: '1' } } },
    endpoints: { [K]: '{"group":"react"}' }, meta: { [K]: m }, optimistic: [], lastReset: 0,
  });
  expect(posts[0]).toBeInstanceOf(Post);
  expect(posts[0]!.author.createdAt).toEqual(new Date('2024-01-01T00:00:00.000Z'));
  expect(rest.selectData(store.getState(), PostResource.getList, { group: 'react' })).toBe(posts);
  const r = rest.selectResponse(store.getState(), PostResource.get, { group: 'react', id: 5 });
  expect(r.data).toBeInstanceOf(Post);
  expect(r).toMatchObject({ status: 'fulfilled', expiryStatus: 'valid', expiresAt: 61040 });
  expect(rest.selectQuery(store.getState(), User, { username: 'ann' })!.id).toBe(1);
  expect(errors).not.toHaveBeenCalled(); expect(warns).not.toHaveBeenCalled();
  jest.useRealTimers();
});
