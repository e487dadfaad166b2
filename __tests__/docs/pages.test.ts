/**
 * docs/migrating-from-rtk-query.md: the RTK Query version and the rtk-rest version of the same
 * feature, in the page's shared store, driven through their thunks (the components are rendered
 * in pages.dom.test.tsx).
 */
import { json, nextTurn, restoreFetchAfterEach, stubFetch } from './support';
import { PostResource, api, rest, store } from '../../docs/migrating-from-rtk-query';

const A = 'https://api.example.com';

restoreFetchAfterEach();
beforeEach(() => {
  store.dispatch(api.util.resetApiState());
  store.dispatch(rest.resetEntireStore());
});

/** A server that remembers the rename. */
function server() {
  let title = 'Hello';
  return stubFetch((_url, init) => {
    if (init.method !== 'PATCH') return json([{ id: 1, title }]);
    title = 'Renamed';
    return json({ id: 1, title });
  });
}

test('before (RTK Query): the rename invalidates the tag, and the subscribed list is fetched again', async () => {
  const net = server();
  const subscription = store.dispatch(api.endpoints.getPosts.initiate('react'));
  await subscription;
  await store.dispatch(api.endpoints.renamePost.initiate({ group: 'react', id: 1, title: 'Renamed' }));
  for (let i = 0; i < 20 && net.calls().length < 3; i++) await nextTurn();
  await nextTurn();
  expect(net.calls().map(({ method, url }) => `${method} ${url}`)).toEqual([`GET ${A}/react/posts`, `PATCH ${A}/react/posts/1`, `GET ${A}/react/posts`]);
  expect(api.endpoints.getPosts.select('react')(store.getState()).data).toEqual([{ id: 1, title: 'Renamed' }]);
  subscription.unsubscribe();
});

test('after (rtk-rest): the PATCH answer updates the stored post, and the list reads it without a request', async () => {
  const net = server();
  await store.dispatch(rest.fetch(PostResource.getList, { group: 'react' }));
  await store.dispatch(rest.fetch(PostResource.partialUpdate, { group: 'react', id: 1 }, { title: 'Renamed' }));
  await nextTurn();
  expect(net.calls().map(({ method, url }) => `${method} ${url}`)).toEqual([`GET ${A}/react/posts`, `PATCH ${A}/react/posts/1`]);
  expect(rest.selectData(store.getState(), PostResource.getList, { group: 'react' })!.map((post) => post.title)).toEqual(['Renamed']);
});
