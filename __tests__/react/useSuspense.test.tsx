/**
 * `useSuspense`, and each row of the expiry table (fresh, stale, invalid, errors) as it applies to it.
 */
import { act, screen } from '@testing-library/react';
import { expectTypeOf } from 'expect-type';
import type { ReactNode } from 'react';
import { Entity, NetworkError, RestEndpoint } from 'rtk-rest';

import { useSuspense } from 'rtk-rest/react';
import {
  A,
  Async,
  asyncTitle,
  Boundary,
  getPost,
  K,
  net,
  p5,
  Post,
  post5,
  PostResource,
  react,
  renderAnswered,
  renderWith,
  rerenderWith,
  serverError,
  settle,
  setup,
  softGet,
  stored,
  strictGet,
  SuspenseTitle,
  useTestEnvironment,
  watchConsole,
} from './support';
import { ArticleResource } from '../support/article';
import type { FakeRequest } from './support';

useTestEnvironment();


const fallbackShown = () => screen.queryByText('loading') !== null;
const heading = () => screen.queryByRole('heading')?.textContent;
const shownError = () => screen.queryByText(/^error: /)?.textContent;


test('with nothing stored, the render starts the request and suspends with the fallback (nothing stored)', async () => {
  const { store } = setup({ gc: false });
  renderWith(store, asyncTitle({ args: p5 }));
  expect(fallbackShown()).toBe(true);
  expect(heading()).toBeUndefined();
  const request = await net.nth(1);
  expect(`${request.method} ${request.url}`).toBe(K.post5);
  expect(fallbackShown()).toBe(true);
  expect(net.count).toBe(1);
});

test('suspends while a request for an invalid key is in flight, then returns the data', async () => {
  const { store, rest } = setup({ gc: false });
  const thrown: unknown[] = [];
  renderWith(store, asyncTitle({ args: p5, thrown }));
  const request = await net.nth(1);
  await settle();
  expect(fallbackShown()).toBe(true);
  expect(thrown.length).toBeGreaterThan(0);
  expect(thrown.every((value) => typeof (value as PromiseLike<unknown>).then === 'function')).toBe(true);
  request.reply(post5);
  await settle();
  expect(fallbackShown()).toBe(false);
  expect(heading()).toBe('hi');
  expect(rest.selectData(store.getState(), getPost, p5)).toBeInstanceOf(Post);
  expect(net.count).toBe(1);
});

/** What a component that suspends on `read` returned, once the request it started is answered with `body`. */
async function suspendedRead<T>(store: Parameters<typeof renderAnswered>[0], read: () => T, body?: unknown): Promise<T | undefined> {
  let returned: T | undefined;
  function Probe() {
    returned = read();
    return null;
  }
  await renderAnswered(
    store,
    <Async>
      <Probe />
    </Async>,
    body,
  );
  return returned;
}

test('returns the key\'s data itself: the instance selectData returns', async () => {
  const { store, rest } = setup({ gc: false });
  const returned = await suspendedRead(store, () => useSuspense(getPost, p5));
  expect(returned).toBeInstanceOf(Post);
  expect(returned).toBe(rest.selectData(store.getState(), getPost, p5));
});

test('the request it starts builds no value for its promise: each entity is read once, by the component\'s memoized read', async () => {
  // `validate` runs once per item normalized and once per instance built: it counts them.
  let validated = 0;
  class Counted extends Entity {
    id = 0;
    title = '';
    pk() {
      return `${this.id}`;
    }
    static override key = 'Counted';
    static override validate() {
      validated++;
      return undefined;
    }
  }
  const getCounted = new RestEndpoint({ urlPrefix: A, path: '/counted', schema: [Counted] });
  const { store, rest } = setup({ gc: false });
  const shown = await suspendedRead(store, () => useSuspense(getCounted), [
    { id: 1, title: 'one' },
    { id: 2, title: 'two' },
  ]);
  expect(shown?.map((item) => item.title)).toEqual(['one', 'two']);
  expect(shown).toBe(rest.selectData(store.getState(), getCounted));
  // Two items normalized, two instances built.
  expect(validated).toBe(4);
});

test('joins a request already in flight for the key (started by rest.fetch) and suspends without a second request', async () => {
  const { store, rest } = setup({ gc: false });
  const promise = store.dispatch(rest.fetch(getPost, p5));
  renderWith(store, asyncTitle({ args: p5 }));
  expect(fallbackShown()).toBe(true);
  (await net.nth(1)).reply(post5);
  await promise;
  await settle();
  expect(heading()).toBe('hi');
  expect(net.count).toBe(1);
});

test.each([
  ['an HTTP 500', (request: FakeRequest) => request.reply({}, serverError)],
  ['a transport failure', (request: FakeRequest) => request.fail(new TypeError('Failed to fetch'))],
] as const)('the thrown thenable resolves (never rejects) when the request fails with %s; the error goes to the boundary', async (_name, answer) => {
  watchConsole();
  // The failure is met once: a transport failure is retried by default.
  const { store } = setup({ gc: false, retry: false });
  const thrown: unknown[] = [];
  const caught: unknown[] = [];
  renderWith(store, asyncTitle({ args: p5, thrown }, (error) => caught.push(error)));
  const request = await net.nth(1);
  const thenable = thrown[0] as Promise<unknown>;
  expect(typeof thenable.then).toBe('function');
  const outcome = thenable.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ rejected: error }),
  );
  answer(request);
  await settle();
  expect(await outcome).toEqual({ resolved: undefined });
  expect(caught).toHaveLength(1);
  expect(caught[0]).toBeInstanceOf(Error);
  expect(shownError()).toMatch(/^error: /);
  expect(fallbackShown()).toBe(false);
  // Jest fails the test on an unhandled rejection; give one the chance to surface.
  await settle();
});

test('a surfaced error is thrown to the nearest error boundary (no data, an error younger than errorExpiryLength: no fetch)', async () => {
  watchConsole();
  const { store, rest } = setup({ gc: false });
  await stored(store, rest, {}, { init: serverError }); // error at 1000, expires at 2000
  const inner: unknown[] = [];
  const outer: unknown[] = [];
  renderWith(
    store,
    <Async onError={(error) => outer.push(error)}>
      <p>outside</p>
      <Boundary onError={(error) => inner.push(error)}>
        <SuspenseTitle args={p5} />
      </Boundary>
    </Async>,
  );
  await settle();
  expect(inner).toHaveLength(1);
  expect(outer).toHaveLength(0);
  expect(inner[0]).toBeInstanceOf(NetworkError);
  expect((inner[0] as NetworkError).status).toBe(500);
  expect(screen.getByText('outside')).toBeTruthy();
  expect(shownError()).toBe(`error: ${K.post5.slice(4)}: Server Error`);
  expect(fallbackShown()).toBe(false);
  expect(net.count).toBe(1);
});

test('a request in flight comes before a fresh error: with both for the key for the key, it suspends instead of throwing', async () => {
  watchConsole();
  const { store, rest } = setup({ gc: false });
  await stored(store, rest, {}, { init: serverError }); // a fresh error, no data
  const refetch = store.dispatch(rest.fetch(getPost, p5)); // forced: in flight
  const caught: unknown[] = [];
  renderWith(store, asyncTitle({ args: p5 }, (error) => caught.push(error)));
  expect(fallbackShown()).toBe(true);
  expect(caught).toEqual([]);
  (await net.nth(2)).reply(post5);
  await act(async () => {
    await refetch;
  });
  await settle();
  expect(heading()).toBe('hi');
  expect(caught).toEqual([]);
  expect(net.count).toBe(2);
});

test('a fresh error does not refetch; once expired, the next render refetches and suspends', async () => {
  watchConsole();
  const { store, rest } = setup({ gc: false });
  await stored(store, rest, {}, { init: serverError }); // error expires at 2000
  const caught: unknown[] = [];
  const tree = (n: number) => (
    <Async key={n} onError={(error) => caught.push(error)}>
      <SuspenseTitle args={p5} />
    </Async>
  );
  const view = renderWith(store, tree(1));
  await settle();
  expect(caught).toHaveLength(1);
  jest.setSystemTime(1999);
  rerenderWith(view, store, tree(2)); // a new boundary: renders the reader again
  await settle();
  expect(caught).toHaveLength(2);
  expect(caught[1]).toBe(caught[0]);
  expect(net.count).toBe(1);
  jest.setSystemTime(2001);
  rerenderWith(view, store, tree(3));
  const request = await net.nth(2);
  expect(`${request.method} ${request.url}`).toBe(K.post5);
  await settle();
  expect(fallbackShown()).toBe(true);
  expect(caught).toHaveLength(2);
  request.reply(post5);
  await settle();
  expect(heading()).toBe('hi');
  expect(net.count).toBe(2);
});

test('a result within its expiry is returned at once, without a request', async () => {
  const { store, rest } = setup({ gc: false });
  await stored(store, rest, post5);
  jest.setSystemTime(61_000); // expiresAt: not yet past
  renderWith(store, asyncTitle({ args: p5 }));
  expect(fallbackShown()).toBe(false);
  expect(heading()).toBe('hi');
  await settle();
  expect(net.count).toBe(1);
});

test('stale data is returned while it is revalidated in the background: one request, no fallback', async () => {
  const { store, rest } = setup({ gc: false });
  await stored(store, rest, post5); // expiresAt 61000
  const view = renderWith(store, asyncTitle({ args: p5 }));
  await settle();
  expect(heading()).toBe('hi');
  jest.setSystemTime(61_001);
  rerenderWith(view, store, asyncTitle({ args: { group: 'react', id: 5 } }));
  expect(fallbackShown()).toBe(false);
  expect(heading()).toBe('hi');
  const request = await net.nth(2);
  expect(`${request.method} ${request.url}`).toBe(K.post5);
  await settle();
  expect(fallbackShown()).toBe(false);
  expect(heading()).toBe('hi');
  expect(rest.selectResponse(store.getState(), getPost, p5).isFetching).toBe(true);
  request.reply({ ...post5, title: 'fresh' });
  await settle();
  expect(heading()).toBe('fresh');
  expect(net.count).toBe(2);
});

test('with invalidIfStale, stale data suspends (as invalid data does)', async () => {
  const { store, rest } = setup({ gc: false });
  await stored(store, rest, post5, { endpoint: strictGet });
  const view = renderWith(store, asyncTitle({ endpoint: strictGet, args: p5 }));
  await settle();
  expect(heading()).toBe('hi');
  jest.setSystemTime(61_001);
  rerenderWith(view, store, asyncTitle({ endpoint: strictGet, args: { group: 'react', id: 5 } }));
  expect(fallbackShown()).toBe(true);
  await settle();
  const request = await net.nth(2);
  request.reply({ ...post5, title: 'fresh' });
  await settle();
  expect(heading()).toBe('fresh');
  expect(net.count).toBe(2);
});

test('after invalidate, a mounted reader suspends and refetches', async () => {
  const { store, rest } = setup({ gc: false });
  await stored(store, rest, post5);
  renderWith(store, asyncTitle({ args: p5 }));
  expect(heading()).toBe('hi');
  await act(async () => {
    store.dispatch(rest.invalidate(getPost, p5));
  });
  expect(fallbackShown()).toBe(true);
  const request = await net.nth(2);
  expect(`${request.method} ${request.url}`).toBe(K.post5);
  request.reply({ ...post5, title: 'again' });
  await settle();
  expect(heading()).toBe('again');
  expect(net.count).toBe(2);
});

test('after expireAll, a mounted reader keeps returning the value and revalidates it in the background', async () => {
  const { store, rest } = setup({ gc: false });
  await stored(store, rest, post5);
  let renders = 0;
  function Counted() {
    renders += 1;
    return <SuspenseTitle args={{ group: 'react', id: 5 }} />;
  }
  const view = renderWith(
    store,
    <Async>
      <Counted />
    </Async>,
  );
  await settle();
  const rendered = renders;
  await act(async () => {
    store.dispatch(rest.expireAll(getPost));
  });
  expect(rest.selectResponse(store.getState(), getPost, p5).expiryStatus).toBe('stale');
  await settle();
  // The revalidation starts without a render of its own, and does not suspend.
  expect(net.count).toBe(2);
  expect(`${net.requests[1]!.method} ${net.requests[1]!.url}`).toBe(K.post5);
  expect(fallbackShown()).toBe(false);
  expect(heading()).toBe('hi');
  // A render while it is in flight joins it.
  rerenderWith(
    view,
    store,
    <Async>
      <Counted />
    </Async>,
  );
  await settle();
  expect(net.count).toBe(2);
  expect(fallbackShown()).toBe(false);
  net.requests[1]!.reply({ ...post5, title: 'fresh' });
  await settle();
  expect(heading()).toBe('fresh');
  expect(renders).toBe(rendered + 1);
  expect(net.count).toBe(2);
});

test('when the top-level entity is tombstoned, a mounted reader suspends and refetches', async () => {
  const { store, rest } = setup({ gc: false });
  await stored(store, rest, post5);
  renderWith(store, asyncTitle({ args: p5 }));
  expect(heading()).toBe('hi');
  const deleting = store.dispatch(rest.fetch(PostResource.delete, p5));
  const del = await net.nth(2);
  expect(del.method).toBe('DELETE');
  await act(async () => {
    del.reply(null, { status: 204 });
    await deleting;
  });
  expect(rest.selectResponse(store.getState(), getPost, p5).expiryStatus).toBe('invalid');
  expect(fallbackShown()).toBe(true);
  const request = await net.nth(3);
  expect(`${request.method} ${request.url}`).toBe(K.post5);
  request.reply({ ...post5, title: 'back' });
  await settle();
  expect(heading()).toBe('back');
  expect(net.count).toBe(3);
});

test('data and a fresh error without a soft errorPolicy: the error is thrown', async () => {
  watchConsole();
  const { store, rest } = setup({ gc: false });
  await stored(store, rest, post5);
  const caught: unknown[] = [];
  const view = renderWith(store, asyncTitle({ args: p5 }, (error) => caught.push(error)));
  jest.setSystemTime(61_001);
  rerenderWith(view, store, asyncTitle({ args: { group: 'react', id: 5 } }, (error) => caught.push(error)));
  (await net.nth(2)).reply({}, serverError);
  await settle();
  // The data is kept in the store, but the fresh error surfaces.
  expect(rest.selectResponse(store.getState(), getPost, p5)).toMatchObject({ expiryStatus: 'valid', status: 'rejected' });
  expect(rest.selectData(store.getState(), getPost, p5)?.title).toBe('hi');
  expect(caught).toHaveLength(1);
  expect(shownError()).toBe(`error: ${K.post5.slice(4)}: Server Error`);
  expect(net.count).toBe(2);
});

test('data and a fresh error with errorPolicy "soft": the data keeps being returned', async () => {
  watchConsole();
  const { store, rest } = setup({ gc: false });
  await stored(store, rest, post5, { endpoint: softGet });
  const caught: unknown[] = [];
  const view = renderWith(store, asyncTitle({ endpoint: softGet, args: p5 }, (error) => caught.push(error)));
  jest.setSystemTime(61_001);
  rerenderWith(view, store, asyncTitle({ endpoint: softGet, args: { group: 'react', id: 5 } }, (error) => caught.push(error)));
  (await net.nth(2)).reply({}, serverError);
  await settle();
  expect(rest.selectResponse(store.getState(), softGet, p5).status).toBe('rejected');
  expect(caught).toHaveLength(0);
  expect(heading()).toBe('hi');
  expect(fallbackShown()).toBe(false);
  // Still fresh: another render neither throws nor refetches.
  rerenderWith(view, store, asyncTitle({ endpoint: softGet, args: p5 }, (error) => caught.push(error)));
  await settle();
  expect(heading()).toBe('hi');
  expect(caught).toHaveLength(0);
  expect(net.count).toBe(2);
});

test('errorPolicy "soft" with no usable data: the error surfaces regardless', async () => {
  watchConsole();
  const { store, rest } = setup({ gc: false });
  await stored(store, rest, {}, { init: serverError, endpoint: softGet });
  const caught: unknown[] = [];
  renderWith(store, asyncTitle({ endpoint: softGet, args: p5 }, (error) => caught.push(error)));
  await settle();
  expect(caught).toHaveLength(1);
  expect(caught[0]).toBeInstanceOf(NetworkError);
  expect(net.count).toBe(1);
});

test('with no result but the entity found by inference, it is returned without a request', async () => {
  const { store, rest } = setup({ gc: false });
  const list = store.dispatch(rest.fetch(PostResource.getList, react));
  (await net.nth(1)).reply([post5]);
  await list;
  renderWith(store, asyncTitle({ args: p5 }));
  expect(fallbackShown()).toBe(false);
  expect(heading()).toBe('hi');
  await settle();
  expect(net.count).toBe(1);
});

describe('an article page opened from a list of summaries (Entity.detailFields)', () => {
  const full = { slug: 'a', title: 'A', body: 'the whole text' };

  function ArticleList() {
    const articles = useSuspense(ArticleResource.getList);
    return (
      <ul>
        {articles.map((article) => (
          <li key={article.slug}>{article.title}</li>
        ))}
      </ul>
    );
  }
  /** The page shows the body; every body it rendered is recorded. */
  function ArticlePage({ slug, bodies }: { slug: string; bodies: string[] }) {
    const article = useSuspense(ArticleResource.get, { slug });
    bodies.push(article.body);
    return <article>{article.body}</article>;
  }
  const app = (page: ReactNode) => (
    <>
      <Async>
        <ArticleList />
      </Async>
      {page}
    </>
  );
  const listed = () => screen.queryAllByRole('listitem').map((item) => item.textContent);
  const shownBody = () => screen.queryByRole('article')?.textContent;

  test('the page suspends and fetches, never shows an empty body, then shows the body; the list keeps its summaries meanwhile', async () => {
    const { store } = setup({ gc: false });
    const bodies: string[] = [];
    const view = renderWith(store, app(null));
    (await net.nth(1)).reply([
      { slug: 'a', title: 'A' },
      { slug: 'b', title: 'B' },
    ]);
    await settle();
    expect(listed()).toEqual(['A', 'B']);
    rerenderWith(
      view,
      store,
      app(
        <Async>
          <ArticlePage slug="a" bodies={bodies} />
        </Async>,
      ),
    );
    expect(fallbackShown()).toBe(true);
    expect(listed()).toEqual(['A', 'B']);
    const request = await net.nth(2);
    expect(`${request.method} ${request.url}`).toBe(`GET ${A}/articles/a`);
    request.reply(full);
    await settle();
    expect(shownBody()).toBe('the whole text');
    expect(bodies).not.toContain('');
    expect(listed()).toEqual(['A', 'B']);
    expect(net.count).toBe(2);
  });

  test('a page whose key has a full answer of its own shows it while it is refetched past its expiry, without the fallback', async () => {
    const { store, rest } = setup({ gc: false });
    const fetched = store.dispatch(rest.fetch(ArticleResource.get, { slug: 'a' }));
    (await net.nth(1)).reply(full);
    await act(async () => {
      await fetched;
    });
    const bodies: string[] = [];
    const page = () => (
      <Async>
        <ArticlePage slug="a" bodies={bodies} />
      </Async>
    );
    const view = renderWith(store, page());
    expect(shownBody()).toBe('the whole text');
    jest.setSystemTime(61_001);
    rerenderWith(view, store, page());
    expect(fallbackShown()).toBe(false);
    expect(shownBody()).toBe('the whole text');
    (await net.nth(2)).reply({ ...full, body: 'edited' });
    await settle();
    expect(shownBody()).toBe('edited');
    expect(bodies).not.toContain('');
  });
});

test('with null it returns undefined and starts nothing', async () => {
  const { store, actions } = setup({ gc: false });
  const thrown: unknown[] = [];
  renderWith(store, asyncTitle({ args: null, thrown }));
  await settle();
  expect(heading()).toBe('none');
  expect(thrown).toEqual([]);
  expect(net.count).toBe(0);
  expect(actions).toEqual([]);
});

test('for non-null arguments its type excludes undefined; with null it is undefined', () => {
  // Types only: these functions are never rendered.
  function Typed() {
    const post = useSuspense(PostResource.get, p5);
    expectTypeOf(post).toEqualTypeOf<Post>();
    const list = useSuspense(PostResource.getList, react);
    expectTypeOf(list).toEqualTypeOf<Post[]>();
    const none = useSuspense(PostResource.get, null);
    expectTypeOf(none).toEqualTypeOf<undefined>();
    const maybe = useSuspense(PostResource.get, Math.random() > 2 ? p5 : null);
    expectTypeOf(maybe).toEqualTypeOf<Post | undefined>();
    return null;
  }
  expect(typeof Typed).toBe('function');
});
