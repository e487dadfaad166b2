/**
 * The example server's server-sent events route. Every client connected to
 * `GET /api/:group/posts/events` gets each post created in that group, by any client; a client
 * that goes away is forgotten (the control route counts the open streams).
 */
import { startServer } from '../../example-app/server';
import type { RunningServer } from '../../example-app/server';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0 });
});
afterEach(() => server.reset());
afterAll(() => server.close());

/** One event of a `text/event-stream`: its fields as sent. */
interface SseEvent {
  event?: string;
  id?: string;
  data: string;
}

/** A client of the events route, reading its stream with fetch (Node has no EventSource). */
interface Listener {
  response: Response;
  /** Resolves with the next event, reading more of the stream when none is buffered. */
  next(): Promise<SseEvent>;
  close(): void;
}

async function listen(group: string): Promise<Listener> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/${group}/posts/events`, { signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const events: SseEvent[] = [];
  /** Splits the buffer into complete events (a blank line ends one); comment lines and `retry` are skipped. */
  const parse = () => {
    let end: number;
    while ((end = buffered.indexOf('\n\n')) !== -1) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const fields = block.split('\n').filter((line) => line !== '' && !line.startsWith(':'));
      const data = fields.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6));
      if (data.length === 0) continue;
      const field = (name: string) => fields.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
      events.push({ event: field('event'), id: field('id'), data: data.join('\n') });
    }
  };
  return {
    response,
    async next() {
      while (events.length === 0) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the event stream ended');
        buffered += decoder.decode(value, { stream: true });
        parse();
      }
      return events.shift()!;
    },
    close: () => controller.abort(),
  };
}

async function openStreams(): Promise<number> {
  const response = await fetch(`${server.url}/api/_control/events`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { clients: number }).clients;
}

/** Asks the control route until it counts `clients` (a closed connection reaches the server a moment later); bounded. */
async function untilOpenStreams(clients: number): Promise<void> {
  let seen = await openStreams();
  for (let attempt = 0; seen !== clients && attempt < 200; attempt++) {
    await new Promise((resolve) => setImmediate(resolve));
    seen = await openStreams();
  }
  expect(seen).toBe(clients);
}

async function login(username = 'ada'): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'password' }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function createPost(group: string, title: string, token: string): Promise<any> {
  const response = await fetch(`${server.url}/api/${group}/posts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Access-Token': token },
    body: JSON.stringify({ title, body: 'pushed' }),
  });
  expect(response.status).toBe(201);
  return response.json();
}

describe('GET /api/:group/posts/events (server-sent events)', () => {
  test('answers an open text/event-stream that nothing caches', async () => {
    const client = await listen('react');
    expect(client.response.status).toBe(200);
    expect(client.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(client.response.headers.get('cache-control')).toBe('no-store');
    expect(client.response.headers.get('access-control-allow-origin')).toBe('*');
    client.close();
    await untilOpenStreams(0);
  });

  test('every connected client of the group gets each new post, as the POST answered it; other groups get nothing', async () => {
    const first = await listen('react');
    const second = await listen('react');
    const elsewhere = await listen('vue');
    await expect(openStreams()).resolves.toBe(3);
    const token = await login('grace');
    const created = await createPost('react', 'Pushed to everyone', token);
    const [one, two] = await Promise.all([first.next(), second.next()]);
    for (const event of [one, two]) {
      expect(event.event).toBeUndefined();
      expect(event.id).toBe(String(created.id));
      expect(JSON.parse(event.data)).toEqual(created);
    }
    expect(created).toMatchObject({ title: 'Pushed to everyone', group: 'react', author: { username: 'grace' } });
    // A post of the other group: the vue client gets it, and it is the first thing it gets.
    const vue = await createPost('vue', 'Only for vue', token);
    await expect(elsewhere.next().then((event) => JSON.parse(event.data))).resolves.toEqual(vue);
    // The react clients see the next react post, not the vue one.
    const next = await createPost('react', 'Second', token);
    await expect(first.next().then((event) => JSON.parse(event.data).id)).resolves.toBe(next.id);
    for (const client of [first, second, elsewhere]) client.close();
    await untilOpenStreams(0);
  });

  test('a client that disconnects is forgotten: no listener is left and later posts go to the others only', async () => {
    const token = await login();
    const clients = await Promise.all(Array.from({ length: 5 }, () => listen('react')));
    await expect(openStreams()).resolves.toBe(5);
    for (const client of clients.slice(0, 4)) client.close();
    await untilOpenStreams(1);
    const created = await createPost('react', 'After the others left', token);
    await expect(clients[4]!.next().then((event) => JSON.parse(event.data).id)).resolves.toBe(created.id);
    clients[4]!.close();
    await untilOpenStreams(0);
  });

  test('connecting never takes an armed failure, and a reset keeps the clients connected', async () => {
    const client = await listen('react');
    await fetch(`${server.url}/api/_control/fail-next`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ count: 1 }) });
    const another = await listen('react');
    expect(another.response.status).toBe(200);
    // The armed failure is still there for the next ordinary request.
    expect((await fetch(`${server.url}/api/react/posts`)).status).toBe(500);
    server.reset();
    await expect(openStreams()).resolves.toBe(2);
    const created = await createPost('react', 'After a reset', await login());
    await expect(client.next().then((event) => JSON.parse(event.data).id)).resolves.toBe(created.id);
    client.close();
    another.close();
    await untilOpenStreams(0);
  });

  test('closing the server ends the open streams', async () => {
    const own = await startServer({ port: 0 });
    const response = await fetch(`${own.url}/api/react/posts/events`);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    await own.close();
    // What was already sent (the retry hint) may still be read; then the stream ends.
    const ended = async () => {
      for (let chunk = 0; chunk < 10; chunk++) if ((await reader.read()).done) return true;
      return false;
    };
    await expect(ended().catch(() => true)).resolves.toBe(true);
  });
});
