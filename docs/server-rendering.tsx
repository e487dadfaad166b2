// The code of server-rendering.md: each region below is one code block of the page, in order.
// __tests__/docs renders two users' pages at once against a stub API and hydrates one of them.

// #region definitions
import { configureStore } from '@reduxjs/toolkit';
import { createContext, useContext } from 'react';
import { Entity, createResource, createRest, hookifyResource } from 'rtk-rest';
import type { RestState } from 'rtk-rest';
import { useSuspense } from 'rtk-rest/react';

export class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
}

// Module level: definitions only, no store and no token. The server calls the API at an
// internal address, the browser at the public one; keyPrefix keeps the keys the same.
export const PostResource = createResource({
  urlPrefix: () => (typeof window === 'undefined' ? 'http://api.internal:3000' : 'https://api.example.com'),
  keyPrefix: 'api:',
  path: '/posts/:id',
  schema: Post,
});
export const rest = createRest();

// The signed-in user's token, given per request on the server (and by the app in the browser).
export const TokenContext = createContext<string | undefined>(undefined);
const PostHooks = hookifyResource(PostResource, () => {
  const token = useContext(TokenContext);
  return token ? { headers: { Authorization: `Bearer ${token}` } } : {};
});

export function PostPage({ id }: { id: number }) {
  const post = useSuspense(PostHooks.useGet(), { id });
  return <h1>{post.title}</h1>;
}

// A new store each call: once per request on the server, once per tab in the browser.
export function makeStore(slice?: RestState) {
  return configureStore({
    reducer: { rest: rest.reducer },
    preloadedState: slice === undefined ? undefined : { rest: slice },
    middleware: (getDefault) => getDefault().concat(rest.middleware),
  });
}
// #endregion definitions

// #region server
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { serializeForScript } from 'rtk-rest';
import { AsyncBoundary } from 'rtk-rest/react';

// Called once per HTTP request, with that request's user.
export async function renderPage(id: number, token: string | undefined): Promise<string> {
  const store = makeStore();
  const app = (
    <Provider store={store}>
      <TokenContext.Provider value={token}>
        <AsyncBoundary fallback={<p>Loading…</p>}>
          <PostPage id={id} />
        </AsyncBoundary>
      </TokenContext.Provider>
    </Provider>
  );
  // Each render starts the reads it needs; a read that needs another one's answer (a detail the
  // list links to) starts in the render after it: render and settle until a round fetches nothing.
  let html = renderToString(app);
  for (let round = 0; round < 5; round++) {
    const before = store.getState().rest;
    await store.dispatch(rest.settled()); // every read started so far has answered
    if (store.getState().rest === before) break; // nothing came in: `html` had all its data
    html = renderToString(app);
  }
  const slice = serializeForScript(store.getState().rest);
  return `<div id="root">${html}</div><script>window.__SLICE__ = ${slice}</script>`;
}
// #endregion server

// #region client
import { hydrateRoot } from 'react-dom/client';
import { HydrateRest } from 'rtk-rest/react';

// The tab's entry point: one store for the tab, created with the server's slice.
export function hydratePage(root: Element, id: number, slice: RestState) {
  const store = makeStore(slice);
  hydrateRoot(
    root,
    <Provider store={store}>
      <AsyncBoundary fallback={<p>Loading…</p>}>
        <PostPage id={id} />
      </AsyncBoundary>
    </Provider>,
  );
  return store;
}

// A route whose server slice comes with a client navigation: merged into the tab's store by
// freshness, so the tab keeps its cache and its newer data.
export function PostRoute({ id, slice }: { id: number; slice: RestState }) {
  return (
    <HydrateRest slice={slice}>
      <AsyncBoundary fallback={<p>Loading…</p>}>
        <PostPage id={id} />
      </AsyncBoundary>
    </HydrateRest>
  );
}
// #endregion client

// #region server-components
// app/posts/[id]/page.tsx, a Server Component: no 'use client' wrapper is needed.
export async function PrefetchedPostPage({ id }: { id: number }) {
  const store = makeStore(); // this request's store
  await store.dispatch(rest.fetch(PostResource.get, { id }));
  return (
    <HydrateRest slice={store.getState().rest}>
      <AsyncBoundary fallback={<p>Loading…</p>}>
        <PostPage id={id} />
      </AsyncBoundary>
    </HydrateRest>
  );
}
// #endregion server-components

// #region streaming-server
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { PipeableStream } from 'react-dom/server';
import { restScriptsDestination } from 'rtk-rest/server';
import type { PipeDestination } from 'rtk-rest/server';

// Express's `res` or Node's `http.ServerResponse`, typed without depending on @types/node.
type Response = Parameters<PipeableStream['pipe']>[0] & PipeDestination & { setHeader(name: string, value: string): unknown };

// The whole document, the same on the server and in the browser.
export function Document({ store, children }: { store: ReturnType<typeof makeStore>; children: ReactNode }) {
  return (
    <html>
      <head>
        <title>Blog</title>
      </head>
      <body>
        <Provider store={store}>
          <AsyncBoundary fallback={<p>Loading…</p>}>{children}</AsyncBoundary>
        </Provider>
      </body>
    </html>
  );
}

// Called once per HTTP request (an Express or Vite server's handler), with that request's user.
export function streamPage(res: Response, id: number, token: string | undefined) {
  const store = makeStore();
  const { pipe } = renderToPipeableStream(
    <Document store={store}>
      <TokenContext.Provider value={token}>
        <PostPage id={id} />
      </TokenContext.Provider>
    </Document>,
    {
      bootstrapModules: ['/client.js'],
      onShellReady() {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        pipe(restScriptsDestination(res, store)); // the store's writes go before each piece of HTML
      },
    },
  );
}
// #endregion streaming-server

// #region streaming-client
import { receiveRestScripts } from 'rtk-rest';

// client.js: the tab's store receives the streamed writes before React hydrates each boundary.
export function hydrateStreamedPage(id: number, token: string | undefined) {
  const store = makeStore();
  receiveRestScripts(store);
  hydrateRoot(
    document,
    <Document store={store}>
      <TokenContext.Provider value={token}>
        <PostPage id={id} />
      </TokenContext.Provider>
    </Document>,
  );
  return store;
}
// #endregion streaming-client

// #region next
import { useState } from 'react';
import { RestScripts } from 'rtk-rest/next';

// app/StoreProvider.tsx, a Client Component (its file starts with 'use client').
export function StoreProvider({ children }: { children: ReactNode }) {
  // useState, not a module-level store: one store per request on the server, one per tab in the browser.
  const [store] = useState(() => makeStore());
  return (
    <Provider store={store}>
      <RestScripts>{children}</RestScripts>
    </Provider>
  );
}

// app/layout.tsx, a Server Component: every page renders inside the provider.
export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <StoreProvider>{children}</StoreProvider>
      </body>
    </html>
  );
}

// app/posts/[id]/page.tsx, a Server Component: the post streams its fallback, then its content
// with its data, and the browser sends no request for it.
export function PostRoutePage({ id }: { id: number }) {
  return (
    <AsyncBoundary fallback={<p>Loading…</p>}>
      <PostPage id={id} />
    </AsyncBoundary>
  );
}
// #endregion next
