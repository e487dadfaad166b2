import { screen } from '@testing-library/react';
import { useSuspense } from 'rtk-rest/react';
import { Async, K, net, p5, post5, PostResource, renderWith, settle, setup, useTestEnvironment } from './support';

useTestEnvironment();

function PostTitle() {
  const post = useSuspense(PostResource.get, p5);
  return <h1>{post.title}</h1>;
}

test('smoke: suspends, fetches once, shows data', async () => {
  const { store } = setup({ gc: false });
  renderWith(store, <Async><PostTitle /></Async>, { strict: true });
  expect(screen.getByText('loading')).toBeTruthy();
  const request = await net.nth(1);
  expect(`${request.method} ${request.url}`).toBe(K.post5);
  request.reply(post5);
  await settle();
  expect(screen.getByRole('heading').textContent).toBe('hi');
  expect(net.count).toBe(1);
});
