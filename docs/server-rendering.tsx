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
  renderToString(app); // starts the page's reads
  await store.dispatch(rest.settled()); // every read has answered
  const html = renderToString(app); // now with the data
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
