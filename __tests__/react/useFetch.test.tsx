import { act, screen } from '@testing-library/react';
import { NetworkError } from 'rtk-rest';
import { useFetch } from 'rtk-rest/react';
import {
  Async,
  fetchAnswered,
  K,
  net,
  outcome,
  p5,
  Post,
  post5,
  post6,
  PostResource,
  recorder,
  renderAnswered,
  renderWith,
  rerenderWith,
  settle,
  setup,
  useTestEnvironment,
  watchConsole,
} from './support';

// useFetch applies the fetch rule and returns the promise of the key's read in
// flight, or undefined; it never suspends or throws.
useTestEnvironment();

type Seen = Promise<Post> | undefined;

function probe(seen: { record(value: Seen): Seen }, params: { group: string; id: number } | null = p5) {
  return function Probe() {
    const promise = useFetch(PostResource.get, params);
    seen.record(promise);
    return <p>{promise === undefined ? 'idle' : 'fetching'}</p>;
  };
}

describe('useFetch', () => {
  test('starts the request when the fetch rule says so and returns its promise, which resolves to the data', async () => {
    const { rest, store } = setup({ gc: false });
    const seen = recorder<Seen>();
    const Probe = probe(seen);
    renderWith(store, <Probe />);
    const promise = seen.values[0];
    expect(promise).toBeInstanceOf(Promise);
    const request = await net.nth(1);
    expect(`${request.method} ${request.url}`).toBe(K.post5);
    expect(screen.getByText('fetching')).toBeTruthy();
    request.reply(post5);
    await settle();
    const data = await promise!;
    expect(data).toBeInstanceOf(Post);
    expect(data.title).toBe('hi');
    expect(data).toEqual(rest.selectData(store.getState(), PostResource.get, p5));
    expect(net.count).toBe(1);
  });

  test('joins a read in flight: the same promise for every component, no second request', async () => {
    const { rest, store } = setup({ gc: false });
    const dispatched = store.dispatch(rest.fetch(PostResource.get, p5));
    const a = recorder<Seen>();
    const b = recorder<Seen>();
    const A = probe(a);
    const B = probe(b);
    renderWith(
      store,
      <>
        <A />
        <B />
      </>,
      { strict: true },
    );
    expect(a.last).toBeInstanceOf(Promise);
    expect(b.last).toBe(a.last);
    expect(a.last).toBe(dispatched);
    (await net.nth(1)).reply(post5);
    await settle();
    expect(await a.values[0]).toBe(await dispatched);
    expect(net.count).toBe(1);
  });

  test('returns undefined when the data is fresh, and starts a request once it is stale', async () => {
    const { rest, store, types } = setup({ gc: false });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    const seen = recorder<Seen>();
    const Probe = probe(seen);
    const view = renderWith(store, <Probe />);
    await settle();
    expect(seen.values.every((value) => value === undefined)).toBe(true);
    expect(net.count).toBe(1);
    expect(types().filter((type) => type === 'rest/fetch/pending')).toHaveLength(1);
    // Past dataExpiryLength: the next render starts a background request.
    jest.setSystemTime(1000 + 60_001);
    rerenderWith(view, store, <Probe />);
    const refetch = seen.last;
    expect(refetch).toBeInstanceOf(Promise);
    (await net.nth(2)).reply({ ...post5, title: 'fresh' });
    await settle();
    expect((await refetch!).title).toBe('fresh');
  });

  test('a fresh stored error suppresses fetching; once expired the next render fetches', async () => {
    const console = watchConsole();
    const { rest, store } = setup({ gc: false });
    await outcome(fetchAnswered(store, rest.fetch(PostResource.get, p5), {}, undefined, { status: 500 }));
    const seen = recorder<Seen>();
    const Probe = probe(seen);
    const view = renderWith(
      store,
      <Async>
        <Probe />
      </Async>,
    );
    await settle();
    expect(seen.last).toBeUndefined();
    expect(screen.getByText('idle')).toBeTruthy();
    expect(net.count).toBe(1);
    jest.setSystemTime(Date.now() + 1001);
    rerenderWith(
      view,
      store,
      <Async>
        <Probe />
      </Async>,
    );
    expect(seen.last).toBeInstanceOf(Promise);
    (await net.nth(2)).reply(post5);
    await settle();
    expect(console.errors).toEqual([]);
  });

  test('never suspends or throws: a failing request rejects its promise, unhandled by nobody, and the component keeps rendering', async () => {
    // An unhandled rejection would also fail this test: Jest reports it as an error of the test.
    const console = watchConsole();
    const { rest, store } = setup({ gc: false });
    const errors: unknown[] = [];
    const seen = recorder<Seen>();
    const Probe = probe(seen);
    renderWith(
      store,
      <Async onError={(error) => errors.push(error)}>
        <Probe />
      </Async>,
    );
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('fetching')).toBeTruthy();
    (await net.nth(1)).reply({ message: 'boom' }, { status: 500, statusText: 'Internal Server Error' });
    await settle();
    expect(screen.getByText('idle')).toBeTruthy();
    expect(screen.queryByText(/error:/)).toBeNull();
    expect(screen.queryByText('loading')).toBeNull();
    expect(errors).toEqual([]);
    expect(rest.selectResponse(store.getState(), PostResource.get, p5).status).toBe('rejected');
    const result = await outcome(seen.values[0]!);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toBeInstanceOf(NetworkError);
    expect(!result.ok && result.error.status).toBe(500);
    expect(console.errors).toEqual([]);
  });

  test('re-renders when the in-flight state changes: the promise while in flight, undefined after it settles', async () => {
    const { store } = setup({ gc: false });
    const seen = recorder<Seen>();
    const Probe = probe(seen);
    renderWith(store, <Probe />);
    expect(seen.last).toBeInstanceOf(Promise);
    const request = await net.nth(1);
    await settle();
    expect(seen.last).toBeInstanceOf(Promise);
    const renders = seen.values.length;
    request.reply(post5);
    await settle();
    expect(seen.values.length).toBeGreaterThan(renders);
    expect(seen.last).toBeUndefined();
    expect(screen.getByText('idle')).toBeTruthy();
  });

  test('a fetch started elsewhere while mounted re-renders with its promise', async () => {
    const { rest, store } = setup({ gc: false });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    const seen = recorder<Seen>();
    const Probe = probe(seen);
    renderWith(store, <Probe />);
    expect(seen.last).toBeUndefined();
    let refetch!: Promise<unknown>;
    act(() => {
      refetch = store.dispatch(rest.fetch(PostResource.get, p5));
    });
    expect(seen.last).toBe(refetch);
    (await net.nth(2)).reply(post5);
    await settle();
    expect(seen.last).toBeUndefined();
  });

  // Nothing is in flight after an invalidate or a reset, so useFetch's answer does not change: the
  // refetch comes from the hook's store listener, not from a re-render.
  test('a mounted useFetch refetches after rest.invalidate', async () => {
    const { rest, store } = setup({ gc: false });
    const seen = recorder<Seen>();
    const Probe = probe(seen);
    await renderAnswered(store, <Probe />);
    expect(seen.last).toBeUndefined();
    act(() => {
      store.dispatch(rest.invalidate(PostResource.get, p5));
    });
    await settle();
    expect(net.count).toBe(2);
    expect(seen.last).toBeInstanceOf(Promise);
  });

  test('a mounted useFetch refetches after resetEntireStore', async () => {
    const { rest, store } = setup({ gc: false });
    const seen = recorder<Seen>();
    const Probe = probe(seen);
    await renderAnswered(store, <Probe />);
    act(() => {
      store.dispatch(rest.resetEntireStore());
    });
    await settle();
    expect(net.count).toBe(2);
  });

  test('null starts nothing and returns undefined', async () => {
    const { store } = setup({ gc: false });
    const seen = recorder<Seen>();
    const Probe = probe(seen, null);
    renderWith(store, <Probe />);
    await settle();
    expect(seen.values.length).toBeGreaterThan(0);
    expect(seen.values.every((value) => value === undefined)).toBe(true);
    expect(net.count).toBe(0);
  });

  test('changing the key starts the request for the new key', async () => {
    const { store } = setup({ gc: false });
    const seen = recorder<Seen>();
    function Probe({ id }: { id: number }) {
      seen.record(useFetch(PostResource.get, { group: 'react', id }));
      return null;
    }
    const view = await renderAnswered(store, <Probe id={5} />);
    rerenderWith(view, store, <Probe id={6} />);
    const request = await net.nth(2);
    expect(`${request.method} ${request.url}`).toBe(K.post6);
    request.reply(post6);
    await settle();
    expect(seen.last).toBeUndefined();
  });
});
