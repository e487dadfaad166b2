/** `rtk-rest/mock` on its own; installation in a store is in mockFetch.store.test.ts. */
import { RestEndpoint } from 'rtk-rest';
import { mockFetch } from 'rtk-rest/mock';
import { A, Post, PostResource } from '../support/example';
import { p5, post5, rejectionOf, useMockTestHooks } from './support';

const { warn } = useMockTestHooks();

test('mockFetch returns a fetch-compatible function that never touches the network and records calls', async () => {
  const network = jest.fn();
  globalThis.fetch = network;
  const fetch = mockFetch([
    { endpoint: PostResource.get, response: { id: 5 } },
    { endpoint: PostResource.update, response: null },
  ]);
  const viaString = await fetch(`${A}/react/posts/5`);
  const viaUrl = await fetch(new URL(`${A}/react/posts/6?author=ann`), { headers: { 'X-Trace': '1' } });
  const viaRequest = await fetch(new Request(`${A}/react/posts/7`, { headers: [['Accept', 'application/json']] }));
  expect([viaString.status, viaUrl.status, viaRequest.status]).toEqual([200, 200, 200]);
  expect(await viaString.json()).toEqual({ id: 5 });
  await PostResource.update.extend({ fetchResponse: fetch })(p5, { title: 'x' });
  expect(network).not.toHaveBeenCalled();
  expect(fetch.calls).toEqual([
    { key: `GET ${A}/react/posts/5`, method: 'GET', url: `${A}/react/posts/5`, headers: {}, body: undefined },
    { key: `GET ${A}/react/posts/6?author=ann`, method: 'GET', url: `${A}/react/posts/6?author=ann`, headers: { 'x-trace': '1' }, body: undefined },
    { key: `GET ${A}/react/posts/7`, method: 'GET', url: `${A}/react/posts/7`, headers: { accept: 'application/json' }, body: undefined },
    {
      key: `PUT ${A}/react/posts/5`,
      method: 'PUT',
      url: `${A}/react/posts/5`,
      headers: { 'content-type': 'application/json' },
      body: { title: 'x' },
    },
  ]);
});

test('malformed fixtures throw a TypeError that names the fixture and the fix', () => {
  expect(() => mockFetch({} as never)).toThrow(/\[rtk-rest\] mockFetch: fixtures must be an array such as \[\{ endpoint: PostResource.get/);
  expect(() => mockFetch([{ endpoint: Post } as never])).toThrow('fixtures[0].endpoint must be an endpoint such as PostResource.get (something with key() and testKey()), got function Post');
  expect(() => mockFetch([{ endpoint: PostResource.get, args: p5 } as never])).toThrow(
    'fixtures[0] (Post.get) args must be the array of call arguments, e.g. args: [{"group":"react","id":5}]',
  );
  expect(() => mockFetch([{ endpoint: PostResource.get, args: [{ group: 'react' }] } as never])).toThrow(
    'fixtures[0] (Post.get) args [{"group":"react"}] do not make a request key: Post.get: missing path parameter(s) "id"',
  );
  expect(() => mockFetch([{ endpoint: PostResource.get, status: 0 }])).toThrow('status must be an integer from 200 to 599');
  expect(() => mockFetch([{ endpoint: PostResource.get, delay: -1 }])).toThrow('delay must be a finite number of milliseconds ≥ 0, got -1');
  mockFetch([{ endpoint: PostResource.get, responce: 1 } as never]);
  expect(warn()).toHaveBeenCalledWith(expect.stringContaining('[rtk-rest] mockFetch: fixtures[0] (Post.get) has unknown option(s) "responce"'));
});

test('exact fixtures match endpoint.key(...args), interceptors match by testKey, the first match answers', async () => {
  const fetch = mockFetch([
    { endpoint: PostResource.get, args: [{ id: '5', group: 'react' }], response: 'exact 5' },
    { endpoint: PostResource.get, response: 'any post' },
    { endpoint: PostResource.get, args: [{ group: 'react', id: 6 }], response: 'never: the interceptor comes first' },
    { endpoint: PostResource.update, response: 'update' },
    // getPage's key is the list's: its fixture answers the page's own URL, not the list.
    { endpoint: PostResource.getList.getPage, args: [{ group: 'react', page: 2 }], response: 'page 2' },
    { endpoint: PostResource.getList, args: [{ group: 'react' }], response: 'list' },
  ]);
  const text = async (input: string, init?: RequestInit) => (await fetch(input, init)).text();
  expect(await text(`${A}/react/posts/5`)).toBe('exact 5');
  expect(await text(`${A}/react/posts/5?author=x`)).toBe('any post');
  expect(await text(`${A}/react/posts/6`)).toBe('any post');
  expect(await text(`${A}/react/posts/5`, { method: 'put' })).toBe('update');
  expect(await text(`${A}/react/posts/5`, { method: 'PATCH' })).toBe('{"message":"No fixture for PATCH https://api.example.com/react/posts/5"}');
  expect(await text(`${A}/react/posts?page=2`)).toBe('page 2');
  expect(await text(`${A}/react/posts`)).toBe('list');
  // The method: init, then the Request, default GET; upper-cased.
  expect(await text(new Request(`${A}/react/posts/5`, { method: 'PUT', body: '{}' }) as never)).toBe('update');
  expect(fetch.calls.map((call) => call.key)).toEqual([
    `GET ${A}/react/posts/5`,
    `GET ${A}/react/posts/5?author=x`,
    `GET ${A}/react/posts/6`,
    `PUT ${A}/react/posts/5`,
    `PATCH ${A}/react/posts/5`,
    `GET ${A}/react/posts?page=2`,
    `GET ${A}/react/posts`,
    `PUT ${A}/react/posts/5`,
  ]);
});

test('a response function gets the URL parameters rebuilt from the request, then the body', async () => {
  const seen: unknown[][] = [];
  const record = (...args: unknown[]) => {
    seen.push(args);
    return null;
  };
  const files = new RestEndpoint({ path: '/files/*path{/v/:version}', urlPrefix: A });
  const upload = files.extend({ method: 'POST' });
  const fetch = mockFetch([
    { endpoint: PostResource.getList, response: record },
    { endpoint: PostResource.get, response: record },
    { endpoint: PostResource.update, response: record },
    { endpoint: files, response: record },
    { endpoint: upload, response: record },
  ]);
  globalThis.fetch = fetch;
  await PostResource.getList({ group: 'react', author: 'ann', tag: ['b', 'a'], n: 2 } as never);
  await PostResource.get({ group: 'a b/é', id: 5 });
  await PostResource.update(p5, { title: 'x', id: 5 });
  await files({ path: ['a', 'b c', 'd/e'], version: 2 });
  await upload({ path: ['x'] }, 'plain text body');
  await fetch(`${A}/files/x`, { method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/merge-patch+json' } });
  await fetch(new Request(`${A}/files/x`, { method: 'POST', body: '[1,2]', headers: { 'content-type': 'application/json' } }));
  expect(seen).toEqual([
    [{ group: 'react', author: 'ann', tag: ['b', 'a'], n: '2' }],
    [{ group: 'a b/é', id: '5' }],
    [{ group: 'react', id: '5' }, { title: 'x', id: 5 }],
    [{ path: ['a', 'b c', 'd/e'], version: '2' }],
    [{ path: ['x'] }, 'plain text body'],
    [{ path: ['x'] }, { a: 1 }],
    [{ path: ['x'] }, [1, 2]],
  ]);
  // `calls` holds the body decoded the same way.
  expect(fetch.calls.map((call) => call.body)).toEqual([undefined, undefined, { title: 'x', id: 5 }, undefined, 'plain text body', { a: 1 }, [1, 2]]);
});

test('the response function may be async and is called with the rebuilt args of an exact fixture too', async () => {
  const fetch = mockFetch([
    { endpoint: PostResource.get, args: [p5], response: async (params) => ({ id: Number(params.id), title: `in ${params.group}` }) },
  ]);
  globalThis.fetch = fetch;
  await expect(PostResource.get(p5)).resolves.toEqual({ id: 5, title: 'in react' });
});

test('the answer: a Response as is, null → 204, a string → text/plain, else JSON; status, headers, statusText, url', async () => {
  const custom = new Response('<p>hi</p>', { status: 202, headers: { 'content-type': 'text/html' } });
  const made = new Response('made', { status: 203 });
  const fetch = mockFetch([
    { endpoint: PostResource.get, args: [{ group: 'r', id: 1 }], response: custom },
    { endpoint: PostResource.get, args: [{ group: 'r', id: 2 }], response: null },
    { endpoint: PostResource.get, args: [{ group: 'r', id: 3 }] },
    { endpoint: PostResource.get, args: [{ group: 'r', id: 4 }], response: 'plain' },
    { endpoint: PostResource.get, args: [{ group: 'r', id: 5 }], response: { id: 5 }, status: 201, headers: { 'X-Total': '9', 'content-type': 'application/vnd.api+json' } },
    { endpoint: PostResource.get, args: [{ group: 'r', id: 6 }], response: [1, 'a', null], status: 299 },
    { endpoint: PostResource.get, args: [{ group: 'r', id: 7 }], response: { id: 7 }, status: 204 },
    { endpoint: PostResource.get, args: [{ group: 'r', id: 8 }], response: () => made },
  ]);
  const get = (id: number) => fetch(`${A}/r/posts/${id}`);

  const first = await get(1);
  const again = await get(1); // a static Response is cloned per request, so it can be read every time
  expect([first.status, first.headers.get('content-type'), await first.text(), await again.text()]).toEqual([202, 'text/html', '<p>hi</p>', '<p>hi</p>']);
  expect(first.url).toBe(`${A}/r/posts/1`);
  expect(custom.bodyUsed).toBe(false);
  const computed = await get(8);
  expect(computed).toBe(made); // returned as is
  expect(computed.url).toBe(`${A}/r/posts/8`);

  for (const id of [2, 3]) {
    const empty = await get(id);
    expect([empty.status, empty.statusText, empty.headers.get('content-type'), await empty.text()]).toEqual([204, 'No Content', null, '']);
  }
  const text = await get(4);
  expect([text.status, text.statusText, text.headers.get('content-type'), await text.text()]).toEqual([200, 'OK', 'text/plain; charset=utf-8', 'plain']);
  const json = await get(5);
  expect([json.status, json.statusText, json.url, json.headers.get('content-type'), json.headers.get('x-total'), await json.json()]).toEqual([
    201,
    'Created',
    `${A}/r/posts/5`,
    'application/vnd.api+json',
    '9',
    { id: 5 },
  ]);
  const unknownStatus = await get(6);
  expect([unknownStatus.status, unknownStatus.statusText, unknownStatus.ok, await unknownStatus.json()]).toEqual([299, '', true, [1, 'a', null]]);
  const noBody = await get(7);
  expect([noBody.status, await noBody.text()]).toEqual([204, '']);
});

test('a response value with no JSON form rejects with a TypeError naming the fixture', async () => {
  const fetch = mockFetch([{ endpoint: PostResource.get, response: () => ({ big: 1n }) }]);
  await expect(fetch(`${A}/react/posts/5`)).rejects.toThrow('[rtk-rest] mockFetch: the response of fixtures[0] (Post.get) is not JSON-serializable');
});

test('error: true answers fixture.status, else a response status ≥ 400, else 500', async () => {
  const fetch = mockFetch([
    { endpoint: PostResource.delete, args: [p5], error: true, response: { status: 500 } },
    { endpoint: PostResource.delete, args: [{ group: 'react', id: 6 }], error: true, response: { status: 404, detail: 'gone' } },
    { endpoint: PostResource.delete, args: [{ group: 'react', id: 7 }], error: true, status: 409, response: { status: 404 } },
    { endpoint: PostResource.delete, args: [{ group: 'react', id: 8 }], error: true, response: { status: 302 } },
    { endpoint: PostResource.delete, args: [{ group: 'react', id: 9 }], error: true, response: 'teapot', status: 418 },
    { endpoint: PostResource.delete, args: [{ group: 'react', id: 10 }], error: true },
  ]);
  const del = async (id: number) => {
    const response = await fetch(`${A}/react/posts/${id}`, { method: 'DELETE' });
    return [response.status, response.statusText, await response.text()];
  };
  expect(await del(5)).toEqual([500, 'Internal Server Error', '{"status":500}']);
  expect(await del(6)).toEqual([404, 'Not Found', '{"status":404,"detail":"gone"}']);
  expect(await del(7)).toEqual([409, 'Conflict', '{"status":404}']);
  expect(await del(8)).toEqual([500, 'Internal Server Error', '{"status":302}']);
  expect(await del(9)).toEqual([418, "I'm a teapot", 'teapot']);
  expect(await del(10)).toEqual([500, 'Internal Server Error', '']);
});

test('a throwing response function answers the error status ≥ 400, else 500, with { message }', async () => {
  const fetch = mockFetch([
    { endpoint: PostResource.get, args: [{ group: 'r', id: 1 }], response: () => { throw Object.assign(new Error('gone'), { status: 410 }); } },
    { endpoint: PostResource.get, args: [{ group: 'r', id: 2 }], response: async () => { throw Object.assign(new Error('moved'), { status: 301 }); } },
    { endpoint: PostResource.get, args: [{ group: 'r', id: 3 }], response: () => { throw 'just a string'; } },
    { endpoint: PostResource.get, args: [{ group: 'r', id: 4 }], response: (params) => (params as any).missing.field },
  ]);
  const get = async (id: number) => {
    const response = await fetch(`${A}/r/posts/${id}`);
    return [response.status, response.headers.get('content-type'), await response.json()];
  };
  expect(await get(1)).toEqual([410, 'application/json', { message: 'gone' }]);
  expect(await get(2)).toEqual([500, 'application/json', { message: 'moved' }]);
  expect(await get(3)).toEqual([500, 'application/json', { message: 'just a string' }]);
  expect(warn()).not.toHaveBeenCalled();
  // A TypeError is most likely a bug in the fixture: it is answered, and pointed out.
  expect((await get(4))[0]).toBe(500);
  expect(warn()).toHaveBeenCalledWith(expect.stringMatching(/^\[rtk-rest\] mockFetch: the response function of fixtures\[3\] \(Post.get\) threw TypeError: .* for GET https:\/\/api.example.com\/r\/posts\/4; answering 500/));
});

test('delay postpones the answer on (fake) timers; every answer is asynchronous', async () => {
  jest.useFakeTimers();
  const fetch = mockFetch([
    { endpoint: PostResource.get, args: [p5], response: post5, delay: 50 },
    { endpoint: PostResource.getList, response: [] },
  ]);
  let answered = false;
  const slow = fetch(`${A}/react/posts/5`).then((response) => {
    answered = true;
    return response;
  });
  expect(jest.getTimerCount()).toBe(1); // the timer is set during the call
  await jest.advanceTimersByTimeAsync(49);
  expect(answered).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  expect(answered).toBe(true);
  expect((await slow).status).toBe(200);

  // No delay: no timer, yet not synchronous either.
  let quick = false;
  const fast = fetch(`${A}/react/posts`).then(() => (quick = true));
  expect(quick).toBe(false);
  expect(jest.getTimerCount()).toBe(0);
  await fast;
  expect(quick).toBe(true);
});

test('aborting init.signal before or during the delay rejects at once with an AbortError DOMException', async () => {
  jest.useFakeTimers();
  const respond = jest.fn(() => post5);
  const fetch = mockFetch([{ endpoint: PostResource.get, response: respond, delay: 1000 }]);

  const before = new AbortController();
  before.abort();
  const early = await rejectionOf(fetch(`${A}/react/posts/5`, { signal: before.signal }));
  expect(early).toBeInstanceOf(DOMException);
  expect(early.name).toBe('AbortError');

  const during = new AbortController();
  const pending = fetch(new Request(`${A}/react/posts/6`, { signal: during.signal }));
  await jest.advanceTimersByTimeAsync(10);
  during.abort();
  const late = await rejectionOf(pending);
  expect(late).toBeInstanceOf(DOMException);
  expect(late.name).toBe('AbortError');
  expect(jest.getTimerCount()).toBe(0); // the delay timer was cleared
  expect(respond).not.toHaveBeenCalled();

  // Through an endpoint: the AbortError passes unchanged.
  globalThis.fetch = fetch;
  const viaEndpoint = new AbortController();
  const call = PostResource.get.extend({ signal: viaEndpoint.signal })(p5);
  viaEndpoint.abort();
  expect((await rejectionOf(call)).name).toBe('AbortError');
});

test('an unmatched request answers 404 "No fixture for <key>" and warns with the key and the closest fixtures', async () => {
  const other = new RestEndpoint({ path: '/users/:id', urlPrefix: A, name: 'User.get' });
  const fetch = mockFetch([
    { endpoint: other, response: {} },
    { endpoint: PostResource.getList, response: [] },
    { endpoint: PostResource.update, args: [{ group: 'react', id: 6 }, {}] },
    { endpoint: PostResource.get, args: [{ group: 'vue', id: 6 }] },
    { endpoint: PostResource.get, args: [p5] },
  ]);
  const response = await fetch(`${A}/react/posts/6`);
  expect([response.status, response.statusText, response.ok, response.url]).toEqual([404, `No fixture for GET ${A}/react/posts/6`, false, `${A}/react/posts/6`]);
  expect(warn()).toHaveBeenCalledTimes(1);
  expect(warn().mock.calls[0]![0]).toBe(
    [
      `[rtk-rest] mockFetch: no fixture for GET ${A}/react/posts/6; answering 404.`,
      'Closest fixtures:',
      `  fixtures[4] Post.get, args [{"group":"react","id":5}]: GET ${A}/react/posts/5 (same endpoint, other arguments)`,
      `  fixtures[3] Post.get, args [{"group":"vue","id":6}]: GET ${A}/vue/posts/6 (same endpoint, other arguments)`,
      `  fixtures[2] Post.update, args [{"group":"react","id":6},{}]: PUT ${A}/react/posts/6 (same URL template, method PUT)`,
      'Add { endpoint, args } whose endpoint.key(...args) is this key, or an interceptor { endpoint } (no args) whose endpoint.testKey() accepts it.',
    ].join('\n'),
  );
  // With no fixture of that endpoint, the same method ranks first.
  await fetch(`${A}/users`);
  expect(warn().mock.calls[1]![0]).toContain(`Closest fixtures:\n  fixtures[0] User.get, interceptor: GET ${A}/users/:id\n`);

  // A status text is a ByteString: a key holding other characters shows them percent-encoded.
  expect((await fetch(`${A}/café`)).statusText).toBe(`No fixture for GET ${A}/caf%C3%A9`);

  await mockFetch([])(`${A}/x`);
  expect(warn().mock.calls[3]![0]).toBe(`[rtk-rest] mockFetch: no fixture for GET ${A}/x; answering 404. mockFetch() was given no fixtures.`);

  // Through an endpoint, the NetworkError says which key had no fixture.
  globalThis.fetch = mockFetch([]);
  const error = await rejectionOf(PostResource.get({ group: 'react', id: 9 }));
  expect(error).toMatchObject({ name: 'NetworkError', status: 404, message: `${A}/react/posts/9: No fixture for GET ${A}/react/posts/9` });
});
