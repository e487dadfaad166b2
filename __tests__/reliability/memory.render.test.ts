/**
 * A server that streams pages, each rendered with a store the page makes itself (a Client
 * Component's `useState(() => makeStore())`), inside a framework that keeps each request's state
 * in an async context (as Next.js does, and as React's `cache()` keeps what Server Components
 * cache). With garbage collection on, once a response ends nothing keeps its store. Needs a
 * forced GC (`npm test` runs Jest with --expose-gc).
 */
import { configureStore } from '@reduxjs/toolkit';
import { createElement as h, Suspense, useState } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Provider } from 'react-redux';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { createRest, RestEndpoint } from 'rtk-rest';
import { useSuspense } from 'rtk-rest/react';
import { Post } from '../support/example';
import { requireGc } from './leak-support';

const getPost = new RestEndpoint({
  urlPrefix: 'http://render.test',
  path: '/posts/:id',
  schema: Post,
  fetchResponse: (input: RequestInfo) => Promise.resolve({ url: String(input) } as Response),
  parseResponse: (response: Response) => Promise.resolve({ id: Number(response.url.split('/').pop()), title: `post at ${response.url}` }),
});

/** Full GCs with turns of the event loop between them (WeakRef targets clear in tasks). */
async function settle(gc: () => void): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    gc();
  }
}

/** Streams one page to a sink and resolves with its HTML once the response has ended. */
function stream(page: ReturnType<typeof h>): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on('finish', () => resolve(html));
    const { pipe } = renderToPipeableStream(page, { onShellReady: () => pipe(sink), onError: reject });
  });
}

/** The framework's per-request state: what the page cached for this request (here, its store). */
const requestState = new AsyncLocalStorage<{ cached: unknown[] }>();

it('a store the page makes while React streams it is freed once the response ends, with GC on', async () => {
  const gc = requireGc();
  const rest = createRest(); // garbage collection on, with its sweep timer
  const stores: WeakRef<object>[] = [];
  const makeStore = () => {
    const store = configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
    requestState.getStore()!.cached.push(store);
    // The store and its internals: what the middleware holds (getState) outlives the object configureStore returns.
    stores.push(new WeakRef(store), new WeakRef(store.getState));
    return store;
  };
  const Title = ({ id }: { id: number }) => h('h1', null, useSuspense(getPost, { id }).title);
  const App = ({ id }: { id: number }) => {
    const [store] = useState(makeStore);
    return h(Provider, { store, children: h(Suspense, { fallback: h('p', null, 'loading') }, h(Title, { id })) });
  };
  for (let id = 1; id <= 5; id++) {
    expect(await requestState.run({ cached: [] }, () => stream(h(App, { id })))).toContain(`post at http://render.test/posts/${id}`);
  }
  expect(stores).toHaveLength(10);
  // React's server renderer holds on to its last request until it renders the next one.
  await stream(h('p', null, 'next'));
  await settle(gc);
  expect(stores.flatMap((ref, i) => (ref.deref() === undefined ? [] : [i]))).toEqual([]);
}, 30_000);
