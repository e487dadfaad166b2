import { configureStore } from '@reduxjs/toolkit';
import { createRest } from 'rtk-rest';
import { PostResource, Post } from '../../docs/recipes/cookie-session';

test('x', async () => {
  const fetchMock = jest.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ id: 5, title: 'hi' }), { headers: { 'Content-Type': 'application/json' } }));
  globalThis.fetch = fetchMock as typeof fetch;
  const rest = createRest({ gc: false });
  const store = configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
  const post = await store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 5 }));
  expect(post).toBeInstanceOf(Post);
  const push = PostResource.getList.push;
  await store.dispatch(rest.fetch(push, { group: 'react' }, { title: 'x' }));
  console.log(fetchMock.mock.calls);
});
