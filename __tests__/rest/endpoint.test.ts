import { Entity, RestEndpoint, schema } from 'rtk-rest';
import { call, jsonResponse, restoreFetchAfterEach, stubFetch } from '../support/fetch';

const A = 'https://api.example.com';
restoreFetchAfterEach();

class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'RtEpPost';
}

describe('new RestEndpoint(options) returns a callable endpoint', () => {
  it('the endpoint is a function and an instance of RestEndpoint', () => {
    const ep = new RestEndpoint({ path: '/posts/:id' });
    expect(typeof ep).toBe('function');
    expect(ep).toBeInstanceOf(RestEndpoint);
  });

  it('await endpoint(...args) runs the request and resolves to the processed response', async () => {
    const calls = stubFetch(() => jsonResponse({ id: 5, title: 'hi' }));
    const ep = new RestEndpoint({ path: '/:group/posts/:id', urlPrefix: A });
    await expect(ep({ group: 'react', id: 5 })).resolves.toEqual({ id: 5, title: 'hi' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`${A}/react/posts/5`);
    expect(calls[0]!.init.method).toBe('GET');
  });

  it('a plain call with a schema never builds entity instances', async () => {
    stubFetch(() => jsonResponse({ id: 5, title: 'hi' }));
    const ep = new RestEndpoint({ path: '/posts/:id', schema: Post });
    const result = await ep({ id: 5 });
    expect(result).toEqual({ id: 5, title: 'hi' });
    expect(result).not.toBeInstanceOf(Post);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });

  it('a plain call with a Collection schema resolves to the raw JSON array', async () => {
    stubFetch(() => jsonResponse([{ id: 1 }, { id: 2 }]));
    const ep = new RestEndpoint({ path: '/posts', schema: new schema.Collection([Post]) });
    const result = (await ep()) as unknown[];
    expect(result).toEqual([{ id: 1 }, { id: 2 }]);
    expect(result[0]).not.toBeInstanceOf(Post);
  });
});

describe('member defaults', () => {
  it('path is required: construction throws "RestEndpoint: path is required"', () => {
    expect(() => new RestEndpoint({} as { path: string })).toThrow(new Error('RestEndpoint: path is required'));
    expect(() => new RestEndpoint({ urlPrefix: A } as unknown as { path: string })).toThrow('RestEndpoint: path is required');
  });

  it("urlPrefix defaults to '' and is prepended verbatim", () => {
    expect(new RestEndpoint({ path: '/posts/:id' }).urlPrefix).toBe('');
    expect(new RestEndpoint({ path: '/posts/:id' }).url({ id: 5 })).toBe('/posts/5');
    expect(new RestEndpoint({ path: 'posts/:id', urlPrefix: `${A}/v1/` }).url({ id: 5 })).toBe(`${A}/v1/posts/5`);
  });

  it("method defaults to 'GET'", () => {
    const ep = new RestEndpoint({ path: '/posts' });
    expect(ep.method).toBe('GET');
    expect(ep.key()).toBe('GET /posts');
  });

  it("method is 'POST' when sideEffect: true is given without method", () => {
    const ep = new RestEndpoint({ path: '/posts', sideEffect: true });
    expect(ep.method).toBe('POST');
    expect(ep.sideEffect).toBe(true);
    expect(ep.key()).toBe('POST /posts');
  });

  it('method is upper-cased at construction', () => {
    const ep = new RestEndpoint({ path: '/posts/:id', method: 'patch' });
    expect(ep.method).toBe('PATCH');
    expect(ep.key({ id: 1 }, {})).toBe('PATCH /posts/1');
    expect(ep.name).toBe('PATCH /posts/:id');
  });

  it('sideEffect defaults to true when method is not GET, else undefined', () => {
    expect(new RestEndpoint({ path: '/p' }).sideEffect).toBeUndefined();
    expect(new RestEndpoint({ path: '/p', method: 'GET' }).sideEffect).toBeUndefined();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'post']) {
      expect(new RestEndpoint({ path: '/p', method }).sideEffect).toBe(true);
    }
  });

  it('an explicit sideEffect wins, including undefined and false (a POST read)', () => {
    const search = new RestEndpoint({ path: '/search', method: 'POST', sideEffect: false });
    expect(search.sideEffect).toBe(false);
    expect(search.method).toBe('POST');
    const explicitUndefined = new RestEndpoint({ path: '/search', method: 'POST', sideEffect: undefined });
    expect(explicitUndefined.sideEffect).toBeUndefined();
    expect(new RestEndpoint({ path: '/p', method: 'GET', sideEffect: true }).sideEffect).toBe(true);
  });

  it('the optional members default to undefined', () => {
    const ep = new RestEndpoint({ path: '/p' });
    expect(ep.schema).toBeUndefined();
    expect(ep.paginationField).toBeUndefined();
    expect(ep.requestInit).toBeUndefined();
    expect(ep.signal).toBeUndefined();
    expect(ep.dataExpiryLength).toBeUndefined();
    expect(ep.errorExpiryLength).toBeUndefined();
    expect(ep.pollFrequency).toBeUndefined();
    expect(ep.errorPolicy).toBeUndefined();
    expect(ep.getOptimisticResponse).toBeUndefined();
    expect(ep.update).toBeUndefined();
  });

  it('invalidIfStale defaults to false', () => {
    expect(new RestEndpoint({ path: '/p' }).invalidIfStale).toBe(false);
    expect(new RestEndpoint({ path: '/p', invalidIfStale: true }).invalidIfStale).toBe(true);
  });

  it('invalidIfStale: a subclass field overrides the default; an assignment sets the endpoint\'s own value only', () => {
    class Strict extends RestEndpoint {
      override invalidIfStale = true;
    }
    expect(new Strict({ path: '/p' }).invalidIfStale).toBe(true);
    // A subclass field compiled with [[Set]] semantics assigns: the endpoint gets its own value.
    const assigned = new RestEndpoint({ path: '/p' }) as { invalidIfStale?: boolean };
    assigned.invalidIfStale = true;
    expect({ own: Object.getOwnPropertyDescriptor(assigned, 'invalidIfStale')?.value, others: new RestEndpoint({ path: '/q' }).invalidIfStale }).toEqual({ own: true, others: false });
  });

  it('every member given as an option is kept', () => {
    const controller = new AbortController();
    const errorPolicy = () => 'soft' as const;
    const getOptimisticResponse = () => ({ id: 1 });
    const update = () => ({});
    const requestInit: RequestInit = { credentials: 'include' };
    const ep = new RestEndpoint({
      path: '/p',
      schema: Post,
      paginationField: 'cursor',
      requestInit,
      signal: controller.signal,
      dataExpiryLength: 10,
      errorExpiryLength: 20,
      pollFrequency: 30,
      invalidIfStale: true,
      errorPolicy,
      getOptimisticResponse,
      update,
    });
    expect(ep.schema).toBe(Post);
    expect(ep.paginationField).toBe('cursor');
    expect(ep.requestInit).toBe(requestInit);
    expect(ep.signal).toBe(controller.signal);
    expect([ep.dataExpiryLength, ep.errorExpiryLength, ep.pollFrequency]).toEqual([10, 20, 30]);
    expect(ep.invalidIfStale).toBe(true);
    expect(ep.errorPolicy).toBe(errorPolicy);
    expect(ep.getOptimisticResponse).toBe(getOptimisticResponse);
    expect(ep.update).toBe(update);
  });

  it('body absent: a POST takes a body; explicit body: undefined removes the body argument', async () => {
    const calls = stubFetch();
    const withBody = new RestEndpoint({ path: '/:group/posts', method: 'POST' });
    await withBody({ group: 'react' }, { title: 'x' });
    expect(calls[0]!.url).toBe('/react/posts');
    expect(calls[0]!.init.body).toBe('{"title":"x"}');

    const noBody = new RestEndpoint({ path: '/:group/posts', method: 'POST', body: undefined });
    await noBody({ group: 'react' });
    expect(calls[1]!.url).toBe('/react/posts');
    expect(calls[1]!.init.body).toBeUndefined();
    expect(calls[1]!.init.method).toBe('POST');
  });

  it('name defaults to `${method} ${urlPrefix}${path}`', () => {
    expect(new RestEndpoint({ path: '/:group/posts/:id', urlPrefix: A }).name).toBe(`GET ${A}/:group/posts/:id`);
    expect(new RestEndpoint({ path: '/posts', method: 'put' }).name).toBe('PUT /posts');
    expect(new RestEndpoint({ path: '/posts', sideEffect: true }).name).toBe('POST /posts');
    expect(new RestEndpoint({ path: '/posts', name: 'Post.create' }).name).toBe('Post.create');
  });

  it('the name appears in error messages', () => {
    const ep = new RestEndpoint({ path: '/:group/posts/:id', urlPrefix: A });
    expect(() => ep.url({ group: 'react' })).toThrow(`GET ${A}/:group/posts/:id: missing path parameter(s) "id"`);
  });

  it('url, searchToString, key and testKey may be given as options', () => {
    const ep = new RestEndpoint({
      path: '/posts/:id',
      url(params: { id: number }) {
        return `https://dyn.example.com/posts/${params.id}`;
      },
      testKey(key: string) {
        return key.startsWith('GET https://dyn.example.com/');
      },
    });
    expect(ep.url({ id: 3 })).toBe('https://dyn.example.com/posts/3');
    expect(ep.key({ id: 3 })).toBe('GET https://dyn.example.com/posts/3');
    expect(ep.testKey('GET https://dyn.example.com/posts/3')).toBe(true);
    expect(ep.testKey('GET /posts/3')).toBe(false);

    const custom = new RestEndpoint({
      path: '/posts',
      searchToString(params: Record<string, unknown>) {
        return `q=${JSON.stringify(params)}`;
      },
      key(...args: unknown[]) {
        return `custom ${args.length}`;
      },
    });
    expect(custom.url({ a: 1 })).toBe('/posts?q={"a":1}');
    expect(custom.key({ a: 1 })).toBe('custom 1');
  });

  it('the request hooks may be given as options and are used by a call', async () => {
    const calls = stubFetch(() => jsonResponse({ n: 1 }));
    const ep = new RestEndpoint({
      path: '/p',
      getHeaders(headers: Record<string, string>) {
        return { ...headers, 'X-Opt': 'yes' };
      },
      process(value: { n: number }) {
        return value.n + 1;
      },
    });
    await expect(ep()).resolves.toBe(2);
    expect(calls[0]!.init.headers).toEqual({ 'X-Opt': 'yes' });
  });

  it('members may be subclass method overrides', async () => {
    stubFetch(() => jsonResponse({ n: 1 }));
    class Doubling extends RestEndpoint {
      override process(value: { n: number }) {
        return value.n * 10;
      }
      override url() {
        return 'https://sub.example.com/x';
      }
    }
    const ep = new Doubling({ path: '/p' });
    expect(ep).toBeInstanceOf(Doubling);
    expect(ep.key()).toBe('GET https://sub.example.com/x');
    await expect(ep()).resolves.toBe(10);
  });

  it('constructor options win over subclass method overrides', async () => {
    stubFetch(() => jsonResponse({ n: 1 }));
    class Sub extends RestEndpoint {
      override process(value: { n: number }) {
        return `sub ${value.n}`;
      }
      override url() {
        return '/from-subclass';
      }
    }
    const ep = new Sub({
      path: '/p',
      process(value: { n: number }) {
        return `option ${value.n}`;
      },
      url() {
        return '/from-option';
      },
    });
    expect(ep.url()).toBe('/from-option');
    expect(ep.key()).toBe('GET /from-option');
    await expect(ep()).resolves.toBe('option 1');
  });

  it('subclass class fields are defaults', () => {
    class Api extends RestEndpoint {
      override urlPrefix = 'https://x.example.com';
      override dataExpiryLength = 5000;
    }
    const ep = new Api({ path: '/p/:id' });
    expect(ep.urlPrefix).toBe('https://x.example.com');
    expect(ep.dataExpiryLength).toBe(5000);
    expect(ep.url({ id: 1 })).toBe('https://x.example.com/p/1');
    expect(ep.name).toBe('GET https://x.example.com/p/:id');
    expect(ep.key({ id: 1 })).toBe('GET https://x.example.com/p/1');
  });

  it('constructor options win over subclass class fields', () => {
    class Api extends RestEndpoint {
      override urlPrefix = 'https://x.example.com';
      override dataExpiryLength = 5000;
      override schema: unknown = Post;
    }
    const ep = new Api({ path: '/p/:id', urlPrefix: 'https://y.example.com', dataExpiryLength: 7, schema: undefined });
    expect(ep).toBeInstanceOf(Api);
    expect(ep.urlPrefix).toBe('https://y.example.com');
    expect(ep.url({ id: 1 })).toBe('https://y.example.com/p/1');
    expect(ep.key({ id: 1 })).toBe('GET https://y.example.com/p/1');
    expect(ep.name).toBe('GET https://y.example.com/p/:id');
    expect(ep.dataExpiryLength).toBe(7);
    expect(ep.schema).toBeUndefined();
  });

  it('a subclass method field is upper-cased and drives sideEffect and the body argument', async () => {
    const calls = stubFetch();
    class Poster extends RestEndpoint {
      override method = 'post';
    }
    const ep = new Poster({ path: '/:group/posts' });
    expect(ep.method).toBe('POST');
    expect(ep.sideEffect).toBe(true);
    expect(ep.name).toBe('POST /:group/posts');
    expect(ep.key({ group: 'react' }, {})).toBe('POST /react/posts');
    await call(ep, { group: 'react' }, { title: 'x' });
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"title":"x"}');
  });

  it('a subclass path field is the default template, validated at construction', () => {
    class Posts extends RestEndpoint {
      override path = '/posts/:id';
    }
    const ep = new Posts({} as { path: string });
    expect(ep.url({ id: 4 })).toBe('/posts/4');
    expect(ep.name).toBe('GET /posts/:id');
    expect(new Posts({ path: '/other/:x' }).url({ x: 1 })).toBe('/other/1');
    class Bad extends RestEndpoint {
      override path = '/a/:id+';
    }
    expect(() => new Bad({} as { path: string })).toThrow('Invalid path "/a/:id+"');
  });

  it('a subclass sideEffect field without method makes the method POST', () => {
    class Mutation extends RestEndpoint {
      override sideEffect = true as const;
    }
    const ep = new Mutation({ path: '/p' });
    expect(ep.method).toBe('POST');
    expect(ep.sideEffect).toBe(true);
  });

  it('a constructor method option wins over a subclass method field', () => {
    class Poster extends RestEndpoint {
      override method = 'POST';
    }
    const ep = new Poster({ path: '/p', method: 'put' });
    expect(ep.method).toBe('PUT');
    expect(ep.name).toBe('PUT /p');
  });
});

describe('expiry and polling options are validated at construction', () => {
  it('dataExpiryLength and errorExpiryLength accept numbers >= 0 and Infinity', () => {
    for (const value of [0, 1, 60_000, Infinity]) {
      expect(new RestEndpoint({ path: '/p', dataExpiryLength: value }).dataExpiryLength).toBe(value);
      expect(new RestEndpoint({ path: '/p', errorExpiryLength: value }).errorExpiryLength).toBe(value);
    }
  });

  it.each([-1, NaN, -Infinity, '5', null, {}])('dataExpiryLength %p throws a RangeError naming the option and the endpoint', (value) => {
    expect(() => new RestEndpoint({ path: '/p', name: 'Post.get', dataExpiryLength: value as number })).toThrow(RangeError);
    expect(() => new RestEndpoint({ path: '/p', name: 'Post.get', dataExpiryLength: value as number })).toThrow(/Post\.get.*dataExpiryLength/);
  });

  it.each([-1, NaN, 'x'])('errorExpiryLength %p throws a RangeError naming the option and the endpoint', (value) => {
    expect(() => new RestEndpoint({ path: '/p', errorExpiryLength: value as number })).toThrow(RangeError);
    expect(() => new RestEndpoint({ path: '/p', errorExpiryLength: value as number })).toThrow(/GET \/p.*errorExpiryLength/);
  });

  it('pollFrequency must be a finite number > 0', () => {
    expect(new RestEndpoint({ path: '/p', pollFrequency: 1000 }).pollFrequency).toBe(1000);
    expect(new RestEndpoint({ path: '/p', pollFrequency: 0.5 }).pollFrequency).toBe(0.5);
    for (const value of [0, -5, Infinity, NaN, '1000']) {
      expect(() => new RestEndpoint({ path: '/p', name: 'Poll.me', pollFrequency: value as number })).toThrow(RangeError);
      expect(() => new RestEndpoint({ path: '/p', name: 'Poll.me', pollFrequency: value as number })).toThrow(/Poll\.me.*pollFrequency/);
    }
  });

  it('the check also applies to extend options and subclass defaults', () => {
    const ep = new RestEndpoint({ path: '/p' });
    expect(() => ep.extend({ dataExpiryLength: -1 })).toThrow(RangeError);
    expect(() => ep.extend({ pollFrequency: 0 })).toThrow(/pollFrequency/);
    class Broken extends RestEndpoint {
      override errorExpiryLength = -10;
    }
    expect(() => new Broken({ path: '/p' })).toThrow(RangeError);
  });
});

describe('the configuration is fixed after construction', () => {
  it('mutating the options object afterwards changes nothing', () => {
    const options = { path: '/a/:id', urlPrefix: 'https://x.example.com', method: 'GET' };
    const ep = new RestEndpoint(options);
    options.path = '/b/:id';
    options.urlPrefix = 'https://y.example.com';
    options.method = 'POST';
    expect(ep.url({ id: 1 })).toBe('https://x.example.com/a/1');
    expect(ep.key({ id: 1 })).toBe('GET https://x.example.com/a/1');
    expect(ep.method).toBe('GET');
    expect(ep.path).toBe('/a/:id');
  });

  it('members are readonly in the types; extend gives a changed copy', () => {
    const ep = new RestEndpoint({ path: '/a', urlPrefix: 'https://x.example.com' });
    const mutate = () => {
      // @ts-expect-error urlPrefix is readonly
      ep.urlPrefix = 'https://y.example.com';
    };
    expect(typeof mutate).toBe('function');
    const changed = ep.extend({ urlPrefix: 'https://y.example.com' });
    expect(changed.url()).toBe('https://y.example.com/a');
    expect(ep.url()).toBe('https://x.example.com/a');
  });
});

describe('which endpoints take a body argument', () => {
  it('POST, PUT and PATCH take a body', async () => {
    const calls = stubFetch();
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const ep = new RestEndpoint({ path: '/posts/:id', method });
      await call(ep, { id: 1 }, { title: method });
    }
    expect(calls.map((c) => [c.init.method, c.url, c.init.body])).toEqual([
      ['POST', '/posts/1', '{"title":"POST"}'],
      ['PUT', '/posts/1', '{"title":"PUT"}'],
      ['PATCH', '/posts/1', '{"title":"PATCH"}'],
    ]);
  });

  it('GET, HEAD and DELETE never send a body, whatever the options', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    for (const method of ['GET', 'HEAD', 'DELETE']) {
      const ep = new RestEndpoint({ path: '/posts/:id', method, body: {} as { title: string } });
      await call(ep, { id: 7 }, { title: 'ignored' });
    }
    expect(calls.map((c) => [c.init.method, c.url, c.init.body])).toEqual([
      ['GET', '/posts/7', undefined],
      ['HEAD', '/posts/7', undefined],
      ['DELETE', '/posts/7', undefined],
    ]);
  });

  it('an explicit body: undefined removes the body of a POST', async () => {
    const calls = stubFetch();
    const ep = new RestEndpoint({ path: '/posts/:id/like', method: 'POST', body: undefined });
    await ep({ id: 3 });
    expect(calls[0]!.url).toBe('/posts/3/like');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(ep.key({ id: 3 })).toBe('POST /posts/3/like');
  });
});

describe('argument split', () => {
  it('with a body, no argument: urlParams {} and no body', async () => {
    const calls = stubFetch();
    const ep = new RestEndpoint({ path: '/posts', method: 'POST' });
    await call(ep);
    expect(calls[0]!.url).toBe('/posts');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(ep.key()).toBe('POST /posts');
  });

  it('with a body, one argument: it is the body and urlParams is {}', async () => {
    const calls = stubFetch();
    const ep = new RestEndpoint({ path: '/posts', method: 'POST' });
    await ep({ title: 'x', tag: 'a' });
    expect(calls[0]!.url).toBe('/posts');
    expect(calls[0]!.init.body).toBe('{"title":"x","tag":"a"}');
    expect(ep.key({ title: 'x', tag: 'a' })).toBe('POST /posts');
  });

  it('with a body, two or more arguments: urlParams = args[0] ?? {} and the body is the last argument', async () => {
    const calls = stubFetch();
    const ep = new RestEndpoint({ path: '/:group/posts', method: 'POST' });
    await call(ep, { group: 'react', q: 1 }, 'middle', { title: 'last' });
    expect(calls[0]!.url).toBe('/react/posts?q=1');
    expect(calls[0]!.init.body).toBe('{"title":"last"}');
    expect(ep.key({ group: 'react', q: 1 }, 'middle', { title: 'last' })).toBe('POST /react/posts?q=1');

    const flat = new RestEndpoint({ path: '/posts', method: 'POST' });
    await call(flat, null, { title: 'n' });
    expect(calls[1]!.url).toBe('/posts');
    expect(calls[1]!.init.body).toBe('{"title":"n"}');
    await call(flat, undefined, { title: 'u' });
    expect(calls[2]!.url).toBe('/posts');
    expect(calls[2]!.init.body).toBe('{"title":"u"}');
  });

  it('without a body: urlParams = args[0] ?? {}; further arguments are ignored by the URL and the request', async () => {
    const calls = stubFetch();
    const ep = new RestEndpoint({ path: '/posts' });
    await call(ep);
    await call(ep, undefined);
    await call(ep, null);
    await call(ep, { page: 2 }, { ignored: true });
    expect(calls.map((c) => c.url)).toEqual(['/posts', '/posts', '/posts', '/posts?page=2']);
    expect(calls[3]!.init.body).toBeUndefined();
    expect(ep.key({ page: 2 }, { ignored: true })).toBe('GET /posts?page=2');
  });

  it('without a body, further arguments are still passed to process', async () => {
    stubFetch(() => jsonResponse({ v: 1 }));
    const seen: unknown[][] = [];
    const ep = new RestEndpoint({
      path: '/posts/:id',
      process(value: unknown, ...args: unknown[]): string {
        seen.push([value, ...args]);
        return 'done';
      },
    });
    await expect(call(ep, { id: 1 }, 'extra', 3)).resolves.toBe('done');
    expect(seen).toEqual([[{ v: 1 }, { id: 1 }, 'extra', 3]]);
  });

  it('example: a lone argument of a POST is the body, so the missing-parameter TypeError rejects', async () => {
    const calls = stubFetch();
    const ep = new RestEndpoint({ path: '/:group/posts', method: 'POST' });
    const lone = call(ep, { group: 'react' });
    await expect(lone).rejects.toThrow(TypeError);
    await expect(lone).rejects.toThrow('missing path parameter(s) "group" for path "/:group/posts"');
    await expect(lone).rejects.toThrow('POST /:group/posts');
    expect(calls).toHaveLength(0);

    await ep({ group: 'react' }, { title: 'x' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/react/posts');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"title":"x"}');
  });

  it('the error says that the lone argument was read as the body, and how to pass parameters', async () => {
    stubFetch();
    const patch = new RestEndpoint({ path: '/:group/posts/:id', method: 'PATCH', urlPrefix: A, name: 'Post.partialUpdate' });
    const hint = 'Post.partialUpdate sends a body, so it takes (params, body): its one argument was read as the body';
    expect(() => patch.key({ group: 'react', id: 5 })).toThrow(hint);
    await expect(call(patch, { group: 'react', id: 5 })).rejects.toThrow(hint);
    // Two arguments: the first holds the parameters, even with no body.
    expect(patch.key({ group: 'react', id: 5 }, undefined)).toBe(`PATCH ${A}/react/posts/5`);
    // Without a body there is nothing to mistake: no hint.
    const get = new RestEndpoint({ path: '/:group/posts/:id', urlPrefix: A, name: 'Post.get' });
    expect(() => get.key({ group: 'react' })).not.toThrow(/read as the body/);
    expect(() => get.key({ group: 'react' })).toThrow(TypeError);
  });

  it('key() and url() use the same split', () => {
    const ep = new RestEndpoint({ path: '/:group/posts', method: 'POST' });
    expect(() => ep.key({ group: 'react' })).toThrow(TypeError);
    expect(ep.key({ group: 'react' }, { title: 'x' })).toBe('POST /react/posts');
  });

  it('the body never takes part in the key', () => {
    const patch = new RestEndpoint({ path: '/posts/:id', method: 'PATCH', urlPrefix: A });
    expect(patch.key({ id: 5 }, { title: 'a' })).toBe(`PATCH ${A}/posts/5`);
    expect(patch.key({ id: 5 }, { title: 'b' })).toBe(patch.key({ id: 5 }, { title: 'a' }));
  });
});

describe('bad input, plain-call parts', () => {
  it('a missing path parameter: url() and key() throw, the call rejects, nothing is sent', async () => {
    const calls = stubFetch();
    const get = new RestEndpoint({ path: '/:group/posts/:id', urlPrefix: A, name: 'Post.get' });
    const message = 'Post.get: missing path parameter(s) "group", "id" for path "/:group/posts/:id"';
    expect(() => get.url({})).toThrow(new TypeError(message));
    expect(() => get.key({})).toThrow(message);
    expect(() => get.url({ group: 'react' })).toThrow('Post.get: missing path parameter(s) "id" for path "/:group/posts/:id"');
    await expect(call(get, { group: 'react' })).rejects.toThrow(TypeError);
    await expect(call(get, { group: 'react' })).rejects.not.toHaveProperty('status');
    expect(calls).toHaveLength(0);
  });

  it('a wrong path parameter type throws a TypeError naming endpoint, parameter and type', async () => {
    const calls = stubFetch();
    const get = new RestEndpoint({ path: '/posts/:id', name: 'Post.get' });
    expect(() => get.url({ id: true })).toThrow(new TypeError('Post.get: path parameter "id" must be a string or number, got boolean'));
    expect(() => get.key({ id: {} })).toThrow(TypeError);
    expect(() => get.key({ id: {} })).toThrow(/Post\.get.*"id"/);
    const files = new RestEndpoint({ path: '/files/*path', name: 'File.get' });
    expect(() => files.url({ path: 'x' })).toThrow(TypeError);
    expect(() => files.url({ path: 'x' })).toThrow(/File\.get.*"path"/);
    await expect(call(get, { id: true })).rejects.toThrow('must be a string or number, got boolean');
    expect(calls).toHaveLength(0);
  });

  it('a nested object in search parameters throws a TypeError suggesting searchToString', async () => {
    const calls = stubFetch();
    const list = new RestEndpoint({ path: '/posts', name: 'Post.getList' });
    expect(() => list.url({ filter: { a: 1 } })).toThrow(TypeError);
    expect(() => list.key({ filter: { a: 1 } })).toThrow('Post.getList: search parameter "filter" is an object');
    await expect(call(list, { filter: { a: 1 } })).rejects.toThrow('searchToString');
    expect(calls).toHaveLength(0);
  });

  it('an invalid template throws at construction, quoting template, token, index and fix', () => {
    expect(() => new RestEndpoint({ path: '/users/:id(\\d+)' })).toThrow(
      'Invalid path "/users/:id(\\d+)": unexpected "(" at index 10. Parameter patterns are not supported',
    );
    expect(() => new RestEndpoint({ path: '/users/:id+' })).toThrow('*id');
    expect(() => new RestEndpoint({ path: 'https://api.example.com/:id' })).toThrow(/Invalid path "https:\/\/api\.example\.com\/:id"/);
    expect(() => new RestEndpoint({ path: '/a/:id' }).extend({ path: '/a?b' })).toThrow('Invalid path "/a?b"');
  });
});
