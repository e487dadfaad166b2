import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../example-app/server';
import type { RunningServer } from '../../example-app/server';
import { parseMultipart } from '../../example-app/server/form';

const START = Date.parse('2025-06-01T12:00:00.000Z');
const TTL = 30 * 60 * 1000;
let clock = START;
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, now: () => clock });
});
afterEach(() => {
  server.reset();
  clock = START;
});
afterAll(() => server.close());

type Json = any;

function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(server.url + path, init);
}

async function send(method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<Response> {
  return api(path, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { 'Access-Token': token } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function getJson(path: string): Promise<Json> {
  const res = await api(path);
  expect(res.status).toBe(200);
  return res.json();
}

function loginForm(username: string, password: string): FormData {
  const form = new FormData();
  form.append('username', username);
  form.append('password', password);
  return form;
}

async function login(username = 'ada'): Promise<string> {
  const res = await api('/api/login', { method: 'POST', body: loginForm(username, 'password') });
  expect(res.status).toBe(200);
  return ((await res.json()) as Json).access_token;
}

async function expectError(res: Response, status: number, message: string): Promise<void> {
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual({ message });
}

const USER_KEYS = ['created_at', 'display_name', 'id', 'username'];
const POST_KEYS = ['author', 'body', 'created_at', 'group', 'id', 'like_count', 'rating', 'title', 'updated_at'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('users', () => {
  test('GET /api/users lists the seed users, snake_case, without passwords', async () => {
    const users: Json[] = await getJson('/api/users');
    expect(users.map((u) => u.username)).toEqual(['ada', 'grace', 'alan', 'margaret']);
    for (const user of users) expect(Object.keys(user).sort()).toEqual(USER_KEYS);
    expect(users[0]).toEqual({ id: 1, username: 'ada', display_name: 'Ada Lovelace', created_at: '2024-01-08T09:15:00.000Z' });
  });

  test('GET /api/users/:id answers the user, or 404 with a message', async () => {
    expect((await getJson('/api/users/2')).display_name).toBe('Grace Hopper');
    await expectError(await api('/api/users/99'), 404, 'No user 99');
  });

  test('the credentials table and json-server’s other routes are not served', async () => {
    for (const path of ['/api/credentials', '/api/db', '/api/posts', '/api/comments', '/api/users/1/posts']) {
      const res = await api(path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('password');
    }
  });
});

describe('posts: reads', () => {
  test('a page of the group newest first (descending id), so a new post is on page 1, with X-Total-Count and an absolute Link to the next page', async () => {
    const res = await api('/api/react/posts');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('12');
    expect(res.headers.get('link')).toBe(`<${server.url}/api/react/posts?page=2>; rel="next"`);
    expect(((await res.json()) as Json[]).map((p) => p.id)).toEqual([12, 11, 10, 9, 8]);
  });

  test('following Link pages through to a last page without Link', async () => {
    const ids: number[] = [];
    let next: string | null = `${server.url}/api/react/posts`;
    let pages = 0;
    while (next) {
      const res: Response = await fetch(next);
      ids.push(...((await res.json()) as Json[]).map((p) => p.id));
      next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
      pages++;
    }
    expect(pages).toBe(3);
    expect(ids).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect((await api('/api/react/posts?page=3')).headers.get('link')).toBeNull();
    expect(await getJson('/api/react/posts?page=9')).toEqual([]);
  });

  test('?author= filters by username and the Link keeps the other query parameters', async () => {
    const res = await api('/api/react/posts?author=ada');
    expect(res.headers.get('x-total-count')).toBe('6');
    expect(res.headers.get('link')).toBe(`<${server.url}/api/react/posts?author=ada&page=2>; rel="next"`);
    const first = (await res.json()) as Json[];
    expect(first.map((p) => p.id)).toEqual([11, 9, 7, 5, 3]);
    expect(first.every((p) => p.author.username === 'ada')).toBe(true);
    const last = await api('/api/react/posts?author=ada&page=2');
    expect(last.headers.get('link')).toBeNull();
    expect(((await last.json()) as Json[]).map((p) => p.id)).toEqual([1]);
    expect(await getJson('/api/react/posts?author=nobody')).toEqual([]);
  });

  test('posts are expanded, snake_case, with a decimal rating as a string', async () => {
    const posts: Json[] = await getJson('/api/redux/posts');
    expect(posts.map((p) => p.id)).toEqual([15, 14, 13]);
    for (const post of posts) {
      expect(Object.keys(post).sort()).toEqual(POST_KEYS);
      expect(Object.keys(post.author).sort()).toEqual(USER_KEYS);
      expect(post.group).toBe('redux');
      expect(post.rating).toMatch(/^\d+\.\d{2}$/);
      expect(typeof post.like_count).toBe('number');
      expect(post.created_at).toMatch(ISO);
      expect(post.updated_at).toMatch(ISO);
    }
    expect(posts[2]).toMatchObject({ rating: '4.50', like_count: 184, author: { id: 2, username: 'grace' } });
  });

  test('the pageSize option sets the page length', async () => {
    const small = await startServer({ port: 0, pageSize: 2 });
    try {
      const res = await fetch(`${small.url}/api/redux/posts?page=1`);
      expect(((await res.json()) as Json[]).map((p) => p.id)).toEqual([15, 14]);
      expect(res.headers.get('link')).toBe(`<${small.url}/api/redux/posts?page=2>; rel="next"`);
      expect((await fetch(`${small.url}/api/redux/posts?page=2`)).headers.get('link')).toBeNull();
    } finally {
      await small.close();
    }
  });

  test('an unknown group has no posts; a bad page is a 400', async () => {
    const res = await api('/api/vue/posts');
    expect(res.headers.get('x-total-count')).toBe('0');
    expect(await res.json()).toEqual([]);
    await expectError(await api('/api/react/posts?page=0'), 400, 'page must be a positive integer');
  });

  test('GET /api/:group/posts/:id answers the expanded post; another group’s post or a bad id is a 404', async () => {
    const post = await getJson('/api/react/posts/3');
    expect(post).toMatchObject({ id: 3, group: 'react', author: { username: 'ada' } });
    expect(post).not.toHaveProperty('author_id');
    await expectError(await api('/api/redux/posts/3'), 404, 'No post 3 in redux');
    await expectError(await api('/api/react/posts/99'), 404, 'No post 99 in react');
    await expectError(await api('/api/react/posts/abc'), 404, 'No post abc in react');
  });

  test('GET comments answers expanded comments of the post, or 404 for an absent post', async () => {
    const comments: Json[] = await getJson('/api/react/posts/1/comments');
    expect(comments.map((c) => c.id)).toEqual([1, 2, 3]);
    for (const comment of comments) {
      expect(Object.keys(comment).sort()).toEqual(['author', 'body', 'created_at', 'id', 'post_id']);
      expect(comment.post_id).toBe(1);
    }
    expect(comments[0].author.username).toBe('grace');
    expect(await getJson('/api/react/posts/3/comments')).toEqual([]);
    expect((await api('/api/redux/posts/1/comments')).status).toBe(404);
  });
});

describe('login and logout', () => {
  test('a multipart FormData login answers a token, its expiry and the user', async () => {
    const res = await api('/api/login', { method: 'POST', body: loginForm('grace', 'password') });
    expect(res.status).toBe(200);
    const body: Json = await res.json();
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.expires_at).toBe(new Date(START + TTL).toISOString());
    expect(body.user).toEqual({ id: 2, username: 'grace', display_name: 'Grace Hopper', created_at: '2024-01-12T14:40:00.000Z' });
  });

  test('an urlencoded login works too', async () => {
    const res = await api('/api/login', { method: 'POST', body: new URLSearchParams({ username: 'alan', password: 'password' }) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).user.username).toBe('alan');
  });

  test('wrong credentials are a 401', async () => {
    await expectError(await api('/api/login', { method: 'POST', body: loginForm('ada', 'nope') }), 401, 'Wrong username or password');
    await expectError(await api('/api/login', { method: 'POST', body: loginForm('nobody', 'password') }), 401, 'Wrong username or password');
    await expectError(await api('/api/login', { method: 'POST' }), 401, 'Wrong username or password');
  });

  test('logout answers 204 and the token stops working', async () => {
    const token = await login();
    expect((await send('POST', '/api/logout', undefined, token)).status).toBe(204);
    await expectError(await send('POST', '/api/react/posts/1/like', undefined, token), 401, 'Log in to do this');
  });

  test('the multipart parser keeps text fields as sent and skips files', () => {
    const body = [
      '--XyZ',
      'Content-Disposition: form-data; name="title"',
      '',
      'two\r\nlines',
      '--XyZ',
      'Content-Disposition: form-data; name="file"; filename="a.txt"',
      'Content-Type: text/plain',
      '',
      'file content',
      '--XyZ',
      'content-disposition: form-data; name="empty"',
      '',
      '',
      '--XyZ--',
      '',
    ].join('\r\n');
    expect(parseMultipart(body, 'XyZ')).toEqual({ title: 'two\r\nlines', empty: '' });
  });
});

describe('auth on writes', () => {
  test('writes without a token or with an unknown one are 401 and change nothing', async () => {
    await expectError(await send('POST', '/api/react/posts', { title: 'x' }), 401, 'Log in to do this');
    await expectError(await send('PATCH', '/api/react/posts/1', { title: 'x' }, 'bogus'), 401, 'Log in to do this');
    await expectError(await send('DELETE', '/api/react/posts/1'), 401, 'Log in to do this');
    await expectError(await send('POST', '/api/react/posts/1/like', undefined, 'bogus'), 401, 'Log in to do this');
    await expectError(await send('POST', '/api/logout'), 401, 'Log in to do this');
    expect((await getJson('/api/react/posts/1')).title).toBe('Lifting state up without losing your mind');
    expect((await api('/api/react/posts')).headers.get('x-total-count')).toBe('12');
  });

  test('a token expires once older than the TTL, by the injected clock', async () => {
    const token = await login();
    clock = START + TTL;
    expect((await send('POST', '/api/react/posts/1/like', undefined, token)).status).toBe(200);
    clock = START + TTL + 1;
    await expectError(await send('POST', '/api/react/posts/1/like', undefined, token), 401, 'Your session expired. Log in again.');
    expect((await getJson('/api/react/posts/1')).like_count).toBe(129);
  });

  test('POST /api/_control/expire-tokens expires every token', async () => {
    const ada = await login('ada');
    const alan = await login('alan');
    expect((await send('POST', '/api/_control/expire-tokens')).status).toBe(204);
    for (const token of [ada, alan]) {
      await expectError(await send('POST', '/api/react/posts', { title: 'x' }, token), 401, 'Your session expired. Log in again.');
    }
    expect((await send('POST', '/api/react/posts', { title: 'x' }, await login())).status).toBe(201);
  });

  test('the tokenTtlMs option sets the lifetime', async () => {
    const short = await startServer({ port: 0, now: () => clock, tokenTtlMs: 1000 });
    try {
      const res = await fetch(`${short.url}/api/login`, { method: 'POST', body: loginForm('ada', 'password') });
      const { access_token: token, expires_at } = (await res.json()) as Json;
      expect(expires_at).toBe(new Date(START + 1000).toISOString());
      clock = START + 1001;
      const like = await fetch(`${short.url}/api/react/posts/1/like`, { method: 'POST', headers: { 'Access-Token': token } });
      expect(like.status).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('the signed-in user', () => {
  test('GET /api/me answers the token\u2019s user, each token its own', async () => {
    const ada = await login('ada');
    const grace = await login('grace');
    const me = async (token: string) => (await send('GET', '/api/me', undefined, token)).json();
    await expect(me(ada)).resolves.toMatchObject({ username: 'ada', display_name: 'Ada Lovelace' });
    await expect(me(grace)).resolves.toMatchObject({ username: 'grace', display_name: 'Grace Hopper' });
  });

  test('GET /api/me without a token, with an unknown or an expired one is a 401', async () => {
    await expectError(await send('GET', '/api/me'), 401, 'Log in to do this');
    await expectError(await send('GET', '/api/me', undefined, 'bogus'), 401, 'Log in to do this');
    const token = await login();
    clock = START + TTL + 1;
    await expectError(await send('GET', '/api/me', undefined, token), 401, 'Your session expired. Log in again.');
  });
});

describe('slow answers', () => {
  test('X-Delay: the answer waits for the server\u2019s wait of that many ms; control routes never wait', async () => {
    const events: string[] = [];
    let open: () => void = () => undefined;
    const slow = await startServer({
      port: 0,
      wait: (ms) => {
        events.push(`wait ${ms}`);
        return new Promise<void>((resolve) => (open = resolve));
      },
    });
    try {
      const answer = fetch(`${slow.url}/api/react/posts/1`, { headers: { 'X-Delay': '800' } }).then(async (res) => {
        events.push(`answered ${res.status}`);
        return res.json();
      });
      while (events.length === 0) await new Promise((resolve) => setImmediate(resolve));
      await fetch(`${slow.url}/api/_control/reset`, { method: 'POST', headers: { 'X-Delay': '800' } });
      events.push('opened');
      open();
      await expect(answer).resolves.toMatchObject({ id: 1 });
      expect(events).toEqual(['wait 800', 'opened', 'answered 200']);
    } finally {
      await slow.close();
    }
  });

  test('an X-Delay that is not a whole number of ms up to 10 s is a 400', async () => {
    for (const value of ['-1', '1.5', 'soon', '10001']) {
      await expectError(await api('/api/react/posts', { headers: { 'X-Delay': value } }), 400, 'X-Delay must be an integer number of milliseconds from 0 to 10000');
    }
    expect((await api('/api/react/posts', { headers: { 'X-Delay': '0' } })).status).toBe(200);
  });
});

describe('posts: writes', () => {
  test('POST creates a post by the token’s user, stamped with now', async () => {
    const token = await login('margaret');
    clock = START + 5000;
    const res = await send('POST', '/api/react/posts', { title: 'New', body: 'Hello' }, token);
    expect(res.status).toBe(201);
    const now = new Date(START + 5000).toISOString();
    const post: Json = await res.json();
    expect(post).toEqual({
      id: 16,
      group: 'react',
      title: 'New',
      body: 'Hello',
      author: { id: 4, username: 'margaret', display_name: 'Margaret Hamilton', created_at: '2024-02-02T16:30:00.000Z' },
      created_at: now,
      updated_at: now,
      like_count: 0,
      rating: '0.00',
    });
    expect(await getJson('/api/react/posts/16')).toEqual(post);
    expect((await api('/api/react/posts')).headers.get('x-total-count')).toBe('13');
    // Newest first: the new post opens page 1, where the app shows it.
    expect((await getJson('/api/react/posts'))[0]).toEqual(post);
  });

  test('POST without a title, or with an empty one, is a 400 and creates nothing', async () => {
    const token = await login();
    await expectError(await send('POST', '/api/react/posts', { body: 'no title' }, token), 400, 'title is required');
    await expectError(await send('POST', '/api/react/posts', { title: '  ', body: 'x' }, token), 400, 'title must be a non-empty string');
    await expectError(await send('POST', '/api/react/posts', { title: 'x', body: 3 }, token), 400, 'body must be a string');
    expect((await api('/api/react/posts')).headers.get('x-total-count')).toBe('12');
  });

  test('PATCH changes the given fields and updated_at', async () => {
    const token = await login();
    clock = START + 60_000;
    const res = await send('PATCH', '/api/react/posts/2', { title: 'Renamed' }, token);
    expect(res.status).toBe(200);
    const post: Json = await res.json();
    expect(post).toMatchObject({ id: 2, title: 'Renamed', created_at: '2024-03-04T09:07:00.000Z', updated_at: new Date(START + 60_000).toISOString() });
    expect(post.body).toMatch(/^Strict mode/);
    expect(await getJson('/api/react/posts/2')).toEqual(post);
    await expectError(await send('PATCH', '/api/react/posts/2', { title: '' }, token), 400, 'title must be a non-empty string');
    await expectError(await send('PATCH', '/api/redux/posts/2', { title: 'x' }, token), 404, 'No post 2 in redux');
  });

  test('PUT requires a title', async () => {
    const token = await login();
    await expectError(await send('PUT', '/api/redux/posts/13', { body: 'only a body' }, token), 400, 'title is required');
    const res = await send('PUT', '/api/redux/posts/13', { title: 'Put', body: 'Replaced' }, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 13, title: 'Put', body: 'Replaced', updated_at: new Date(START).toISOString() });
  });

  test('DELETE answers { id }, removes the post and its comments; an absent post is a 404', async () => {
    const token = await login();
    const res = await send('DELETE', '/api/redux/posts/14', undefined, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 14 });
    expect((await api('/api/redux/posts/14')).status).toBe(404);
    await expectError(await send('DELETE', '/api/redux/posts/14', undefined, token), 404, 'No post 14 in redux');
    // With 14 and 15 gone the next post reuses id 14: none of the old post's comments remain.
    expect((await send('DELETE', '/api/redux/posts/15', undefined, token)).status).toBe(200);
    const created: Json = await (await send('POST', '/api/redux/posts', { title: 'Reborn' }, token)).json();
    expect(created.id).toBe(14);
    expect(await getJson('/api/redux/posts/14/comments')).toEqual([]);
  });

  test('three likes add exactly three', async () => {
    const token = await login();
    const counts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await send('POST', '/api/react/posts/6/like', undefined, token);
      expect(res.status).toBe(200);
      const body: Json = await res.json();
      expect(Object.keys(body).sort()).toEqual(['id', 'like_count']);
      counts.push(body.like_count);
    }
    expect(counts).toEqual([154, 155, 156]);
    expect((await getJson('/api/react/posts/6')).like_count).toBe(156);
    await expectError(await send('POST', '/api/redux/posts/6/like', undefined, token), 404, 'No post 6 in redux');
  });
});

describe('stats', () => {
  test('GET /api/stats changes with the clock', async () => {
    const first = await getJson('/api/stats');
    expect(first).toEqual({ id: 'site', visitors: expect.any(Number), online: expect.any(Number), updated_at: new Date(START).toISOString() });
    clock = START + 3000;
    const later = await getJson('/api/stats');
    expect(later.visitors).toBe(first.visitors + 3);
    expect(later.online).not.toBe(first.online);
    expect(later.updated_at).toBe(new Date(START + 3000).toISOString());
    for (const stats of [first, later]) expect(stats.online).toBeGreaterThan(0);
  });
});

describe('failure switch', () => {
  test('X-Fail answers that status and a failed write changes nothing', async () => {
    const token = await login();
    await expectError(await api('/api/react/posts', { headers: { 'X-Fail': '503' } }), 503, 'Simulated server failure');
    await expectError(await send('POST', '/api/react/posts/1/like', undefined, token, { 'X-Fail': '500' }), 500, 'Simulated server failure');
    await expectError(await send('POST', '/api/react/posts', { title: 'x' }, token, { 'X-Fail': '422' }), 422, 'Simulated server failure');
    await expectError(await api('/api/users', { headers: { 'X-Fail': 'yes' } }), 500, 'Simulated server failure');
    expect((await getJson('/api/react/posts/1')).like_count).toBe(128);
    expect((await api('/api/react/posts')).headers.get('x-total-count')).toBe('12');
  });

  test('fail-next fails the next request only, with 500 by default', async () => {
    expect((await send('POST', '/api/_control/fail-next')).status).toBe(204);
    await expectError(await api('/api/users'), 500, 'Simulated server failure');
    expect((await api('/api/users')).status).toBe(200);
  });

  test('fail-next with status and count fails that many requests, writes included, and skips control routes', async () => {
    const token = await login();
    expect((await send('POST', '/api/_control/fail-next', { status: 503, count: 2 })).status).toBe(204);
    await expectError(await send('POST', '/api/react/posts/1/like', undefined, token), 503, 'Simulated server failure');
    expect((await send('POST', '/api/_control/expire-tokens')).status).toBe(204);
    await expectError(await api('/api/login', { method: 'POST', body: loginForm('ada', 'password') }), 503, 'Simulated server failure');
    expect((await getJson('/api/react/posts/1')).like_count).toBe(128);
  });

  test('fail-next rejects a bad status or count', async () => {
    await expectError(await send('POST', '/api/_control/fail-next', { status: 200 }), 400, 'status must be an integer from 400 to 599');
    await expectError(await send('POST', '/api/_control/fail-next', { count: 0 }), 400, 'count must be an integer from 1 to 1000');
    expect((await api('/api/users')).status).toBe(200);
  });
});

describe('reset', () => {
  test('POST /api/_control/reset restores the seed and clears tokens and switches', async () => {
    const before = await getJson('/api/react/posts?page=1');
    const token = await login();
    await send('POST', '/api/react/posts', { title: 'Gone after reset' }, token);
    await send('PATCH', '/api/react/posts/1', { title: 'Changed' }, token);
    await send('DELETE', '/api/react/posts/2', undefined, token);
    await send('POST', '/api/react/posts/3/like', undefined, token);
    await send('POST', '/api/_control/fail-next', { count: 5 });
    expect((await send('POST', '/api/_control/reset')).status).toBe(204);
    expect(await getJson('/api/react/posts?page=1')).toEqual(before);
    expect((await api('/api/react/posts')).headers.get('x-total-count')).toBe('12');
    expect(await getJson('/api/react/posts/1/comments')).toHaveLength(3);
    await expectError(await send('POST', '/api/react/posts/1/like', undefined, token), 401, 'Log in to do this');
  });

  test('a restarted server starts from the seed too', async () => {
    const token = await login();
    await send('DELETE', '/api/react/posts/1', undefined, token);
    const other = await startServer({ port: 0 });
    try {
      expect((await fetch(`${other.url}/api/react/posts/1`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('routing, errors and CORS', () => {
  test('any other /api path is a 404 naming the method and path', async () => {
    await expectError(await api('/api/nope?x=1'), 404, 'No route for GET /api/nope');
    await expectError(await send('POST', '/api/nope', {}, await login()), 404, 'No route for POST /api/nope');
    await expectError(await send('DELETE', '/api/users/1', undefined, await login()), 404, 'No route for DELETE /api/users/1');
    await expectError(await send('POST', '/api/_control/nope'), 404, 'No route for POST /api/_control/nope');
  });

  test('a malformed JSON body is a 400 without a stack trace', async () => {
    const res = await api('/api/react/posts', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Access-Token': await login() }, body: '{oops' });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: 'The request body is not valid JSON' });
    expect(text).not.toMatch(/at .*\.js/);
  });

  test('permissive CORS headers, and preflights answered without consuming fail-next', async () => {
    const res = await api('/api/react/posts');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toBe('Link, X-Total-Count');
    await send('POST', '/api/_control/fail-next');
    const preflight = await api('/api/react/posts', {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'access-token, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Access-Token, Content-Type, X-Delay, X-Fail');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect((await api('/api/users')).status).toBe(500);
  });
});

describe('static files', () => {
  test('without staticDir, GET / says the app is not built', async () => {
    const res = await api('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(/not built/);
  });

  test('with staticDir, files are served and other GETs fall back to index.html', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtk-rest-static-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dir, 'app.js'), 'console.log("app")');
    const site = await startServer({ port: 0, staticDir: dir });
    try {
      const page = (path: string) => fetch(site.url + path);
      expect(await (await page('/')).text()).toContain('<title>app</title>');
      const script = await page('/app.js');
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      expect(await script.text()).toBe('console.log("app")');
      const deep = await page('/react/posts/3');
      expect(deep.status).toBe(200);
      expect(deep.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await deep.text()).toContain('<title>app</title>');
      const missingApi = await page('/api/nope');
      expect(missingApi.status).toBe(404);
      expect(await missingApi.json()).toEqual({ message: 'No route for GET /api/nope' });
    } finally {
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
