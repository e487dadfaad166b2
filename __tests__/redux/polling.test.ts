import { createResource } from 'rtk-rest';
import { A, K, Post, PostResource, flush, net, p5, post5, setup, useTestEnvironment } from './support';

// Subscriptions and polling.
useTestEnvironment();

const getPost = (pollFrequency?: number) => (pollFrequency === undefined ? PostResource.get : PostResource.get.extend({ pollFrequency }));

/** Advances fake time by `ms`, then lets the requests and commits it triggered settle. */
async function tick(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
  await flush();
}

/** Answers every request with post 5, stamped with the fake clock at answer time. */
function answerAll(): void {
  net.autoRespond(() => new Response(JSON.stringify(post5), { headers: { 'content-type': 'application/json' } }));
}

describe('subscribe', () => {
  it('returns unsubscribe; a second call does nothing; without pollFrequency nothing polls', async () => {
    const { rest, store } = setup();
    const baseline = jest.getTimerCount();
    const unsubscribe = store.dispatch(rest.subscribe(getPost(), p5));
    expect(typeof unsubscribe).toBe('function');
    expect(jest.getTimerCount()).toBe(baseline);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(net.count).toBe(0);
    unsubscribe();
    expect(() => unsubscribe()).not.toThrow();
  });
});

describe('interval and due time', () => {
  it('with no write yet the first poll is due at once, then at the last write + interval', async () => {
    const { rest, store } = setup();
    answerAll();
    const unsubscribe = store.dispatch(rest.subscribe(getPost(1000), p5));
    await tick(0);
    expect(net.count).toBe(1);
    expect(net.requests[0]!.url).toBe(`${A}/react/posts/5`);
    const date = (store.getState() as any).rest.meta[K.post5].date as number;
    await jest.advanceTimersByTimeAsync(date + 999 - Date.now());
    expect(net.count).toBe(1);
    await tick(1);
    expect(net.count).toBe(2);
    unsubscribe();
  });

  it('the interval is the minimum pollFrequency of the subscribers; removing one reschedules', async () => {
    const { rest, store } = setup();
    answerAll();
    const slow = store.dispatch(rest.subscribe(getPost(5000), p5));
    const fast = store.dispatch(rest.subscribe(getPost(1000), p5));
    await tick(0);
    expect(net.count).toBe(1);
    await tick(1000);
    expect(net.count).toBe(2);
    fast();
    await tick(4000);
    expect(net.count).toBe(2);
    await tick(1000);
    expect(net.count).toBe(3);
    slow();
  });

  it('any write to the key moves the due time', async () => {
    const { rest, store } = setup();
    answerAll();
    const unsubscribe = store.dispatch(rest.subscribe(getPost(1000), p5));
    await tick(0);
    expect(net.count).toBe(1);
    await jest.advanceTimersByTimeAsync(600);
    store.dispatch(rest.setResponse(PostResource.get, p5, post5));
    await tick(600);
    expect(net.count).toBe(1);
    await tick(400);
    expect(net.count).toBe(2);
    unsubscribe();
  });
});

describe('a poll is a de-duplicated read whose errors are soft', () => {
  it('a due poll joins a read in flight', async () => {
    const { rest, store } = setup();
    void store.dispatch(rest.fetch(PostResource.get, p5));
    const unsubscribe = store.dispatch(rest.subscribe(getPost(1000), p5));
    await tick(0);
    expect(net.count).toBe(1);
    unsubscribe();
  });

  it('a failed poll is stored with errorPolicy soft and rejects no caller', async () => {
    const { rest, store } = setup();
    net.autoRespond(() => new Response('{}', { status: 500, statusText: 'Internal Server Error', headers: { 'content-type': 'application/json' } }));
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    const unsubscribe = store.dispatch(rest.subscribe(getPost(1000), p5));
    await tick(0);
    const meta = (store.getState() as any).rest.meta[K.post5];
    expect(meta.error).toMatchObject({ name: 'NetworkError', status: 500 });
    expect(meta.errorPolicy).toBe('soft');
    await flush();
    expect(unhandled).not.toHaveBeenCalled();
    process.off('unhandledRejection', unhandled);
    unsubscribe();
  });
});

describe('a poll that writes nothing', () => {
  it('a poll aborted by its endpoint signal waits an interval before the next one (no busy loop)', async () => {
    const { rest, store } = setup();
    answerAll();
    const aborted = new AbortController();
    aborted.abort();
    const baseline = jest.getTimerCount();
    const unsubscribe = store.dispatch(rest.subscribe(PostResource.get.extend({ pollFrequency: 1000, signal: aborted.signal }), p5));
    await tick(0);
    expect(net.count).toBe(1);
    expect((store.getState() as any).rest.meta[K.post5]?.date).toBeUndefined(); // the abort wrote nothing
    await tick(999);
    expect(net.count).toBe(1);
    await tick(1);
    expect(net.count).toBe(2);
    await tick(1000);
    expect(net.count).toBe(3);
    unsubscribe();
    expect(jest.getTimerCount()).toBe(baseline);
  });
});

describe('the last unsubscribe clears every timer of the key', () => {
  it('jest.getTimerCount() is back at its baseline and no further poll is sent', async () => {
    const { rest, store } = setup();
    answerAll();
    const baseline = jest.getTimerCount();
    const a = store.dispatch(rest.subscribe(getPost(1000), p5));
    const b = store.dispatch(rest.subscribe(getPost(2000), p5));
    await tick(0);
    expect(jest.getTimerCount()).toBe(baseline + 1);
    a();
    b();
    expect(jest.getTimerCount()).toBe(baseline);
    const sent = net.count;
    await jest.advanceTimersByTimeAsync(10_000);
    expect(net.count).toBe(sent);
  });
});

/** An injectable environment (createRest's `environment` option) that the test switches. */
function fakeEnvironment(online = true, visible = true) {
  const listeners = new Set<() => void>();
  const env = {
    online,
    visible,
    isOnline: () => env.online,
    isVisible: () => env.visible,
    listen(onChange: () => void) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    listeners,
    set(change: { online?: boolean; visible?: boolean }) {
      Object.assign(env, change);
      for (const listener of [...listeners]) listener();
    },
  };
  return env;
}

describe('offline and hidden', () => {
  it('no poll timer runs while offline; on `online` a stale subscribed key refetches at once, then polling resumes', async () => {
    const env = fakeEnvironment();
    const { rest, store } = setup({ environment: env });
    answerAll();
    const baseline = jest.getTimerCount();
    const unsubscribe = store.dispatch(rest.subscribe(getPost(1000), p5));
    await tick(0);
    expect(net.count).toBe(1);
    env.set({ online: false });
    expect(jest.getTimerCount()).toBe(baseline);
    await tick(120_000);
    expect(net.count).toBe(1);
    env.set({ online: true });
    await tick(0);
    // The data expired while offline (60 s default expiry): fetched at once.
    expect(net.count).toBe(2);
    await tick(1000);
    expect(net.count).toBe(3);
    unsubscribe();
    expect(jest.getTimerCount()).toBe(baseline);
  });

  it('coming back online with fresh data fetches nothing at once; the poll stays due at last write + interval', async () => {
    const env = fakeEnvironment();
    const { rest, store } = setup({ environment: env });
    answerAll();
    const unsubscribe = store.dispatch(rest.subscribe(getPost(10_000), p5));
    await tick(0);
    env.set({ online: false });
    await tick(2000);
    env.set({ online: true });
    await tick(0);
    expect(net.count).toBe(1);
    await tick(8000);
    expect(net.count).toBe(2);
    unsubscribe();
  });

  it('a hidden document pauses polling by default and refetches stale keys when visible again', async () => {
    const env = fakeEnvironment(true, false);
    const { rest, store } = setup({ environment: env });
    answerAll();
    const unsubscribe = store.dispatch(rest.subscribe(getPost(1000), p5));
    await tick(5000);
    expect(net.count).toBe(0);
    env.set({ visible: true });
    await tick(0);
    expect(net.count).toBe(1);
    await tick(1000);
    expect(net.count).toBe(2);
    unsubscribe();
  });

  it('pollWhenHidden: true keeps polling while hidden (but not while offline)', async () => {
    const env = fakeEnvironment(true, false);
    const { rest, store } = setup({ environment: env, pollWhenHidden: true });
    answerAll();
    const unsubscribe = store.dispatch(rest.subscribe(getPost(1000), p5));
    await tick(0);
    await tick(1000);
    expect(net.count).toBe(2);
    env.set({ online: false });
    await tick(5000);
    expect(net.count).toBe(2);
    unsubscribe();
  });

  it('event listeners exist only while a subscription does', async () => {
    const env = fakeEnvironment();
    const { rest, store } = setup({ environment: env });
    answerAll();
    expect(env.listeners.size).toBe(0);
    const a = store.dispatch(rest.subscribe(getPost(1000), p5));
    const b = store.dispatch(rest.subscribe(getPost(), { group: 'react', id: 6 }));
    expect(env.listeners.size).toBe(1);
    a();
    expect(env.listeners.size).toBe(1);
    b();
    expect(env.listeners.size).toBe(0);
  });

  it('the default environment is online and visible without window or document (Node)', async () => {
    const { rest, store } = setup();
    answerAll();
    const unsubscribe = store.dispatch(rest.subscribe(getPost(1000), p5));
    await tick(0);
    await tick(1000);
    expect(net.count).toBe(2);
    unsubscribe();
  });
});

describe('a subscription whose urlPrefix function moved to another root', () => {
  it("polls no more under its old key: the new root's answer is never stored as the old root's", async () => {
    let root = 'https://acme.example.com';
    const Tenant = createResource({ path: '/posts/:id', schema: Post, urlPrefix: () => root });
    const polled = Tenant.get.extend({ pollFrequency: 1000 });
    const { rest, store } = setup();
    net.autoRespond((request) => new Response(JSON.stringify({ ...post5, title: request.url }), { headers: { 'content-type': 'application/json' } }));
    const oldKey = polled.key({ id: 5 });
    const unsubscribe = store.dispatch(rest.subscribe(polled, { id: 5 }));
    await tick(0);
    expect(net.requests.map((request) => request.url)).toEqual(['https://acme.example.com/posts/5']);
    // The tenant changes as the recipe does it (root first, then the reset), before the subscriber re-subscribes.
    root = 'https://globex.example.com';
    store.dispatch(rest.resetEntireStore());
    await tick(0);
    await tick(1000);
    expect(net.requests.map((request) => request.url)).toEqual(['https://acme.example.com/posts/5']);
    expect((store.getState() as any).rest.endpoints[oldKey]).toBeUndefined();
    unsubscribe();
    // Subscribed again under the new root, it polls the new root.
    const again = store.dispatch(rest.subscribe(polled, { id: 5 }));
    await tick(0);
    expect(net.requests.at(-1)!.url).toBe('https://globex.example.com/posts/5');
    again();
  });
});
