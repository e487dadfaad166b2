/**
 * The React recipes of docs/recipes, rendered under react-redux's <Provider> (jsdom): request
 * init that comes from React context through hookifyResource, and a mounted component across a
 * tenant switch. Their code blocks are checked by recipes.test.ts.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useSuspense } from 'rtk-rest/react';
import { json, restoreFetchAfterEach, setup, stubFetch } from './support';

import { PostHooks, PostResource, TokenContext, usePost, useRenamePost } from '../../docs/recipes/token-from-context';
import { CommentHooks, CsrfContext, useAddComment, useComments } from '../../docs/recipes/request-init-from-react';
import * as tenantPrefix from '../../docs/recipes/tenant-prefix';

const A = 'https://api.example.com';

restoreFetchAfterEach();

// Fake timers: React reveals Suspense content after a short throttle, which the tests advance
// through instead of waiting for it.
let consoleError: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
  consoleError = jest.spyOn(console, 'error');
});
afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled(); // React's act() warnings, RTK's checks, library dev logs
  consoleError.mockRestore();
  jest.clearAllTimers();
  jest.useRealTimers();
});

/** Lets the stub network, the store and React finish what they started. */
async function settle(): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(1000);
  });
}

function tree(store: ReturnType<typeof setup>['store'], children: ReactNode) {
  return (
    <Provider store={store}>
      <Suspense fallback={<p>loading</p>}>{children}</Suspense>
    </Provider>
  );
}

describe('token-from-context', () => {
  const params = { group: 'react', id: 5 };

  function PostTitle() {
    const post = usePost(params);
    const rename = useRenamePost(params);
    return <button onClick={() => void rename('Renamed')}>{post.title}</button>;
  }

  const view = (store: ReturnType<typeof setup>['store'], token: string | undefined) =>
    tree(
      store,
      <TokenContext.Provider value={token}>
        <PostTitle />
      </TokenContext.Provider>,
    );

  it('reads and writes carry the token of the context; a new token does not refetch', async () => {
    const net = stubFetch((_url, init) => (init.method === 'PATCH' ? json({ id: 5, title: 'Renamed' }) : json({ id: 5, title: 'Hello' })));
    const { store } = setup();
    const { rerender } = render(view(store, 'tok-A'));
    expect(screen.getByText('loading')).toBeTruthy();
    await settle();
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(net.calls()).toHaveLength(1);
    expect(net.calls()[0]).toMatchObject({ method: 'GET', url: `${A}/react/posts/5`, headers: { 'access-token': 'tok-A' } });

    rerender(view(store, 'tok-B'));
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(net.calls()).toHaveLength(1); // same key as PostResource.get: no second request

    await act(async () => {
      fireEvent.click(screen.getByText('Hello'));
    });
    await settle();
    expect(screen.getByText('Renamed')).toBeTruthy();
    expect(net.calls()[1]).toMatchObject({ method: 'PATCH', url: `${A}/react/posts/5`, headers: { 'access-token': 'tok-B' } });
    expect(net.calls()[1]!.init.body).toBe('{"title":"Renamed"}');
  });

  it('without a token in context no Access-Token header is sent', async () => {
    const net = stubFetch(() => json({ id: 5, title: 'Public' }));
    const { store } = setup();
    render(view(store, undefined));
    await settle();
    expect(screen.getByText('Public')).toBeTruthy();
    expect(net.calls()[0]!.headers).toEqual({});
  });

  it('the hooked endpoint shares the cache of the plain member', async () => {
    stubFetch(() => json({ id: 5, title: 'Hello' }));
    const { rest, store } = setup();
    let hooked: typeof PostResource.get | undefined;
    function Probe() {
      hooked = PostHooks.useGet();
      return null;
    }
    render(tree(store, <TokenContext.Provider value="tok"><Probe /></TokenContext.Provider>));
    expect(hooked!.key(params)).toBe(PostResource.get.key(params));
    await act(() => store.dispatch(rest.fetch(hooked!, params)));
    expect(rest.selectData(store.getState(), PostResource.get, params)?.title).toBe('Hello');
  });
});

describe('request-init-from-react', () => {
  function Comments({ postId }: { postId: number }) {
    const comments = useComments(postId);
    const add = useAddComment(postId);
    return (
      <div>
        <ul>
          {comments.map((comment) => (
            <li key={comment.id}>{comment.text}</li>
          ))}
        </ul>
        <button onClick={() => void add('second')}>add</button>
      </div>
    );
  }
  const view = (store: ReturnType<typeof setup>['store'], csrf: string) =>
    tree(
      store,
      <CsrfContext.Provider value={csrf}>
        <Comments postId={7} />
      </CsrfContext.Provider>,
    );

  it('requests carry the resource init and the CSRF token from context; push adds to the list', async () => {
    let nextId = 2;
    const net = stubFetch((_url, init) =>
      init.method === 'POST' ? json({ id: nextId++, postId: 7, ...JSON.parse(init.body as string) }) : json([{ id: 1, postId: 7, text: 'first' }]),
    );
    const { store } = setup();
    const { rerender } = render(view(store, 'csrf-1'));
    await settle();
    expect(screen.getByText('first')).toBeTruthy();
    const [get] = net.calls();
    expect(get).toMatchObject({ method: 'GET', url: `${A}/posts/7/comments` });
    expect(get!.init.credentials).toBe('same-origin');
    expect(get!.headers).toEqual({ 'x-client': 'web', 'x-csrf-token': 'csrf-1' });

    await act(async () => {
      fireEvent.click(screen.getByText('add'));
    });
    await settle();
    expect(screen.getByText('second')).toBeTruthy();
    const post = net.calls()[1]!;
    expect(post).toMatchObject({ method: 'POST', url: `${A}/posts/7/comments`, headers: { 'x-client': 'web', 'x-csrf-token': 'csrf-1' } });
    expect(post.init).toMatchObject({ credentials: 'same-origin', body: '{"text":"second"}' });

    // A new token: no refetch of the list; the next write sends the new token.
    rerender(view(store, 'csrf-2'));
    expect(net.calls()).toHaveLength(2);
    await act(async () => {
      fireEvent.click(screen.getByText('add'));
    });
    await settle();
    expect(screen.getAllByText('second')).toHaveLength(2);
    expect(net.calls()[2]!.headers['x-csrf-token']).toBe('csrf-2');
  });

  it('the generated hooks cover every member and keep its identity for an equal init', () => {
    expect(Object.keys(CommentHooks).sort()).toEqual(['useDelete', 'useGet', 'useGetList', 'usePartialUpdate', 'useUpdate']);
    const seen: unknown[] = [];
    function Probe({ csrf }: { csrf: string }) {
      return (
        <CsrfContext.Provider value={csrf}>
          <Inner />
        </CsrfContext.Provider>
      );
    }
    function Inner() {
      seen.push(CommentHooks.useGet());
      return null;
    }
    const { rerender } = render(<Probe csrf="a" />);
    rerender(<Probe csrf="a" />);
    rerender(<Probe csrf="b" />);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[1]);
    expect((seen[2] as { requestInit?: RequestInit }).requestInit).toEqual({ credentials: 'same-origin', headers: { 'X-Client': 'web', 'X-CSRF-Token': 'b' } });
  });
});

describe('tenant-prefix rendered', () => {
  const { PostResource, makeStore, switchApiRoot } = tenantPrefix;
  const ACME = 'https://acme.example.com';
  const GHE = 'https://ghe.example.com/api/v3';

  it("a mounted useSuspense shows the new root's post 5 after switchApiRoot, and no render after a switch shows the old root's", async () => {
    stubFetch((url) => json({ id: 5, title: url.startsWith(`${ACME}/`) ? 'acme five' : 'ghe five' }));
    const store = makeStore();
    const rendered: string[] = [];
    function Title() {
      const post = useSuspense(PostResource.get, { id: 5 });
      rendered.push(post.title);
      return <p>{post.title}</p>;
    }
    render(
      <Provider store={store}>
        <Suspense fallback={<p>loading</p>}>
          <Title />
        </Suspense>
      </Provider>,
    );
    await settle();
    expect(screen.getByText('acme five')).toBeTruthy();
    for (const [root, title, old] of [
      [GHE, 'ghe five', 'acme five'],
      [ACME, 'acme five', 'ghe five'],
    ] as const) {
      const before = rendered.length;
      act(() => void store.dispatch(switchApiRoot(root)));
      await settle();
      expect(screen.getByText(title)).toBeTruthy();
      expect(rendered.slice(before)).toContain(title);
      expect(rendered.slice(before)).not.toContain(old);
    }
  });
});
