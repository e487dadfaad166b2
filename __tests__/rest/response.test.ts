import { Entity, NetworkError, RestEndpoint, schema } from 'rtk-rest';
import { jsonResponse, rejectionOf, restoreFetchAfterEach, stubFetch, typedResponse } from '../support/fetch';

const A = 'https://api.example.com';
restoreFetchAfterEach();

// The key is `Post` so that schema descriptions read exactly as the docs print them.
class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
}

const get = new RestEndpoint({ path: '/posts/:id', urlPrefix: A });
const getPost = new RestEndpoint({ path: '/posts/:id', urlPrefix: A, schema: Post });
const URL1 = `${A}/posts/1`;

describe('(1) status 204 or 205 parses to null', () => {
  it('a 204 parses to null', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(get({ id: 1 })).resolves.toBeNull();
    await expect(getPost({ id: 1 })).resolves.toBeNull();
    await expect(get.parseResponse(new Response(null, { status: 204, headers: { 'content-type': 'text/html' } }))).resolves.toBeNull();
  });

  it('a 205 parses to null', async () => {
    stubFetch(() => new Response(null, { status: 205 }));
    await expect(get({ id: 1 })).resolves.toBeNull();
    await expect(getPost({ id: 1 })).resolves.toBeNull();
  });
});

describe('(2) a Content-Type containing json in any case is read as JSON', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/problem+json',
    'application/vnd.api+json; charset=utf-8',
    'APPLICATION/JSON',
    'text/x-JSON',
  ])('%s is parsed with JSON.parse', async (contentType) => {
    stubFetch(() => typedResponse('{"id":1,"title":"t","list":[1,2]}', contentType));
    await expect(get({ id: 1 })).resolves.toEqual({ id: 1, title: 't', list: [1, 2] });
    await expect(getPost({ id: 1 })).resolves.toEqual({ id: 1, title: 't', list: [1, 2] });
  });

  it('JSON primitives are parsed too', async () => {
    await expect(get.parseResponse(typedResponse('5', 'application/json'))).resolves.toBe(5);
    await expect(get.parseResponse(typedResponse('"x"', 'application/json'))).resolves.toBe('x');
    await expect(get.parseResponse(typedResponse('null', 'application/json'))).resolves.toBeNull();
    await expect(get.parseResponse(typedResponse('false', 'application/json'))).resolves.toBe(false);
  });

  it('an empty JSON body parses to null', async () => {
    stubFetch(() => typedResponse('', 'application/json'));
    await expect(get({ id: 1 })).resolves.toBeNull();
    await expect(getPost({ id: 1 })).resolves.toBeNull();
  });

  it('a whitespace-only JSON body parses to null', async () => {
    stubFetch(() => typedResponse('  \n\t\r ', 'application/json; charset=utf-8'));
    await expect(get({ id: 1 })).resolves.toBeNull();
    await expect(getPost({ id: 1 })).resolves.toBeNull();
  });

  it("bad JSON rejects with a NetworkError with the response's status and the body", async () => {
    const response = typedResponse('{"id": 1,', 'application/json', { status: 201 });
    stubFetch(() => response);
    const error = await rejectionOf(get({ id: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(201);
    expect(error.url).toBe(URL1);
    expect(error.message).toBe(`${URL1}: response body is not valid JSON: {"id": 1,`);
    expect(error.response).toBe(response);
  });

  it('bad JSON with a schema is the same NetworkError (not a processing error)', async () => {
    stubFetch(() => typedResponse('<not json>', 'application/problem+json'));
    const error = await rejectionOf(getPost({ id: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(200);
    expect(error.message).toBe(`${URL1}: response body is not valid JSON: <not json>`);
  });

  it("bad JSON quotes the first 200 characters followed by '…' when cut", async () => {
    const long = '{' + 'x'.repeat(299);
    stubFetch(() => typedResponse(long, 'application/json'));
    const error = await rejectionOf(get({ id: 1 }));
    expect(error.message).toBe(`${URL1}: response body is not valid JSON: ${long.slice(0, 200)}…`);
  });

  it("a body of exactly 200 characters is quoted whole, without '…'", async () => {
    const exact = '{' + 'y'.repeat(199);
    stubFetch(() => typedResponse(exact, 'application/json'));
    const error = await rejectionOf(get({ id: 1 }));
    expect(error.message).toBe(`${URL1}: response body is not valid JSON: ${exact}`);
  });

  it('first200 counts UTF-16 code units', async () => {
    const body = '{' + 'a'.repeat(198) + '😀tail';
    stubFetch(() => typedResponse(body, 'application/json'));
    const error = await rejectionOf(get({ id: 1 }));
    expect(error.message).toBe(`${URL1}: response body is not valid JSON: {${'a'.repeat(198)}\ud83d…`);
  });
});

describe('text or binary is decided on the media type and its charset', () => {
  it.each([
    'application/vnd.github.v3.raw; charset=utf-8',
    'application/octet-stream; charset=utf-8',
    'application/x-custom;charset="UTF-8"',
    'application/vnd.github.raw+xml',
    'application/atom+xml',
    'application/xhtml+xml; q=1',
    'application/ecmascript',
    'application/x-yaml',
    'text/markdown',
  ])('%s is text', async (contentType) => {
    stubFetch(() => typedResponse('# README', contentType));
    await expect(get({ id: 1 })).resolves.toBe('# README');
  });

  it.each([
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/zip',
    'application/octet-stream; charset=binary',
    'image/png; name="text.png"',
    'application/x-htmlhelp',
  ])('%s is binary (a Blob)', async (contentType) => {
    stubFetch(() => typedResponse(new Uint8Array([80, 75, 3, 4]), contentType));
    const result = await get({ id: 1 });
    expect(result).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await (result as Blob).arrayBuffer())]).toEqual([80, 75, 3, 4]);
  });
});

describe('a type that is neither known text nor known binary is decided on its body', () => {
  it.each([
    ['html/text', '<p>swapped type and subtype</p>'],
    ['application/x-custom', 'id,name\n1,ann'],
    ['chemical/x-pdb', 'HEADER    PROTEIN\r\n\tEND'],
    ['application/x-words', 'é ü ✓'],
  ])('%s with a text body resolves to its text', async (contentType, body) => {
    stubFetch(() => typedResponse(body, contentType));
    await expect(get({ id: 1 })).resolves.toBe(body);
  });

  it('an unknown type whose bytes are not text (control bytes, invalid UTF-8) is a Blob of those bytes', async () => {
    for (const bytes of [[0, 1, 2, 3], [0xff, 0xfe, 0x41]]) {
      stubFetch(() => typedResponse(new Uint8Array(bytes), 'application/x-custom'));
      const result = await get({ id: 1 });
      expect(result).toBeInstanceOf(Blob);
      expect([...new Uint8Array(await (result as Blob).arrayBuffer())]).toEqual(bytes);
    }
  });

  it('known binary types stay a Blob even when the bytes read as text', async () => {
    for (const contentType of ['application/octet-stream', 'image/svg', 'application/vnd.ms-excel']) {
      stubFetch(() => typedResponse('plain words', contentType));
      const result = await get({ id: 1 });
      expect(result).toBeInstanceOf(Blob);
      expect(await (result as Blob).text()).toBe('plain words');
    }
  });
});

describe('(3) no schema, no JSON type: Blob for binary types, text otherwise', () => {
  it.each(['application/octet-stream', 'image/png', 'application/pdf', 'audio/mpeg'])('a binary %s body is a Blob', async (contentType) => {
    stubFetch(() => typedResponse(new Uint8Array([1, 2, 3]), contentType));
    const result = await get({ id: 1 });
    expect(result).toBeInstanceOf(Blob);
    const blob = result as Blob;
    expect(blob.size).toBe(3);
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('an empty binary body is null', async () => {
    stubFetch(() => typedResponse(new Uint8Array([]), 'application/octet-stream'));
    await expect(get({ id: 1 })).resolves.toBeNull();
  });

  it.each([
    ['text/plain', 'hello'],
    ['text/html; charset=utf-8', '<p>hi</p>'],
    ['application/xml', '<a/>'],
    ['image/svg+xml', '<svg/>'],
    ['application/javascript', 'let a = 1;'],
    ['text/css', 'a{}'],
    ['text/csv', 'a,b\n1,2'],
    ['application/x-www-form-urlencoded', 'a=1&b=2'],
    ['TEXT/PLAIN', 'upper'],
  ])('a %s body is text', async (contentType, body) => {
    stubFetch(() => typedResponse(body, contentType));
    await expect(get({ id: 1 })).resolves.toBe(body);
  });

  it('a body without Content-Type is text (binary needs a Content-Type)', async () => {
    const response = typedResponse('plain words', null);
    expect(response.headers.get('content-type')).toBeNull();
    stubFetch(() => response);
    await expect(get({ id: 1 })).resolves.toBe('plain words');
  });

  it('an empty text body is null', async () => {
    stubFetch(() => typedResponse('', 'text/plain'));
    await expect(get({ id: 1 })).resolves.toBeNull();
    stubFetch(() => typedResponse('', null));
    await expect(get({ id: 1 })).resolves.toBeNull();
  });

  it('text that looks like JSON is not parsed without a JSON type', async () => {
    stubFetch(() => typedResponse('{"id":1}', 'text/plain'));
    await expect(get({ id: 1 })).resolves.toBe('{"id":1}');
  });
});

describe('(4) a schema and no JSON type', () => {
  it('an empty body is null', async () => {
    stubFetch(() => typedResponse('', 'text/plain'));
    await expect(getPost({ id: 1 })).resolves.toBeNull();
    stubFetch(() => typedResponse('', null));
    await expect(getPost({ id: 1 })).resolves.toBeNull();
  });

  it('a text body rejects with a NetworkError naming URL, schema, Content-Type and body, expecting JSON', async () => {
    stubFetch(() => typedResponse('hello world', 'text/plain; charset=utf-8', { status: 203 }));
    const error = await rejectionOf(getPost({ id: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(203);
    expect(error.url).toBe(URL1);
    expect(error.message).toContain(URL1);
    expect(error.message).toContain('Post');
    expect(error.message).toContain('text/plain; charset=utf-8');
    expect(error.message).toContain('hello world');
    expect(error.message).toMatch(/expected a JSON/i);
  });

  it('a body without Content-Type says "no Content-Type"', async () => {
    stubFetch(() => typedResponse('hello', null));
    const error = await rejectionOf(getPost({ id: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(200);
    expect(error.message).toContain('no Content-Type');
    expect(error.message).toContain('hello');
  });

  it('the message describes other schemas too', async () => {
    stubFetch(() => typedResponse('nope', 'text/plain'));
    const list = new RestEndpoint({ path: '/posts', urlPrefix: A, schema: new schema.Collection([Post]) });
    const error = await rejectionOf(list());
    expect(error.message).toContain(`${A}/posts`);
    expect(error.message).toContain('Collection([Post])');
  });

  it('a binary body with a schema is rejected too (not a Blob)', async () => {
    stubFetch(() => typedResponse(new Uint8Array([65, 66]), 'application/octet-stream'));
    const error = await rejectionOf(getPost({ id: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain('application/octet-stream');
  });

  it('an HTML body (text/html) says an HTML page came back and asks about urlPrefix', async () => {
    stubFetch(() => typedResponse('<!doctype html><html><body>app</body></html>', 'text/html; charset=utf-8'));
    const error = await rejectionOf(getPost({ id: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/HTML/);
    expect(error.message).toContain('urlPrefix');
    expect(error.message).toContain('<!doctype html>');
  });

  it.each([
    ['<!DOCTYPE html><title>x</title>', 'text/plain'],
    ['<HTML><body>x</body></HTML>', null],
    ['<html lang="en">', 'application/octet-stream'],
  ])('a body starting with %p (type %p) is recognised as HTML', async (body, contentType) => {
    stubFetch(() => typedResponse(body, contentType));
    const error = await rejectionOf(getPost({ id: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toMatch(/HTML/);
    expect(error.message).toContain('urlPrefix');
  });

  it('a body that parses as JSON suggests Content-Type: application/json or overriding parseResponse', async () => {
    stubFetch(() => typedResponse('{"id":1,"title":"x"}', 'text/plain'));
    const error = await rejectionOf(getPost({ id: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain('{"id":1,"title":"x"}');
    expect(error.message).toContain('Content-Type: application/json');
    expect(error.message).toContain('parseResponse');
    expect(error.message).not.toContain('urlPrefix');
  });

  it("the non-JSON message quotes the first 200 characters and '…'", async () => {
    const body = 'z'.repeat(250);
    stubFetch(() => typedResponse(body, 'text/plain'));
    const error = await rejectionOf(getPost({ id: 1 }));
    expect(error.message).toContain(`${'z'.repeat(200)}…`);
    expect(error.message).not.toContain('z'.repeat(201));
  });
});

describe('parseResponse may be overridden', () => {
  it('an override reading headers', async () => {
    stubFetch(() => new Response(JSON.stringify([{ id: 1 }]), { headers: { 'content-type': 'application/json', 'x-total': '42' } }));
    const ep = new RestEndpoint({
      path: '/posts',
      async parseResponse(response: Response) {
        return { data: await response.json(), total: Number(response.headers.get('x-total')) };
      },
    });
    await expect(ep()).resolves.toEqual({ data: [{ id: 1 }], total: 42 });
  });

  it('a subclass override can fall back to the default', async () => {
    stubFetch(() => typedResponse('7', 'application/json'));
    class Counting extends RestEndpoint {
      override async parseResponse(response: Response) {
        return { parsed: await super.parseResponse(response), status: response.status };
      }
    }
    await expect(new Counting({ path: '/c' })()).resolves.toEqual({ parsed: 7, status: 200 });
  });
});

describe('process(value, ...args)', () => {
  it('process receives the parsed value and all call arguments, body included', async () => {
    stubFetch(() => jsonResponse({ id: 9 }));
    const seen: unknown[][] = [];
    const create = new RestEndpoint({
      path: '/:group/posts',
      method: 'POST',
      process(value: unknown, ...args: unknown[]) {
        seen.push([value, ...args]);
        return { wrapped: value };
      },
    });
    await expect(create({ group: 'react' }, { title: 'x' })).resolves.toEqual({ wrapped: { id: 9 } });
    expect(seen).toEqual([[{ id: 9 }, { group: 'react' }, { title: 'x' }]]);
    await (create as unknown as (body: unknown) => Promise<unknown>)({ title: 'only body' }).catch(() => undefined);
    expect(seen).toHaveLength(1);
    const flat = new RestEndpoint({ path: '/posts', method: 'POST', process: (value: unknown, ...args: unknown[]) => [value, args] });
    await expect(flat({ title: 'b' })).resolves.toEqual([{ id: 9 }, [{ title: 'b' }]]);
  });

  it('the default process returns its value', () => {
    const value = { a: 1 };
    expect(new RestEndpoint({ path: '/p' }).process(value, { id: 1 })).toBe(value);
  });

  it('an async process is awaited', async () => {
    stubFetch(() => jsonResponse({ n: 2 }));
    const ep = new RestEndpoint({ path: '/p', process: async (value: { n: number }) => value.n * 3 });
    await expect(ep()).resolves.toBe(6);
  });
});

describe('processing errors', () => {
  it('an Error thrown by process is wrapped: status 400, message `Error processing ${key} with schema ${S}: …`, cause', async () => {
    stubFetch(() => jsonResponse({ id: 5 }));
    const boom = new Error('boom');
    const ep = new RestEndpoint({
      path: '/:group/posts/:id',
      urlPrefix: A,
      schema: Post,
      process() {
        throw boom;
      },
    });
    const error = await rejectionOf(ep({ group: 'react', id: 5 }));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBe(boom);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error.status).toBe(400);
    expect(error.message).toBe(`Error processing GET ${A}/react/posts/5 with schema Post: boom`);
    expect(error.cause).toBe(boom);
  });

  it('an error thrown by a parseResponse override is wrapped too', async () => {
    stubFetch(() => jsonResponse({ id: 5 }));
    const bad = new SyntaxError('cannot read');
    const ep = new RestEndpoint({
      path: '/posts/:id',
      urlPrefix: A,
      schema: Post,
      async parseResponse() {
        throw bad;
      },
    });
    const error = await rejectionOf(ep({ id: 5 }));
    expect(error.status).toBe(400);
    expect(error.message).toBe(`Error processing GET ${A}/posts/5 with schema Post: cannot read`);
    expect(error.cause).toBe(bad);
  });

  it('the key in the message leaves out the body', async () => {
    stubFetch(() => jsonResponse({}));
    const ep = new RestEndpoint({
      path: '/:group/posts',
      method: 'POST',
      urlPrefix: A,
      schema: Post,
      process() {
        throw new TypeError('nope');
      },
    });
    const error = await rejectionOf(ep({ group: 'react' }, { title: 'x' }));
    expect(error.message).toBe(`Error processing POST ${A}/react/posts with schema Post: nope`);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('a thrown non-Error value is wrapped, quoted as JSON', async () => {
    stubFetch(() => jsonResponse({}));
    const thrown = { code: 'E1' };
    const ep = new RestEndpoint({
      path: '/p',
      schema: Post,
      process() {
        throw thrown;
      },
    });
    const error = await rejectionOf(ep());
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.message).toContain('Error processing GET /p with schema Post: ');
    expect(error.message).toContain('{"code":"E1"}');
    expect(error.cause).toBe(thrown);
  });

  it('an error with a numeric status passes through unchanged', async () => {
    stubFetch(() => jsonResponse({}));
    const teapot = Object.assign(new Error('teapot'), { status: 418 });
    const zero = Object.assign(new Error('zero'), { status: 0 });
    const thrown = [teapot, zero];
    const ep = new RestEndpoint({
      path: '/p',
      schema: Post,
      process() {
        throw thrown.shift();
      },
    });
    await expect(ep()).rejects.toBe(teapot);
    await expect(ep()).rejects.toBe(zero);
    expect(teapot.message).toBe('teapot');
  });

  it('a NetworkError from parseResponse passes through unchanged', async () => {
    const failure = new NetworkError(new Response(null, { status: 422, statusText: 'Unprocessable' }), `${A}/x`);
    stubFetch(() => jsonResponse({}));
    const ep = new RestEndpoint({
      path: '/p',
      parseResponse: async () => {
        throw failure;
      },
    });
    await expect(ep()).rejects.toBe(failure);
  });

  it('a status that is not a number does not count: the error is wrapped', async () => {
    stubFetch(() => jsonResponse({}));
    const odd = Object.assign(new Error('odd'), { status: '418' });
    const ep = new RestEndpoint({
      path: '/p',
      schema: Post,
      process() {
        throw odd;
      },
    });
    const error = await rejectionOf(ep());
    expect(error).not.toBe(odd);
    expect(error.status).toBe(400);
    expect(error.cause).toBe(odd);
    expect(error.message).toBe('Error processing GET /p with schema Post: odd');
  });

  it.each([
    ['Post', () => Post],
    ['[Post]', () => [Post]],
    ['Collection([Post])', () => new schema.Collection([Post])],
    ['{ results: Collection([Post]), next }', () => ({ results: new schema.Collection([Post]), next: '' })],
  ])('the schema is described as %s', async (description, make) => {
    stubFetch(() => jsonResponse({}));
    const ep = new RestEndpoint({
      path: '/posts',
      urlPrefix: A,
      schema: make(),
      process() {
        throw new Error('x');
      },
    });
    const error = await rejectionOf(ep());
    expect(error.message).toBe(`Error processing GET ${A}/posts with schema ${description}: x`);
  });
});

describe('errors before the request is sent pass through unchanged', () => {
  it('a path TypeError', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    const error = await rejectionOf(getPost({} as { id: number }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).not.toContain('Error processing');
    expect(error.status).toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it('a body-encoding TypeError', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    const cyclic: Record<string, unknown> = {};
    cyclic.me = cyclic;
    const create = new RestEndpoint({ path: '/posts', method: 'POST', schema: Post });
    const error = await rejectionOf(create(cyclic));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).not.toContain('Error processing');
    expect(error.status).toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it('anything thrown by getRequestInit, getHeaders or fetchResponse overrides', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    const noToken = new Error('no token');
    const badHeaders = new Error('bad headers');
    const custom = new Error('custom transport');
    const a = new RestEndpoint({
      path: '/p',
      schema: Post,
      async getRequestInit() {
        throw noToken;
      },
    });
    const b = new RestEndpoint({
      path: '/p',
      schema: Post,
      async getHeaders() {
        throw badHeaders;
      },
    });
    const c = new RestEndpoint({
      path: '/p',
      schema: Post,
      async fetchResponse() {
        throw custom;
      },
    });
    await expect(a()).rejects.toBe(noToken);
    await expect(b()).rejects.toBe(badHeaders);
    await expect(c()).rejects.toBe(custom);
    expect(calls).toHaveLength(0);
    expect([noToken, badHeaders, custom].map((e) => 'status' in e)).toEqual([false, false, false]);
  });
});

describe('a plain call does not validate against the schema', () => {
  it('a response without a primary key resolves as is', async () => {
    stubFetch(() => jsonResponse({ title: 'x' }));
    await expect(getPost({ id: 1 })).resolves.toEqual({ title: 'x' });
  });

  it('a shape mismatch resolves as is', async () => {
    stubFetch(() => jsonResponse([{ id: 1 }]));
    await expect(getPost({ id: 1 })).resolves.toEqual([{ id: 1 }]);
    stubFetch(() => jsonResponse({ not: 'a list' }));
    const list = new RestEndpoint({ path: '/posts', schema: new schema.Collection([Post]) });
    await expect(list()).resolves.toEqual({ not: 'a list' });
    stubFetch(() => jsonResponse('just a string'));
    await expect(getPost({ id: 1 })).resolves.toBe('just a string');
  });
});

describe('the request pipeline', () => {
  function recorder(failAt?: string) {
    const steps: string[] = [];
    const failure = new Error(`failed at ${failAt}`);
    const step = (name: string) => {
      steps.push(name);
      if (name === failAt) throw failure;
    };
    class Recorded extends RestEndpoint {
      override url(urlParams: Record<string, unknown> = {}) {
        step('url');
        return super.url(urlParams);
      }
      override async getRequestInit(body?: unknown) {
        step('getRequestInit');
        return super.getRequestInit(body);
      }
      override fetchResponse(input: RequestInfo, init: RequestInit) {
        step('fetchResponse');
        return super.fetchResponse(input, init);
      }
      override async parseResponse(response: Response) {
        step('parseResponse');
        return super.parseResponse(response);
      }
      override process(value: unknown, ...args: unknown[]) {
        step('process');
        return { value, args };
      }
    }
    return { steps, failure, ep: new Recorded({ path: '/:group/posts', method: 'POST' }) };
  }

  it('split, url, getRequestInit, fetchResponse, parseResponse, process, in that order', async () => {
    const calls = stubFetch(() => jsonResponse({ id: 1 }));
    const { steps, ep } = recorder();
    await expect(ep({ group: 'g' }, { title: 't' })).resolves.toEqual({ value: { id: 1 }, args: [{ group: 'g' }, { title: 't' }] });
    expect(steps).toEqual(['url', 'getRequestInit', 'fetchResponse', 'parseResponse', 'process']);
    expect(calls).toEqual([{ url: '/g/posts', init: expect.objectContaining({ method: 'POST', body: '{"title":"t"}' }) }]);
  });

  it.each([
    ['url', ['url']],
    ['getRequestInit', ['url', 'getRequestInit']],
    ['fetchResponse', ['url', 'getRequestInit', 'fetchResponse']],
  ])('a failure in %s rejects unchanged and stops the pipeline', async (failAt, expected) => {
    stubFetch(() => jsonResponse({ id: 1 }));
    const { steps, failure, ep } = recorder(failAt);
    await expect(ep({ group: 'g' }, {})).rejects.toBe(failure);
    expect(steps).toEqual(expected);
  });

  it.each([
    ['parseResponse', ['url', 'getRequestInit', 'fetchResponse', 'parseResponse']],
    ['process', ['url', 'getRequestInit', 'fetchResponse', 'parseResponse', 'process']],
  ])('a failure in %s rejects (as a processing error) and stops the pipeline', async (failAt, expected) => {
    stubFetch(() => jsonResponse({ id: 1 }));
    const { steps, failure, ep } = recorder(failAt);
    const error = await rejectionOf(ep({ group: 'g' }, {}));
    expect(error.cause).toBe(failure);
    expect(error.status).toBe(400);
    // The processing error's message needs the key, which may call url() again.
    expect(steps.slice(0, expected.length)).toEqual(expected);
    expect(steps.slice(expected.length).every((name) => name === 'url')).toBe(true);
  });

  it('a non-ok response stops before parseResponse', async () => {
    stubFetch(() => jsonResponse({ error: 'x' }, 500));
    const { steps, ep } = recorder();
    const error = await rejectionOf(ep({ group: 'g' }, {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect(steps).toEqual(['url', 'getRequestInit', 'fetchResponse']);
  });
});

describe('NetworkError', () => {
  it("has name 'NetworkError', status, url, response and message `${url}: ${statusText}`", () => {
    const response = new Response('gone', { status: 404, statusText: 'Not Found' });
    const error = new NetworkError(response, `${A}/react/posts/9`);
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.name).toBe('NetworkError');
    expect(error.status).toBe(404);
    expect(error.url).toBe(`${A}/react/posts/9`);
    expect(error.response).toBe(response);
    expect(error.message).toBe(`${A}/react/posts/9: Not Found`);
    expect(error.cause).toBeUndefined();
  });

  it("with an empty status text the message is `${url}: status ${status}`", () => {
    const error = new NetworkError(new Response(null, { status: 503 }), `${A}/react/posts/9`);
    expect(error.message).toBe(`${A}/react/posts/9: status 503`);
    expect(error.status).toBe(503);
  });

  it('the url defaults to response.url', () => {
    const response = new Response(null, { status: 500, statusText: 'Server Error' });
    Object.defineProperty(response, 'url', { value: 'https://other.example.com/x' });
    const error = new NetworkError(response);
    expect(error.url).toBe('https://other.example.com/x');
    expect(error.message).toBe('https://other.example.com/x: Server Error');
  });

  it('toJSON() returns { name, status, message, url }', () => {
    const error = new NetworkError(new Response(null, { status: 404, statusText: 'Not Found' }), `${A}/p`);
    expect(error.toJSON()).toStrictEqual({ name: 'NetworkError', status: 404, message: `${A}/p: Not Found`, url: `${A}/p` });
    expect(JSON.parse(JSON.stringify(error))).toStrictEqual({ name: 'NetworkError', status: 404, message: `${A}/p: Not Found`, url: `${A}/p` });
  });

  it('example: a 404 at …/react/posts/9 through a plain call', async () => {
    const response = new Response('{"detail":"missing"}', { status: 404, statusText: 'Not Found', headers: { 'content-type': 'application/json' } });
    stubFetch(() => response);
    const getIt = new RestEndpoint({ path: '/:group/posts/:id', urlPrefix: A, schema: Post });
    const error = await rejectionOf(getIt({ group: 'react', id: 9 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('https://api.example.com/react/posts/9: Not Found');
    expect(error.status).toBe(404);
    expect(error.url).toBe('https://api.example.com/react/posts/9');
    expect(error.response).toBe(response);
  });

  it('example: the same 404 with an empty status text', async () => {
    stubFetch(() => new Response('', { status: 404 }));
    const getIt = new RestEndpoint({ path: '/:group/posts/:id', urlPrefix: A });
    const error = await rejectionOf(getIt({ group: 'react', id: 9 }));
    expect(error.message).toBe('https://api.example.com/react/posts/9: status 404');
  });
});

describe('faults, plain-call parts', () => {
  it('JSON Content-Type with an unparsable body: NetworkError, the response status, "not valid JSON"', async () => {
    stubFetch(() => typedResponse('{oops', 'application/json'));
    const error = await rejectionOf(getPost({ id: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(200);
    expect(error.message).toContain('response body is not valid JSON');
    expect(error.message).toContain('{oops');
  });

  it('a non-JSON body on an endpoint with a schema: NetworkError with the response status, hinting JSON', async () => {
    stubFetch(() => typedResponse('[{"id":1}]', null));
    const error = await rejectionOf(getPost({ id: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(200);
    expect(error.message).toContain(URL1);
    expect(error.message).toContain('Post');
    expect(error.message).toContain('no Content-Type');
    expect(error.message).toContain('[{"id":1}]');
    expect(error.message).toContain('parseResponse');
  });

  it('an HTML page with status 2xx asks whether urlPrefix points at the API', async () => {
    stubFetch(() => typedResponse('<!DOCTYPE html><div id="root"></div>', 'text/html'));
    const error = await rejectionOf(getPost({ id: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/HTML/);
    expect(error.message).toContain('urlPrefix');
  });

  it('an HTML error page with status 4xx/5xx: `${url}: ${statusText}`, body not parsed, response attached', async () => {
    const response = typedResponse('<html><body>Bad Gateway</body></html>', 'text/html', { status: 502, statusText: 'Bad Gateway' });
    stubFetch(() => response);
    const error = await rejectionOf(getPost({ id: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(502);
    expect(error.message).toBe(`${URL1}: Bad Gateway`);
    expect(error.response).toBe(response);
    expect(response.bodyUsed).toBe(false);
  });

  it('an empty body without a schema resolves null (empty)', async () => {
    for (const make of [() => new Response(null, { status: 204 }), () => new Response(null, { status: 205 }), () => typedResponse('', 'application/json')]) {
      stubFetch(make);
      await expect(get({ id: 1 })).resolves.toBeNull();
    }
  });

  it('HTTP 4xx/5xx, JSON or not: NetworkError with that status and url', async () => {
    stubFetch(() => jsonResponse({ error: 'nope' }, 500));
    const server = await rejectionOf(getPost({ id: 1 }));
    expect(server).toBeInstanceOf(NetworkError);
    expect(server.status).toBe(500);
    expect(server.url).toBe(URL1);
    expect(server.message).toBe(`${URL1}: status 500`);
    stubFetch(() => typedResponse('forbidden', 'text/plain', { status: 403, statusText: 'Forbidden' }));
    const forbidden = await rejectionOf(get({ id: 1 }));
    expect(forbidden.status).toBe(403);
    expect(forbidden.message).toBe(`${URL1}: Forbidden`);
  });

  it('process() or a parseResponse override throws: processing Error, status 400, cause', async () => {
    stubFetch(() => jsonResponse({ id: 1 }));
    const thrown = new RangeError('bad value');
    const ep = new RestEndpoint({
      path: '/:group/posts/:id',
      urlPrefix: A,
      schema: Post,
      process() {
        throw thrown;
      },
    });
    const error = await rejectionOf(ep({ group: 'react', id: 5 }));
    expect(error.status).toBe(400);
    expect(error.cause).toBe(thrown);
    expect(error.message).toBe(`Error processing GET ${A}/react/posts/5 with schema Post: bad value`);
  });
});
