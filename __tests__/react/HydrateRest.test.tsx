/**
 * `<HydrateRest slice>`: a slice produced on the server merges into the client store by
 * freshness, from the component that renders the route, without dispatching while rendering.
 */
import { act, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createRest } from 'rtk-rest';
import { HydrateRest, useDLE, useSuspense } from 'rtk-rest/react';
import { fetchAnswered, flush, makeStore, net, p5, p6, post5, post6, PostResource, react, renderWith, settle, setup, useTestEnvironment, watchConsole } from './support';
import type { Rest, Store } from './support';

useTestEnvironment();

/** A server store answers the list at `at`, then its slice goes through JSON as embedded in a page. */
async function serverSlice(list: unknown[], at: number): Promise<unknown> {
  const { rest, store } = setup({ gc: false });
  await fetchAnswered(store, rest.fetch(PostResource.getList, react), list, at);
  return JSON.parse(JSON.stringify(store.getState()[rest.reducerPath]));
}

function Title({ id, seen }: { id: number; seen?: string[] }) {
  const post = useSuspense(PostResource.get, { group: 'react', id });
  seen?.push(post.title);
  return <h1>{post.title}</h1>;
}

function Posts({ seen }: { seen: string[] }) {
  const list = useSuspense(PostResource.getList, react);
  seen.push(list.map((post) => post.title).join(','));
  return <p>{list.map((post) => post.title).join(',')}</p>;
}

/** The tab: a header mounted on every route, and the route's content (the route changes by a click). */
function Tab({ slice, seen }: { slice: unknown; seen: string[] }) {
  const [route, setRoute] = useState<'home' | 'posts'>('home');
  return (
    <>
      <header>
        <Suspense fallback={<h1>header loading</h1>}>
          <Title id={5} />
        </Suspense>
        <button onClick={() => setRoute('posts')}>posts</button>
      </header>
      {route === 'posts' && (
        <HydrateRest slice={slice}>
          <Suspense fallback={<p>posts loading</p>}>
            <Posts seen={seen} />
          </Suspense>
        </HydrateRest>
      )}
    </>
  );
}

/** A client store that fetched post 5 (and post 6 from another page) at `at`. */
async function clientStore(title: string, at: number): Promise<{ rest: Rest; store: Store }> {
  const { rest, store } = setup({ gc: false });
  await fetchAnswered(store, rest.fetch(PostResource.get, p5), { ...post5, title }, at);
  await fetchAnswered(store, rest.fetch(PostResource.get, p6), post6, at);
  return { rest, store };
}

describe('HydrateRest', () => {
  test('client navigation to a server page: its children render the newer server data at once, the mounted header follows, no request, no warning, the tab keeps its cache', async () => {
    const { rest, store } = await clientStore('old title', 1040);
    const slice = await serverSlice([{ ...post5, title: 'server title' }], 5000);
    net.requests.length = 0;
    jest.setSystemTime(6000);
    const console = watchConsole();
    const seen: string[] = [];
    renderWith(store, <Tab slice={slice} seen={seen} />);
    expect(screen.getByRole('heading').textContent).toBe('old title');
    act(() => screen.getByRole('button').click());
    // The route's first render already read the merged state: no fallback, no older list.
    expect(seen[0]).toBe('server title');
    expect(screen.getByText('server title', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toBe('server title');
    await settle();
    expect(net.count).toBe(0);
    expect(console.errors).toEqual([]);
    expect(console.warnings).toEqual([]);
    // What the tab fetched on its own is still there.
    expect(rest.selectData(store.getState(), PostResource.get, p6)?.title).toBe('six');
    expect(rest.selectData(store.getState(), PostResource.getList, react)?.map((post) => post.title)).toEqual(['server title']);
  });

  test('navigation back to a server page whose slice is older than the tab: the tab’s newer data stays, in the first render too', async () => {
    const slice = await serverSlice([{ ...post5, title: 'server title' }, post6], 1040);
    const { rest, store } = await clientStore('edited in the tab', 5000);
    net.requests.length = 0;
    jest.setSystemTime(6000);
    const console = watchConsole();
    const seen: string[] = [];
    renderWith(store, <Tab slice={slice} seen={seen} />);
    act(() => screen.getByRole('button').click());
    expect(seen).toEqual(['edited in the tab,six']);
    expect(screen.getByRole('heading').textContent).toBe('edited in the tab');
    await settle();
    expect(net.count).toBe(0);
    expect(console.errors).toEqual([]);
    expect(rest.selectData(store.getState(), PostResource.get, p5)?.title).toBe('edited in the tab');
  });

  test('hydrating the server HTML: the client store renders the slice with no request, no mismatch and no warning; the merge is dispatched once', async () => {
    const slice = await serverSlice([post5, post6], 1040);
    net.requests.length = 0;
    jest.setSystemTime(2000);
    const page = (store: Store, seen: string[]) => (
      <Provider store={store}>
        <HydrateRest slice={slice}>
          <Suspense fallback={<p>posts loading</p>}>
            <Posts seen={seen} />
          </Suspense>
        </HydrateRest>
      </Provider>
    );
    // On the server: a fresh store, rendered through the view (the server store itself is not changed).
    const serverRest = createRest({ gc: false });
    const html = renderToString(page(makeStore(serverRest), []));
    expect(html).toContain('<p>hi,six</p>');
    const console = watchConsole();
    const rest = createRest({ gc: false });
    const log: { type: string }[] = [];
    const store = makeStore(rest, { log });
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const seen: string[] = [];
    await act(async () => {
      hydrateRoot(container, page(store, seen));
    });
    await flush();
    expect(container.innerHTML).toBe(html);
    expect(seen[0]).toBe('hi,six');
    expect(net.count).toBe(0);
    expect(log.map((action) => action.type).filter((type) => type.startsWith('rest/fetch') || type === 'rest/rehydrated')).toEqual(['rest/rehydrated']);
    expect(console.errors).toEqual([]);
    container.remove();
  });

  test('hydrating a stored error that expired since the server render: the first render is the server\'s, then the key refetches', async () => {
    // The server's store: post 5 failed at 1040 (its error expires errorExpiryLength later, at 2040).
    const server = setup({ gc: false });
    await fetchAnswered(server.store, server.rest.fetch(PostResource.get, p5), { message: 'down' }, 1040, { status: 500 }).catch(() => undefined);
    const slice = JSON.parse(JSON.stringify(server.store.getState()[server.rest.reducerPath]));
    function Shown() {
      const { data, loading, error } = useDLE(PostResource.get, p5);
      return <p>{loading ? 'loading' : error ? `error ${(error as { status?: number }).status}` : data?.title}</p>;
    }
    const page = (store: Store) => (
      <Provider store={store}>
        <HydrateRest slice={slice}>
          <Shown />
        </HydrateRest>
      </Provider>
    );
    jest.setSystemTime(1500);
    const html = renderToString(page(makeStore(createRest({ gc: false }))));
    expect(html).toContain('<p>error 500</p>');
    // The page reaches the browser after the error expired.
    jest.setSystemTime(5000);
    const console = watchConsole();
    const recoverable: unknown[] = [];
    const store = makeStore(createRest({ gc: false }));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const before = net.count;
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(container.textContent!));
    observer.observe(container, { subtree: true, childList: true, characterData: true });
    await act(async () => {
      hydrateRoot(container, page(store), { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect({ recoverable, errors: console.errors }).toEqual({ recoverable: [], errors: [] });
    expect(net.count).toBe(before + 1);
    (await net.nth(before + 1)).reply(post5);
    await settle();
    observer.disconnect();
    expect(seen).toEqual(['loading', 'hi']);
    container.remove();
  });

  test('a store without the rtk-rest middleware is a clear error', () => {
    const console = watchConsole();
    const store = makeStore(createRest({ gc: false }), {});
    const bare = { ...store, dispatch: (action: unknown) => action } as unknown as Store;
    expect(() => renderWith(bare, <HydrateRest slice={{}} />)).toThrow('[rtk-rest] HydrateRest: the store of the surrounding <Provider> has no rtk-rest middleware.');
    // React reports the error it rethrows; nothing else is logged.
    expect(console.warnings).toEqual([]);
  });
});
