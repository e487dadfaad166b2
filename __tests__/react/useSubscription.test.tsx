import { act, screen } from '@testing-library/react';
import { useLive, useSubscription, useSuspense } from 'rtk-rest/react';
import {
  A,
  Async,
  fetchAnswered,
  json,
  K,
  net,
  p5,
  polled,
  Post,
  post5,
  post6,
  PostResource,
  recorder,
  renderWith,
  rerenderWith,
  settle,
  setup,
  tick,
  useTestEnvironment,
} from './support';

// useSubscription and useLive, over polling.
useTestEnvironment();


/** Answers every request (present and future) with the post its URL names, titled `title()` at answer time. */
function answerAll(title: () => string = () => 'hi'): void {
  net.autoRespond((request) => {
    const id = Number(request.url.split('/').pop());
    return json({ ...(id === 6 ? post6 : post5), title: title() });
  });
}

const sentTo = (url: string) => net.requests.filter((request) => request.url === url).length;

describe('useSubscription', () => {
  test('polls at pollFrequency while mounted and returns undefined', async () => {
    const { store } = setup({ gc: false });
    answerAll();
    const seen = recorder<undefined>();
    function Probe() {
      seen.record(useSubscription(polled, p5));
      return null;
    }
    renderWith(store, <Probe />);
    expect(seen.last).toBeUndefined();
    // No write yet: the first poll is due at once.
    await tick(0);
    expect(net.count).toBe(1);
    expect(`${net.requests[0]!.method} ${net.requests[0]!.url}`).toBe(K.post5);
    await tick(999);
    expect(net.count).toBe(1);
    await tick(1);
    expect(net.count).toBe(2);
    await tick(1000);
    expect(net.count).toBe(3);
    await tick(3000);
    expect(net.count).toBe(6);
    expect(seen.values.every((value) => value === undefined)).toBe(true);
  });

  test('stops polling after unmount: no request however far time advances, and no timer left', async () => {
    const { store } = setup({ gc: false });
    answerAll();
    const baseline = jest.getTimerCount();
    function Probe() {
      useSubscription(polled, p5);
      return null;
    }
    const view = renderWith(store, <Probe />);
    await tick(0);
    await tick(1000);
    expect(net.count).toBe(2);
    expect(jest.getTimerCount()).toBeGreaterThan(baseline);
    act(() => view.unmount());
    expect(jest.getTimerCount()).toBe(baseline);
    await tick(1_000_000);
    expect(net.count).toBe(2);
  });

  test('resubscribes when the key changes: the old key stops polling, the new one polls', async () => {
    const { store } = setup({ gc: false });
    answerAll();
    function Probe({ id }: { id: number }) {
      useSubscription(polled, { group: 'react', id });
      return null;
    }
    const view = renderWith(store, <Probe id={5} />);
    await tick(0);
    await tick(1000);
    expect(sentTo(`${A}/react/posts/5`)).toBe(2);
    rerenderWith(view, store, <Probe id={6} />);
    await tick(0);
    expect(sentTo(`${A}/react/posts/6`)).toBe(1);
    await tick(5000);
    expect(sentTo(`${A}/react/posts/5`)).toBe(2);
    expect(sentTo(`${A}/react/posts/6`)).toBe(6);
  });

  test('new argument or endpoint objects with the same key do not resubscribe', async () => {
    const { rest, store } = setup({ gc: false });
    answerAll();
    const subscribe = jest.spyOn(rest, 'subscribe');
    function Probe({ n }: { n: number }) {
      // A new arguments object and a new endpoint object (same key) every render.
      useSubscription(n % 2 === 0 ? polled : PostResource.get.extend({ pollFrequency: 1000 }), { group: 'react', id: 5 });
      return null;
    }
    const view = renderWith(store, <Probe n={0} />);
    await tick(0);
    for (let n = 1; n <= 4; n++) rerenderWith(view, store, <Probe n={n} />);
    await tick(0);
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(net.count).toBe(1);
    await tick(1000);
    expect(net.count).toBe(2);
  });

  test('null subscribes to nothing; switching to arguments subscribes, back to null unsubscribes', async () => {
    const { rest, store } = setup({ gc: false });
    answerAll();
    const subscribe = jest.spyOn(rest, 'subscribe');
    const baseline = jest.getTimerCount();
    function Probe({ on }: { on: boolean }) {
      useSubscription(polled, on ? p5 : null);
      return null;
    }
    const view = renderWith(store, <Probe on={false} />);
    await tick(10_000);
    expect(net.count).toBe(0);
    expect(subscribe).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(baseline);
    rerenderWith(view, store, <Probe on />);
    await tick(0);
    expect(net.count).toBe(1);
    rerenderWith(view, store, <Probe on={false} />);
    expect(jest.getTimerCount()).toBe(baseline);
    await tick(10_000);
    expect(net.count).toBe(1);
  });

  test('StrictMode double effects leave exactly one subscription: one request per period, none after unmount', async () => {
    const { rest, store } = setup({ gc: false });
    answerAll();
    const unsubscribes: jest.Mock[] = [];
    const subscribe = rest.subscribe as (...args: unknown[]) => ReturnType<typeof rest.subscribe>;
    jest.spyOn(rest, 'subscribe').mockImplementation((...args: unknown[]) => {
      const thunk = subscribe(...args);
      return ((dispatch: any, getState: any) => {
        const unsubscribe = jest.fn(thunk(dispatch, getState));
        unsubscribes.push(unsubscribe);
        return unsubscribe;
      }) as unknown as ReturnType<typeof rest.subscribe>;
    });
    function Probe() {
      useSubscription(polled, p5);
      return null;
    }
    const view = renderWith(store, <Probe />, { strict: true });
    await tick(0);
    expect(net.count).toBe(1);
    await tick(1000);
    expect(net.count).toBe(2);
    await tick(1000);
    expect(net.count).toBe(3);
    // Every subscription but one was undone.
    expect(unsubscribes.filter((unsubscribe) => unsubscribe.mock.calls.length === 0)).toHaveLength(1);
    act(() => view.unmount());
    expect(unsubscribes.every((unsubscribe) => unsubscribe.mock.calls.length > 0)).toBe(true);
    await tick(100_000);
    expect(net.count).toBe(3);
  });
});

describe('useLive', () => {
  function LiveTitle({ label }: { label: string }) {
    const post = useLive(polled, p5);
    return (
      <p>
        {label}: {post.title}
      </p>
    );
  }
  function PlainTitle() {
    const post = useSuspense(PostResource.get, p5);
    return <p>plain: {post.title}</p>;
  }

  test('returns the data like useSuspense (suspending first), with one request for fetch and first poll', async () => {
    const { rest, store } = setup({ gc: false });
    const seen = recorder<Post>();
    function Probe() {
      return <p>{seen.record(useLive(polled, p5)).title}</p>;
    }
    renderWith(
      store,
      <Async>
        <Probe />
      </Async>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    (await net.nth(1)).reply(post5);
    await settle();
    expect(screen.getByText('hi')).toBeTruthy();
    expect(seen.last).toBeInstanceOf(Post);
    expect(seen.last).toBe(rest.selectData(store.getState(), PostResource.get, p5));
    // The subscription's first poll (no write yet when it subscribed) joined the fetch in flight.
    expect(net.count).toBe(1);
  });

  test('polls while mounted and mounted views update after a poll brings new data; polling stops on unmount', async () => {
    const { rest, store } = setup({ gc: false });
    await fetchAnswered(store, rest.fetch(PostResource.get, p5), post5);
    let title = 'hi';
    answerAll(() => title);
    const view = renderWith(
      store,
      <Async>
        <LiveTitle label="live" />
        <PlainTitle />
      </Async>,
    );
    expect(screen.getByText('live: hi')).toBeTruthy();
    expect(screen.getByText('plain: hi')).toBeTruthy();
    expect(net.count).toBe(1);
    title = 'polled once';
    await tick(1000);
    expect(net.count).toBe(2);
    expect(screen.getByText('live: polled once')).toBeTruthy();
    expect(screen.getByText('plain: polled once')).toBeTruthy();
    title = 'polled twice';
    await tick(1000);
    expect(net.count).toBe(3);
    expect(screen.getByText('live: polled twice')).toBeTruthy();
    expect(screen.getByText('plain: polled twice')).toBeTruthy();
    act(() => view.unmount());
    await tick(100_000);
    expect(net.count).toBe(3);
  });

  test('null returns undefined, fetches nothing and subscribes to nothing', async () => {
    const { rest, store } = setup({ gc: false });
    answerAll();
    const subscribe = jest.spyOn(rest, 'subscribe');
    const seen = recorder<Post | undefined>();
    function Probe() {
      seen.record(useLive(polled, null));
      return <p>rendered</p>;
    }
    renderWith(
      store,
      <Async>
        <Probe />
      </Async>,
    );
    await tick(10_000);
    expect(screen.getByText('rendered')).toBeTruthy();
    expect(seen.values.every((value) => value === undefined)).toBe(true);
    expect(subscribe).not.toHaveBeenCalled();
    expect(net.count).toBe(0);
  });
});

describe('the pollingInterval hook option', () => {
  test('useSubscription polls at the pollingInterval given after the arguments, and a new interval applies at once', async () => {
    const { store } = setup({ gc: false });
    answerAll();
    function Probe({ every }: { every: number }) {
      useSubscription(PostResource.get, p5, { pollingInterval: every });
      return null;
    }
    const view = renderWith(store, <Probe every={500} />);
    await tick(0);
    expect(net.count).toBe(1);
    await tick(500);
    expect(net.count).toBe(2);
    await tick(500);
    expect(net.count).toBe(3);
    // A slower rate chosen at run time: due 2 000 ms after the last poll, not at once.
    rerenderWith(view, store, <Probe every={2000} />);
    await tick(1999);
    expect(net.count).toBe(3);
    await tick(1);
    expect(net.count).toBe(4);
  });

  test('pollingInterval 0 turns polling off, also over the endpoint\'s pollFrequency; turning it back on polls at once when the data is older than the interval', async () => {
    const { store } = setup({ gc: false });
    answerAll();
    function Probe({ every }: { every: number }) {
      useSubscription(polled, p5, { pollingInterval: every });
      return null;
    }
    const view = renderWith(store, <Probe every={0} />);
    await tick(0);
    // Subscribed without polling: nothing is sent, however long.
    await tick(10_000);
    expect(net.count).toBe(0);
    rerenderWith(view, store, <Probe every={3000} />);
    await tick(0);
    expect(net.count).toBe(1);
    rerenderWith(view, store, <Probe every={0} />);
    await tick(10_000);
    expect(net.count).toBe(1);
    // The data is 10 s old, older than the 3 s interval: the poll is due at once.
    rerenderWith(view, store, <Probe every={3000} />);
    await tick(0);
    expect(net.count).toBe(2);
  });

  test('useLive takes the option too, and returns the data', async () => {
    const { store } = setup({ gc: false });
    answerAll();
    const seen = recorder<Post>();
    function Probe() {
      return <p>{seen.record(useLive(PostResource.get, p5, { pollingInterval: 250 })).title}</p>;
    }
    renderWith(
      store,
      <Async>
        <Probe />
      </Async>,
    );
    await settle();
    expect(screen.getByText('hi')).toBeTruthy();
    expect(net.count).toBe(1);
    await tick(250);
    expect(net.count).toBe(2);
    expect(seen.last).toBeInstanceOf(Post);
  });

  test('an invalid pollingInterval throws a RangeError naming the hook and the option', () => {
    const { store } = setup({ gc: false });
    function Probe() {
      useSubscription(PostResource.get, p5, { pollingInterval: -1 });
      return null;
    }
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderWith(store, <Probe />)).toThrow(/\[rtk-rest\] useSubscription\(.*\): pollingInterval must be a finite number of ms ≥ 0/);
  });
});
