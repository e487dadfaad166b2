import { Entity, NetworkError, RestEndpoint } from 'rtk-rest';
import { call, jsonResponse, rejectionOf, restoreFetchAfterEach, stubFetch } from '../support/fetch';

class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'RtReqPost';
}

const A = 'https://api.example.com';
restoreFetchAfterEach();

const post = new RestEndpoint({ path: '/posts', method: 'POST', urlPrefix: A });

describe('getRequestInit(body)', () => {
  it('returns a Promise of { ...requestInit, method, signal, body, headers }', async () => {
    const controller = new AbortController();
    const ep = new RestEndpoint({
      path: '/posts',
      method: 'PATCH',
      requestInit: { credentials: 'include', mode: 'cors', cache: 'no-store' },
      signal: controller.signal,
    });
    const pending = ep.getRequestInit({ a: 1 });
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toStrictEqual({
      credentials: 'include',
      mode: 'cors',
      cache: 'no-store',
      method: 'PATCH',
      signal: controller.signal,
      body: '{"a":1}',
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it("the method wins over requestInit.method", async () => {
    const ep = new RestEndpoint({ path: '/p', method: 'PUT', requestInit: { method: 'GET' } });
    expect((await ep.getRequestInit({})).method).toBe('PUT');
  });

  it("the endpoint's signal wins over requestInit.signal", async () => {
    const own = new AbortController();
    const base = new AbortController();
    const ep = new RestEndpoint({ path: '/p', signal: own.signal, requestInit: { signal: base.signal } });
    expect((await ep.getRequestInit()).signal).toBe(own.signal);
    const calls = stubFetch();
    await ep();
    expect(calls[0]!.init.signal).toBe(own.signal);
  });

  it('requestInit.signal is used when the endpoint has no signal', async () => {
    const base = new AbortController();
    const ep = new RestEndpoint({ path: '/p', requestInit: { signal: base.signal } });
    expect((await ep.getRequestInit()).signal).toBe(base.signal);
    const calls = stubFetch();
    await ep();
    expect(calls[0]!.init.signal).toBe(base.signal);
  });

  it('an async override built on super.getRequestInit(body) is awaited and used for the request', async () => {
    const calls = stubFetch();
    class Authed extends RestEndpoint {
      override async getRequestInit(body?: unknown): Promise<RequestInit> {
        const init = await super.getRequestInit(body);
        await Promise.resolve();
        return { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: 'Bearer t' }, keepalive: true };
      }
    }
    const ep = new Authed({ path: '/posts', method: 'POST', urlPrefix: A });
    await ep({ title: 'x' });
    expect(calls[0]!.init).toStrictEqual({
      method: 'POST',
      body: '{"title":"x"}',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t' },
      keepalive: true,
    });
  });

  it('getRequestInit receives the body of the call (the last argument)', async () => {
    stubFetch();
    const seen: unknown[] = [];
    class Spy extends RestEndpoint {
      override getRequestInit(body?: unknown): Promise<RequestInit> {
        seen.push(body);
        return super.getRequestInit(body);
      }
    }
    const ep = new Spy({ path: '/:group/posts', method: 'POST' });
    await ep({ group: 'g' }, { title: 'b' });
    const get = new Spy({ path: '/p' });
    await call(get, { q: 1 }, { ignored: true });
    expect(seen).toEqual([{ title: 'b' }, undefined]);
  });
});

describe('body encoding', () => {
  it('undefined or null: no body and no Content-Type, so a cross-origin GET needs no CORS preflight', async () => {
    const calls = stubFetch();
    await call(post);
    await call(post, null);
    await call(post, {}, undefined);
    for (const { init } of calls) {
      expect('body' in init).toBe(false);
      expect(init.headers).toStrictEqual({});
    }
    expect(calls).toHaveLength(3);
  });

  it('a string is sent as is, without Content-Type', async () => {
    const calls = stubFetch();
    await post('{"raw":true}');
    expect(calls[0]!.init.body).toBe('{"raw":true}');
    expect(calls[0]!.init.headers).toStrictEqual({});
    await post('');
    expect(calls[1]!.init.body).toBe('');
    expect(calls[1]!.init.headers).toStrictEqual({});
  });

  it.each([
    ['FormData', () => Object.assign(new FormData(), {})],
    ['Blob', () => new Blob(['abc'], { type: 'text/plain' })],
    ['File', () => new File(['abc'], 'a.txt', { type: 'text/plain' })],
    ['URLSearchParams', () => new URLSearchParams({ a: '1', b: '2' })],
    ['ArrayBuffer', () => new ArrayBuffer(4)],
    ['Uint8Array', () => new Uint8Array([1, 2, 3])],
    ['DataView', () => new DataView(new ArrayBuffer(2))],
    ['ReadableStream', () => new ReadableStream()],
  ])('a %s body is sent as is (same object), without Content-Type', async (_kind, make) => {
    const body = make();
    const init = await post.getRequestInit(body);
    expect(init.body).toBe(body);
    expect(init.headers).toStrictEqual({});
    const calls = stubFetch();
    await post(body);
    expect(calls[0]!.init.body).toBe(body);
    expect(calls[0]!.init.headers).toStrictEqual({});
  });

  it('plain objects, arrays, numbers and booleans are JSON-encoded with Content-Type: application/json', async () => {
    const cases: [unknown, string][] = [
      [{ title: 'x', n: 1 }, '{"title":"x","n":1}'],
      [[1, 2], '[1,2]'],
      [5, '5'],
      [0, '0'],
      [true, 'true'],
      [false, 'false'],
      [{ nested: { a: [null] } }, '{"nested":{"a":[null]}}'],
    ];
    for (const [body, encoded] of cases) {
      const init = await post.getRequestInit(body);
      expect(init.body).toBe(encoded);
      expect(init.headers).toStrictEqual({ 'Content-Type': 'application/json' });
    }
  });

  it('class instances (entities included) are JSON-encoded', async () => {
    class Point {
      constructor(
        public x: number,
        public y: number,
      ) {}
      get sum() {
        return this.x + this.y;
      }
    }
    const init = await post.getRequestInit(new Point(1, 2));
    expect(init.body).toBe('{"x":1,"y":2}');
    const entity = Post.fromJS({ id: 1, title: 'a' });
    const encoded = await post.getRequestInit(entity);
    expect(encoded.body).toBe(JSON.stringify(entity));
    expect(JSON.parse(encoded.body as string)).toMatchObject({ id: 1, title: 'a' });
    expect(encoded.headers).toStrictEqual({ 'Content-Type': 'application/json' });
    const dated = await post.getRequestInit({ at: new Date(0) });
    expect(dated.body).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('a cyclic body rejects with a TypeError "not JSON-serializable" carrying the cause; nothing is sent', async () => {
    const calls = stubFetch();
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const error = await rejectionOf(post(cyclic));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(/request body is not JSON-serializable/);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.cause.message).toMatch(/circular/i);
    expect(error).not.toHaveProperty('status');
    expect(calls).toHaveLength(0);
    await expect(post.getRequestInit(cyclic)).rejects.toThrow(/not JSON-serializable/);
  });

  it('a bigint body rejects with the same TypeError; nothing is sent', async () => {
    const calls = stubFetch();
    const error = await rejectionOf(post({ n: 10n }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(/not JSON-serializable/);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.cause.message).toMatch(/BigInt/i);
    expect(calls).toHaveLength(0);
  });
});

describe('headers', () => {
  it('a plain-object requestInit.headers keeps every entry and its case', async () => {
    const ep = new RestEndpoint({ path: '/p', requestInit: { headers: { 'X-Upper': 'a', 'x-lower': 'b', Accept: 'text/plain' } } });
    expect((await ep.getRequestInit()).headers).toStrictEqual({
      'X-Upper': 'a',
      'x-lower': 'b',
      Accept: 'text/plain',
    });
  });

  it("the headers are copied: the user's requestInit.headers object is never changed", async () => {
    const userHeaders = { 'X-A': '1' };
    const requestInit = { headers: userHeaders };
    const ep = new RestEndpoint({ path: '/p', requestInit });
    const init = await ep.getRequestInit();
    expect(init.headers).not.toBe(userHeaders);
    expect(userHeaders).toStrictEqual({ 'X-A': '1' });
    expect(requestInit.headers).toBe(userHeaders);
    expect(init.headers).toStrictEqual({ 'X-A': '1' });
  });

  it('a Headers instance is copied into a plain object with lower-case names', async () => {
    const headers = new Headers({ 'X-Custom-Thing': 'v', Accept: 'application/json' });
    headers.append('X-Multi', '1');
    headers.append('X-Multi', '2');
    const ep = new RestEndpoint({ path: '/p', requestInit: { headers } });
    const init = await ep.getRequestInit();
    expect(init.headers).toStrictEqual({
      'x-custom-thing': 'v',
      accept: 'application/json',
      'x-multi': '1, 2',
    });
    expect(init.headers).not.toBe(headers);
  });

  it('an array of pairs is copied and every entry survives with its case', async () => {
    const ep = new RestEndpoint({
      path: '/p',
      method: 'POST',
      requestInit: {
        headers: [
          ['X-A', '1'],
          ['x-b', '2'],
        ],
      },
    });
    expect((await ep.getRequestInit({ a: 1 })).headers).toStrictEqual({ 'X-A': '1', 'x-b': '2', 'Content-Type': 'application/json' });
  });

  it.each(['content-type', 'Content-Type', 'CONTENT-TYPE', 'cOnTeNt-TyPe'])(
    "a user '%s' header wins for a JSON body: no second Content-Type",
    async (name) => {
      const ep = new RestEndpoint({ path: '/p', method: 'POST', requestInit: { headers: { [name]: 'application/merge-patch+json' } } });
      const init = await ep.getRequestInit({ a: 1 });
      expect(init.headers).toStrictEqual({ [name]: 'application/merge-patch+json' });
      expect(init.body).toBe('{"a":1}');
    },
  );

  it('a content-type inside a Headers instance wins too', async () => {
    const ep = new RestEndpoint({ path: '/p', requestInit: { headers: new Headers({ 'Content-Type': 'text/csv' }) } });
    expect((await ep.getRequestInit()).headers).toStrictEqual({ 'content-type': 'text/csv' });
  });

  it('bodies sent as is keep the user headers and get no Content-Type', async () => {
    const ep = new RestEndpoint({ path: '/p', method: 'POST', requestInit: { headers: { Authorization: 'x' } } });
    const form = new FormData();
    form.append('a', '1');
    expect((await ep.getRequestInit(form)).headers).toStrictEqual({ Authorization: 'x' });
    expect((await ep.getRequestInit(new URLSearchParams('a=1'))).headers).toStrictEqual({ Authorization: 'x' });
  });

  it('the default getHeaders returns its argument', () => {
    const ep = new RestEndpoint({ path: '/p' });
    const headers = { A: '1' };
    expect(ep.getHeaders(headers)).toBe(headers);
  });

  it('getHeaders receives the plain-object headers; its return value becomes init.headers', async () => {
    const received: Record<string, string>[] = [];
    const replacement = new Headers({ 'X-Replaced': 'yes' });
    const ep = new RestEndpoint({
      path: '/p',
      requestInit: { headers: new Headers({ 'X-A': '1' }) },
      getHeaders(headers: Record<string, string>) {
        received.push({ ...headers });
        return replacement;
      },
    });
    const init = await ep.getRequestInit();
    expect(received).toEqual([{ 'x-a': '1' }]);
    expect(init.headers).toBe(replacement);
  });

  it('an async getHeaders override is awaited before the request is sent', async () => {
    const calls = stubFetch();
    class TokenEndpoint extends RestEndpoint {
      override async getHeaders(headers: Record<string, string>): Promise<HeadersInit> {
        const token = await Promise.resolve('abc');
        return { ...headers, Authorization: `Bearer ${token}` };
      }
    }
    const ep = new TokenEndpoint({ path: '/p', urlPrefix: A });
    await ep();
    expect(calls[0]!.init.headers).toStrictEqual({ Authorization: 'Bearer abc' });
  });

  it('a getHeaders returning an array of pairs is passed through', async () => {
    const ep = new RestEndpoint({
      path: '/p',
      getHeaders: () => [['X-Pair', '1']] as [string, string][],
    });
    expect((await ep.getRequestInit()).headers).toStrictEqual([['X-Pair', '1']]);
  });
});

describe('request init examples', () => {
  it("GET, no requestInit → { method: 'GET', headers: {} }: no Content-Type without a body", async () => {
    const ep = new RestEndpoint({ path: '/posts/:id', urlPrefix: A });
    expect(await ep.getRequestInit()).toStrictEqual({ method: 'GET', headers: {} });
    const calls = stubFetch();
    await ep({ id: 1 });
    expect(calls[0]!.input).toBe(`${A}/posts/1`);
    expect(calls[0]!.init).toStrictEqual({ method: 'GET', headers: {} });
  });

  it("PUT { title: 'x' } with credentials and a Headers instance", async () => {
    const ep = new RestEndpoint({
      path: '/posts/:id',
      method: 'PUT',
      requestInit: { credentials: 'include', headers: new Headers({ 'X-A': '1' }) },
    });
    const expected = { credentials: 'include', method: 'PUT', body: '{"title":"x"}', headers: { 'x-a': '1', 'Content-Type': 'application/json' } };
    expect(await ep.getRequestInit({ title: 'x' })).toStrictEqual(expected);
    const calls = stubFetch();
    await ep({ id: 5 }, { title: 'x' });
    expect(calls[0]!.init).toStrictEqual(expected);
  });

  it("POST [1, 2] → body '[1,2]' with Content-Type: application/json", async () => {
    const calls = stubFetch();
    await post([1, 2]);
    expect(calls[0]!.init).toStrictEqual({ method: 'POST', body: '[1,2]', headers: { 'Content-Type': 'application/json' } });
  });

  it("POST FormData with headers [['X-A', '1']] → headers { 'X-A': '1' }, body the FormData", async () => {
    const form = new FormData();
    form.append('title', 'x');
    const ep = new RestEndpoint({ path: '/posts', method: 'POST', requestInit: { headers: [['X-A', '1']] } });
    expect(await ep.getRequestInit(form)).toStrictEqual({ method: 'POST', body: form, headers: { 'X-A': '1' } });
    const calls = stubFetch();
    await ep(form);
    expect(calls[0]!.init.body).toBe(form);
    expect(calls[0]!.init.headers).toStrictEqual({ 'X-A': '1' });
  });

  it('POST { a: 1 } with content-type: application/merge-patch+json keeps that header only', async () => {
    const ep = new RestEndpoint({
      path: '/posts',
      method: 'POST',
      requestInit: { headers: { 'content-type': 'application/merge-patch+json' } },
    });
    expect(await ep.getRequestInit({ a: 1 })).toStrictEqual({
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/merge-patch+json' },
    });
  });
});

describe('fetchResponse(input, init)', () => {
  it('globalThis.fetch is looked up at call time', async () => {
    const ep = new RestEndpoint({ path: '/posts/:id', urlPrefix: A });
    const first = stubFetch(() => jsonResponse({ from: 'first' }));
    await expect(ep({ id: 1 })).resolves.toEqual({ from: 'first' });
    const second = stubFetch(() => jsonResponse({ from: 'second' }));
    await expect(ep({ id: 2 })).resolves.toEqual({ from: 'second' });
    expect(first.map((c) => c.input)).toEqual([`${A}/posts/1`]);
    expect(second.map((c) => c.input)).toEqual([`${A}/posts/2`]);
  });

  it('an ok response is returned as is', async () => {
    const response = jsonResponse({ a: 1 }, { status: 201 });
    const calls = stubFetch(() => response);
    const ep = new RestEndpoint({ path: '/p' });
    const init = { method: 'GET' };
    await expect(ep.fetchResponse('https://x.example.com/p', init)).resolves.toBe(response);
    expect(calls[0]!.input).toBe('https://x.example.com/p');
    expect(calls[0]!.init).toBe(init);
  });

  it('a non-ok response rejects with a NetworkError holding that response', async () => {
    const response = new Response('nope', { status: 404, statusText: 'Not Found' });
    stubFetch(() => response);
    const ep = new RestEndpoint({ path: '/p' });
    const error = await rejectionOf(ep.fetchResponse(`${A}/react/posts/9`, {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(404);
    expect(error.url).toBe(`${A}/react/posts/9`);
    expect(error.response).toBe(response);
    expect(error.message).toBe(`${A}/react/posts/9: Not Found`);
  });

  it('a 3xx response that is not ok also rejects', async () => {
    stubFetch(() => new Response(null, { status: 304 }));
    const ep = new RestEndpoint({ path: '/p', urlPrefix: A });
    const error = await rejectionOf(ep());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(304);
    expect(error.message).toBe(`${A}/p: status 304`);
  });

  it('an AbortError DOMException is re-thrown unchanged', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    stubFetch(() => {
      throw abort;
    });
    const ep = new RestEndpoint({ path: '/p' });
    await expect(ep()).rejects.toBe(abort);
    await expect(ep.fetchResponse('/p', {})).rejects.toBe(abort);
  });

  it("any rejection whose name is 'AbortError' is re-thrown unchanged", async () => {
    const abort = Object.assign(new Error('aborted by test'), { name: 'AbortError' });
    stubFetch(() => Promise.reject(abort));
    await expect(new RestEndpoint({ path: '/p' })()).rejects.toBe(abort);
  });

  it('an aborted signal passed to fetch surfaces the AbortError unchanged', async () => {
    const controller = new AbortController();
    stubFetch((_input, init) => {
      if (init.signal?.aborted) throw init.signal.reason;
      return jsonResponse({});
    });
    controller.abort();
    const ep = new RestEndpoint({ path: '/p', signal: controller.signal });
    const error = await rejectionOf(ep());
    expect(error).toBe(controller.signal.reason);
    expect(error.name).toBe('AbortError');
  });

  it('a transport failure becomes a NetworkError with status 0, cause and message `${url}: network error (…)`', async () => {
    const failure = new TypeError('fetch failed');
    stubFetch(() => Promise.reject(failure));
    const ep = new RestEndpoint({ path: '/:group/posts/:id', urlPrefix: A });
    const error = await rejectionOf(ep({ group: 'react', id: 5 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('NetworkError');
    expect(error.status).toBe(0);
    expect(error.cause).toBe(failure);
    expect(error.url).toBe(`${A}/react/posts/5`);
    expect(error.message).toBe(`${A}/react/posts/5: network error (fetch failed)`);
    expect(error.response).toBeUndefined();
    expect(error.toJSON()).toStrictEqual({ name: 'NetworkError', status: 0, message: `${A}/react/posts/5: network error (fetch failed)`, url: `${A}/react/posts/5` });
  });

  it('fetch throwing synchronously is a transport failure too', async () => {
    const failure = new Error('offline');
    stubFetch(() => {
      throw failure;
    });
    const error = await rejectionOf(new RestEndpoint({ path: '/x', urlPrefix: A })());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(0);
    expect(error.cause).toBe(failure);
    expect(error.message).toBe(`${A}/x: network error (offline)`);
  });

  it.each([
    ['a record', (token: string): HeadersInit => ({ 'Access-Token': token })],
    ['an array of pairs', (token: string): HeadersInit => [['Access-Token', token]]],
    ['a Headers', (token: string): HeadersInit => new Headers({ 'Access-Token': token })],
  ])('a transport failure quoting a header value set as %s has the value redacted from its message', async (_shape, headersOf) => {
    const token = 'secret-token-value';
    stubFetch(() => Promise.reject(new TypeError(`invalid header value "${token}"`)));
    class Authed extends RestEndpoint {
      override getHeaders() {
        return headersOf(token);
      }
    }
    const error = await rejectionOf(new Authed({ path: '/x', urlPrefix: A })());
    expect(error.message).toBe(`${A}/x: network error (invalid header value "[header value]")`);
  });
});

describe('headers from another realm', () => {
  it('requestInit headers given as a Headers of another realm (not instanceof Headers) are sent', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    // What a Headers from an iframe or a polyfill looks like here: forEach, no own fields.
    const foreign = { forEach: (each: (value: string, name: string) => void) => each('yes', 'x-foreign') } as unknown as Headers;
    await new RestEndpoint({ path: '/x', urlPrefix: A, requestInit: { headers: foreign } })();
    expect(calls[0]!.init.headers).toStrictEqual({ 'x-foreign': 'yes' });
  });
});

describe('faults, plain-call parts', () => {
  it('a body JSON cannot encode: TypeError with cause, nothing sent', async () => {
    const calls = stubFetch();
    const put = new RestEndpoint({ path: '/posts/:id', method: 'PUT', urlPrefix: A });
    const error = await rejectionOf(put({ id: 1 }, { n: 1n }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toContain('request body is not JSON-serializable');
    expect(error.cause).toBeDefined();
    expect(calls).toHaveLength(0);
  });

  it('a network failure: NetworkError, status 0, cause, `${url}: network error (…)`', async () => {
    const failure = new TypeError('getaddrinfo ENOTFOUND api.example.com');
    stubFetch(() => Promise.reject(failure));
    const ep = new RestEndpoint({ path: '/posts', urlPrefix: A });
    const error = await rejectionOf(call(ep, { author: 'ann' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(0);
    expect(error.cause).toBe(failure);
    expect(error.message).toBe(`${A}/posts?author=ann: network error (getaddrinfo ENOTFOUND api.example.com)`);
  });

  it('abort: the AbortError, unchanged', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    stubFetch(() => Promise.reject(abort));
    await expect(new RestEndpoint({ path: '/p', method: 'POST' })({ a: 1 })).rejects.toBe(abort);
  });
});
