/** @jest-environment jsdom */
import { A, PostResource, flush, net, p5, post5, setup, useTestEnvironment } from './support';

// Refetch events with the default environment: navigator.onLine, document.visibilityState and their events.
useTestEnvironment();

const polled = PostResource.get.extend({ pollFrequency: 1000 });

async function tick(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
  await flush();
}

it('the default environment pauses on the window `offline` event and resumes on `online`; hidden pauses too', async () => {
  const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  const { rest, store } = setup();
  net.autoRespond(() => new Response(JSON.stringify(post5), { headers: { 'content-type': 'application/json' } }));
  const unsubscribe = store.dispatch(rest.subscribe(polled, p5));
  await tick(0);
  expect(net.count).toBe(1);
  onLine.mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
  await tick(5000);
  expect(net.count).toBe(1);
  onLine.mockReturnValue(true);
  window.dispatchEvent(new Event('online'));
  // The poll was overdue (last write + 1000 ms is past): it runs at once, then every 1000 ms.
  await tick(0);
  expect(net.count).toBe(2);
  await tick(1000);
  expect(net.count).toBe(3);
  visibility.mockReturnValue('hidden');
  document.dispatchEvent(new Event('visibilitychange'));
  await tick(5000);
  expect(net.count).toBe(3);
  expect(net.requests.every((request) => request.url === `${A}/react/posts/5`)).toBe(true);
  unsubscribe();
});
