/** `mockFetch` behind a real store (the running example), installed globally or per endpoint class. */
import { NetworkError, RestEndpoint, createResource } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';
import { mockFetch } from 'rtk-rest/mock';
import { A, Post, PostResource, User } from '../support/example';
import { p5, post5, rejectionOf, setup, useMockTestHooks } from './support';

useMockTestHooks();

test('the running example: rest.fetch rejects with NetworkError 500 "…/react/posts/5: Internal Server Error"', async () => {
  globalThis.fetch = mockFetch([{ endpoint: PostResource.delete, args: [{ group: 'react', id: 5 }], error: true, response: { status: 500 } }]);
  const { rest, store } = setup();
  const error = await rejectionOf(store.dispatch(rest.fetch(PostResource.delete, { group: 'react', id: 5 })));
  expect(error).toBeInstanceOf(NetworkError);
  expect(error).toMatchObject({ status: 500, message: 'https://api.example.com/react/posts/5: Internal Server Error' });
  expect(await error.response.json()).toEqual({ status: 500 });
});

test('installed globally: rest.fetch resolves to entities from the fixtures', async () => {
  globalThis.fetch = mockFetch([
    { endpoint: PostResource.get, args: [p5], response: post5 },
    { endpoint: PostResource.getList, response: (params) => [{ ...post5, id: 6, title: `list of ${params.group}` }] },
  ]);
  const { rest, store } = setup();
  const post = await store.dispatch(rest.fetch(PostResource.get, p5));
  expect(post).toBeInstanceOf(Post);
  expect(post!.author).toBeInstanceOf(User);
  expect(post!.author.createdAt).toEqual(new Date('2024-01-01T00:00:00.000Z'));
  const posts = await store.dispatch(rest.fetch(PostResource.getList, { group: 'react' }));
  expect(posts.map((p) => p.title)).toEqual(['list of react']);
  expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('hi');
});

test('installed per endpoint class through fetchResponse', async () => {
  const network = jest.fn();
  globalThis.fetch = network;
  const fixtureFetch = mockFetch([{ endpoint: PostResource.get, args: [p5], response: post5 }]);
  class TestEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    override async fetchResponse(input: RequestInfo, init: RequestInit) {
      const res = await fixtureFetch(input, init);
      if (!res.ok) throw new NetworkError(res); // message uses res.url
      return res;
    }
  }
  const Posts = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A, Endpoint: TestEndpoint });
  await expect(Posts.get(p5)).resolves.toEqual(post5);
  const error = await rejectionOf(Posts.get({ group: 'react', id: 9 }));
  expect(error).toMatchObject({ status: 404, message: `${A}/react/posts/9: No fixture for GET ${A}/react/posts/9` });
  const { rest, store } = setup();
  expect(await store.dispatch(rest.fetch(Posts.get, p5))).toBeInstanceOf(Post);
  expect(network).not.toHaveBeenCalled();
});
