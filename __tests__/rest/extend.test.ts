import { Entity, RestEndpoint, normalize, schema } from 'rtk-rest';
import type { EntityMeta, NormalizedTables } from 'rtk-rest';
import { call, jsonResponse, restoreFetchAfterEach, stubFetch } from '../support/fetch';

const A = 'https://api.example.com';
restoreFetchAfterEach();

class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'RtExtPost';
}
class Tag extends Entity {
  id = 0;
  pk() {
    return `${this.id}`;
  }
  static override key = 'RtExtTag';
}

const custom = (endpoint: unknown, field: string) => (endpoint as Record<string, unknown>)[field];

describe('extend() returns a new endpoint of the same class', () => {
  it('the result is a new callable RestEndpoint; the original is unchanged', async () => {
    const calls = stubFetch();
    const getPost = new RestEndpoint({ path: '/posts/:id', urlPrefix: A, schema: Post });
    const updatePost = getPost.extend({ method: 'PUT' });
    expect(updatePost).not.toBe(getPost);
    expect(typeof updatePost).toBe('function');
    expect(updatePost).toBeInstanceOf(RestEndpoint);
    expect(updatePost.method).toBe('PUT');
    expect(getPost.method).toBe('GET');
    expect(getPost.sideEffect).toBeUndefined();
    expect(getPost.name).toBe(`GET ${A}/posts/:id`);
    expect(getPost.key({ id: 1 })).toBe(`GET ${A}/posts/1`);
    await getPost({ id: 1 });
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it('the class and its overrides are kept', async () => {
    const calls = stubFetch(() => jsonResponse({ n: 2 }));
    class Authed extends RestEndpoint {
      override getHeaders(headers: Record<string, string>) {
        return { ...headers, Authorization: 'Bearer x' };
      }
      override process(value: { n: number }) {
        return value.n * 100;
      }
    }
    const base = new Authed({ path: '/posts/:id', urlPrefix: A });
    const put = base.extend({ method: 'PUT' });
    expect(put).toBeInstanceOf(Authed);
    expect(put).toBeInstanceOf(RestEndpoint);
    await expect(put({ id: 3 }, { title: 'x' })).resolves.toBe(200);
    expect(calls[0]!.url).toBe(`${A}/posts/3`);
    expect(calls[0]!.init.headers).toStrictEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer x' });
  });

  it('subclass class-field defaults and constructor options survive extend', () => {
    class Api extends RestEndpoint {
      override urlPrefix = 'https://x.example.com';
      override dataExpiryLength = 1234;
    }
    const byField = new Api({ path: '/p/:id' });
    const moved = byField.extend({ path: '/q/:id' });
    expect(moved).toBeInstanceOf(Api);
    expect(moved.url({ id: 1 })).toBe('https://x.example.com/q/1');
    expect(moved.dataExpiryLength).toBe(1234);
    expect(moved.name).toBe('GET https://x.example.com/q/:id');

    const byOption = new Api({ path: '/p/:id', urlPrefix: 'https://y.example.com', dataExpiryLength: 9 });
    const moved2 = byOption.extend({ path: '/q/:id' });
    expect(moved2.url({ id: 1 })).toBe('https://y.example.com/q/1');
    expect(moved2.dataExpiryLength).toBe(9);
  });

  it('extend options win over the subclass defaults and the original options', () => {
    class Api extends RestEndpoint {
      override urlPrefix = 'https://x.example.com';
    }
    const base = new Api({ path: '/p' });
    const other = base.extend({ urlPrefix: 'https://z.example.com', process: () => 'extended' });
    expect(other.url()).toBe('https://z.example.com/p');
    expect(other.process(1)).toBe('extended');
    expect(base.url()).toBe('https://x.example.com/p');
    expect(base.process(1)).toBe(1);
  });
});

describe('recomputed on extend', () => {
  it('sideEffect follows a new method when sideEffect is not given', () => {
    const get = new RestEndpoint({ path: '/p' });
    expect(get.extend({ method: 'PUT' }).sideEffect).toBe(true);
    expect(get.extend({ method: 'delete' }).sideEffect).toBe(true);
    const create = new RestEndpoint({ path: '/p', method: 'POST' });
    expect(create.extend({ method: 'GET' }).sideEffect).toBeUndefined();
    const search = new RestEndpoint({ path: '/search', method: 'POST', sideEffect: false });
    expect(search.extend({ method: 'PUT' }).sideEffect).toBe(true);
  });

  it('an explicit sideEffect is kept when no method is given, and wins when given', () => {
    const search = new RestEndpoint({ path: '/search', method: 'POST', sideEffect: false });
    expect(search.extend({ urlPrefix: A }).sideEffect).toBe(false);
    expect(search.extend({ urlPrefix: A }).method).toBe('POST');
    const get = new RestEndpoint({ path: '/p' });
    expect(get.extend({ method: 'POST', sideEffect: false }).sideEffect).toBe(false);
    expect(get.extend({ method: 'PUT', sideEffect: undefined }).sideEffect).toBeUndefined();
    expect(get.extend({ sideEffect: true }).sideEffect).toBe(true);
    const undef = new RestEndpoint({ path: '/p', method: 'POST', sideEffect: undefined });
    expect(undef.extend({ urlPrefix: A }).sideEffect).toBeUndefined();
  });

  it('getPost.extend({ method: "PUT" }) is called (params, body) and sends the body', async () => {
    const calls = stubFetch();
    const getPost = new RestEndpoint({ path: '/:group/posts/:id', urlPrefix: A });
    const put = getPost.extend({ method: 'PUT' });
    await put({ group: 'react', id: 5 }, { title: 'x' });
    expect(calls[0]!.url).toBe(`${A}/react/posts/5`);
    expect(calls[0]!.init.method).toBe('PUT');
    expect(calls[0]!.init.body).toBe('{"title":"x"}');
    expect(put.key({ group: 'react', id: 5 }, { title: 'x' })).toBe(`PUT ${A}/react/posts/5`);
  });

  it('the body argument follows the resulting method and body', async () => {
    const calls = stubFetch();
    const create = new RestEndpoint({ path: '/:group/posts', method: 'POST' });
    const read = create.extend({ method: 'GET' });
    await call(read, { group: 'react' }, { title: 'ignored' });
    expect(calls[0]!.url).toBe('/react/posts');
    expect(calls[0]!.init.body).toBeUndefined();

    const noBody = create.extend({ body: undefined });
    await call(noBody, { group: 'react' });
    expect(calls[1]!.url).toBe('/react/posts');
    expect(calls[1]!.init.body).toBeUndefined();

    const stillNoBody = noBody.extend({ method: 'PUT' });
    await call(stillNoBody, { group: 'react' });
    expect(calls[2]!.url).toBe('/react/posts');
    expect(calls[2]!.init.method).toBe('PUT');

    const bodyAgain = noBody.extend({ body: {} as { title: string } });
    await call(bodyAgain, { group: 'react' }, { title: 'y' });
    expect(calls[3]!.init.body).toBe('{"title":"y"}');

    const del = new RestEndpoint({ path: '/:group/posts', method: 'DELETE' });
    await call(del.extend({ method: 'POST' }), { group: 'react' }, { title: 'z' });
    expect(calls[4]!.url).toBe('/react/posts');
    expect(calls[4]!.init.body).toBe('{"title":"z"}');
  });

  it('a default name is recomputed', () => {
    const get = new RestEndpoint({ path: '/posts/:id', urlPrefix: A });
    expect(get.extend({ method: 'PUT' }).name).toBe(`PUT ${A}/posts/:id`);
    expect(get.extend({ urlPrefix: 'https://b.example.com' }).name).toBe('GET https://b.example.com/posts/:id');
    expect(get.extend({ path: '/articles/:slug' }).name).toBe(`GET ${A}/articles/:slug`);
    expect(get.extend({ name: 'Custom' }).name).toBe('Custom');
  });

  it('an explicit name is kept unless options.name is given', () => {
    const get = new RestEndpoint({ path: '/posts/:id', name: 'Post.get' });
    expect(get.extend({ method: 'PUT' }).name).toBe('Post.get');
    expect(get.extend({ path: '/x/:id' }).name).toBe('Post.get');
    expect(get.extend({ name: 'Post.update' }).name).toBe('Post.update');
    const renamed = get.extend({ name: 'Post.update' });
    expect(renamed.extend({ method: 'PATCH' }).name).toBe('Post.update');
  });

  it('a new path replaces the template (url, key, testKey)', () => {
    const get = new RestEndpoint({ path: '/posts/:id', urlPrefix: A });
    const user = get.extend({ path: '/users/:login' });
    expect(user.url({ login: 'al' })).toBe(`${A}/users/al`);
    expect(user.key({ login: 'al', id: 5 })).toBe(`GET ${A}/users/al?id=5`);
    expect(user.testKey(`GET ${A}/users/al`)).toBe(true);
    expect(user.testKey(`GET ${A}/posts/5`)).toBe(false);
    expect(get.testKey(`GET ${A}/posts/5`)).toBe(true);
    expect(() => user.url({ id: 5 })).toThrow('missing path parameter(s) "login"');
  });

  it('a new path is validated like any path', () => {
    const get = new RestEndpoint({ path: '/posts/:id' });
    expect(() => get.extend({ path: '/posts/:id+' })).toThrow('Invalid path "/posts/:id+"');
    expect(() => get.extend({ path: '/a/(x)' })).toThrow(/unexpected "\(" at index 3/);
  });
});

describe('everything else is inherited', () => {
  it('schema, hooks, expiry, polling, errorPolicy, getOptimisticResponse, update, paginationField, requestInit, custom fields', () => {
    const errorPolicy = () => 'soft' as const;
    const getOptimisticResponse = () => ({ id: 1 });
    const update = () => ({});
    const process = (value: unknown) => ({ processed: value });
    const getHeaders = (headers: Record<string, string>) => headers;
    const parseResponse = async () => 'parsed';
    const requestInit: RequestInit = { credentials: 'include' };
    const controller = new AbortController();
    const collection = new schema.Collection([Post]);
    const base = new RestEndpoint({
      path: '/posts',
      urlPrefix: A,
      schema: collection,
      dataExpiryLength: 11,
      errorExpiryLength: 22,
      pollFrequency: 33,
      invalidIfStale: true,
      errorPolicy,
      getOptimisticResponse,
      update,
      paginationField: 'cursor',
      requestInit,
      signal: controller.signal,
      process,
      getHeaders,
      parseResponse,
      custom: 'field',
    });
    const extended = base.extend({ method: 'POST', path: '/drafts' });
    expect(extended.schema).toBe(collection);
    expect(extended.urlPrefix).toBe(A);
    expect(extended.dataExpiryLength).toBe(11);
    expect(extended.errorExpiryLength).toBe(22);
    expect(extended.pollFrequency).toBe(33);
    expect(extended.invalidIfStale).toBe(true);
    expect(extended.errorPolicy).toBe(errorPolicy);
    expect(extended.getOptimisticResponse).toBe(getOptimisticResponse);
    expect(extended.update).toBe(update);
    expect(extended.paginationField).toBe('cursor');
    expect(extended.requestInit).toBe(requestInit);
    expect(extended.signal).toBe(controller.signal);
    expect(extended.process).toBe(process);
    expect(extended.getHeaders).toBe(getHeaders);
    expect(extended.parseResponse).toBe(parseResponse);
    expect(custom(extended, 'custom')).toBe('field');
  });

  it('the method is inherited: extend({ sideEffect: true }) of a GET endpoint stays GET', () => {
    const get = new RestEndpoint({ path: '/posts/:id', urlPrefix: A });
    const marked = get.extend({ sideEffect: true });
    expect(marked.sideEffect).toBe(true);
    expect(marked.method).toBe('GET');
    expect(marked.key({ id: 1 })).toBe(`GET ${A}/posts/1`);
    expect(marked.name).toBe(`GET ${A}/posts/:id`);
  });

  it('inherited hooks are used by calls of the extended endpoint', async () => {
    const calls = stubFetch(() => jsonResponse({ v: 1 }));
    const base = new RestEndpoint({
      path: '/posts/:id',
      requestInit: { credentials: 'include', headers: { 'X-Base': '1' } },
      process: (value: { v: number }, ...args: unknown[]) => ({ v: value.v, args }),
    });
    const patch = base.extend({ method: 'PATCH' });
    await expect(patch({ id: 2 }, { title: 'x' })).resolves.toEqual({ v: 1, args: [{ id: 2 }, { title: 'x' }] });
    expect(calls[0]!.init).toStrictEqual({
      credentials: 'include',
      method: 'PATCH',
      body: '{"title":"x"}',
      headers: { 'X-Base': '1', 'Content-Type': 'application/json' },
    });
  });

  it('extending an extended endpoint keeps inheriting', () => {
    const base = new RestEndpoint({ path: '/p', urlPrefix: A, dataExpiryLength: 5, tag: 'x' });
    const twice = base.extend({ method: 'PUT' }).extend({ pollFrequency: 10 });
    expect(twice.method).toBe('PUT');
    expect(twice.sideEffect).toBe(true);
    expect(twice.dataExpiryLength).toBe(5);
    expect(twice.pollFrequency).toBe(10);
    expect(custom(twice, 'tag')).toBe('x');
    expect(twice.name).toBe(`PUT ${A}/p`);
  });
});

describe('the collection the extenders work on', () => {
  it('the schema itself when it is a Collection', () => {
    const collection = new schema.Collection([Post]);
    const list = new RestEndpoint({ path: '/posts', schema: collection });
    expect(list.push!.schema).toBe(collection.push);
    expect(list.unshift!.schema).toBe(collection.unshift);
  });

  it('the first Collection found depth-first in key order in a plain-object schema', () => {
    const featured = new schema.Collection([Post], { argsKey: () => ({ featured: true }) });
    const results = new schema.Collection([Post]);
    const list = new RestEndpoint({
      path: '/posts',
      schema: { count: 0, meta: { other: Tag, featured }, results },
    });
    expect(list.push!.schema).toBe(featured.push);
    const flat = new RestEndpoint({ path: '/posts', schema: { next: '', results, featured } });
    expect(flat.push!.schema).toBe(results.push);
  });

  it('a schema.Object schema is searched', () => {
    const results = new schema.Collection([Post]);
    const list = new RestEndpoint({ path: '/posts', schema: new schema.Object({ total: 0, inner: new schema.Object({ results }) }) });
    expect(list.push!.schema).toBe(results.push);
  });

  it('arrays, Values and Unions are not searched', () => {
    const results = new schema.Collection([Post]);
    for (const notSearched of [
      [{ results }],
      new schema.Array({ results }),
      new schema.Values({ results }),
      { pages: [{ results }] },
      new schema.Union({ post: Post, tag: Tag }, 'type'),
    ]) {
      const ep = new RestEndpoint({ path: '/posts', schema: notSearched });
      expect(ep.push).toBeUndefined();
      expect(ep.getPage).toBeUndefined();
    }
  });
});

describe('without a collection', () => {
  it.each([
    ['no schema', undefined],
    ['an Entity', Post],
    ['an array of entities', [Post]],
    ['a plain object without a Collection', { data: Post, next: '' }],
  ])('push, unshift, assign and getPage are undefined with %s', (_label, s) => {
    const ep = new RestEndpoint({ path: '/posts', schema: s, paginationField: 'page' });
    expect(ep.push).toBeUndefined();
    expect(ep.unshift).toBeUndefined();
    expect(ep.assign).toBeUndefined();
    expect(ep.getPage).toBeUndefined();
  });

  it("paginated() throws '<name>: paginated() needs a Collection in the schema'", () => {
    const named = new RestEndpoint({ path: '/posts/:id', schema: Post, name: 'Post.get' });
    expect(() => named.paginated('page')).toThrow(new Error('Post.get: paginated() needs a Collection in the schema'));
    expect(() => named.paginated(() => [])).toThrow('Post.get: paginated() needs a Collection in the schema');
    const unnamed = new RestEndpoint({ path: '/posts', urlPrefix: A });
    expect(() => unnamed.paginated('page')).toThrow(`GET ${A}/posts: paginated() needs a Collection in the schema`);
  });
});

describe('extender getters are memoized per endpoint', () => {
  it('ep.push === ep.push, and the same for unshift, assign and getPage', () => {
    const list = new RestEndpoint({ path: '/posts', schema: new schema.Collection([Post]), paginationField: 'page' });
    expect(list.push).toBe(list.push);
    expect(list.unshift).toBe(list.unshift);
    expect(list.getPage).toBe(list.getPage);
    expect(list.push).not.toBe(list.unshift);
    const dict = new RestEndpoint({ path: '/posts', schema: new schema.Collection(new schema.Values(Post)) });
    expect(dict.assign).toBe(dict.assign);
    expect(dict.assign).toBeDefined();
  });

  it('a different endpoint (extend) has its own extenders', () => {
    const list = new RestEndpoint({ path: '/posts', schema: new schema.Collection([Post]) });
    const other = list.extend({ urlPrefix: A });
    expect(other.push).not.toBe(list.push);
    expect(other.push!.url()).toBe(`${A}/posts`);
    expect(list.push!.url()).toBe('/posts');
  });
});

describe('push, unshift and assign', () => {
  const makeList = () =>
    new RestEndpoint({
      path: '/:group/posts',
      urlPrefix: A,
      schema: new schema.Collection([Post]),
      searchParams: {} as { author?: string },
      name: 'Post.getList',
    });

  it('push: POST, the list URL with search params, the collection push schema, name `${name}.push`', async () => {
    const list = makeList();
    const push = list.push!;
    expect(push).toBeInstanceOf(RestEndpoint);
    expect(push.method).toBe('POST');
    expect(push.sideEffect).toBe(true);
    expect(push.name).toBe('Post.getList.push');
    expect(push.schema).toBe((list.schema as InstanceType<typeof schema.Collection>).push);
    expect(push.url({ group: 'react', author: 'ann' })).toBe(`${A}/react/posts?author=ann`);
    expect(push.key({ group: 'react', author: 'ann' }, { title: 'x' })).toBe(`POST ${A}/react/posts?author=ann`);
    const calls = stubFetch(() => jsonResponse({ id: 10, title: 'x' }));
    await expect(push({ group: 'react', author: 'ann' }, { title: 'x' })).resolves.toEqual({ id: 10, title: 'x' });
    expect(calls[0]!.url).toBe(`${A}/react/posts?author=ann`);
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"title":"x"}');
  });

  it('unshift: POST, same URL, the collection unshift schema, name `${name}.unshift`', async () => {
    const list = makeList();
    const unshift = list.unshift!;
    expect(unshift.method).toBe('POST');
    expect(unshift.name).toBe('Post.getList.unshift');
    expect(unshift.schema).toBe((list.schema as InstanceType<typeof schema.Collection>).unshift);
    const calls = stubFetch(() => jsonResponse([{ id: 1 }, { id: 2 }]));
    await expect(unshift({ group: 'vue' }, [{ title: 'a' }, { title: 'b' }])).resolves.toEqual([{ id: 1 }, { id: 2 }]);
    expect(calls[0]!.url).toBe(`${A}/vue/posts`);
    expect(calls[0]!.init.body).toBe('[{"title":"a"},{"title":"b"}]');
  });

  it('push and unshift exist only for an Array-based collection; assign only for a Values-based one', () => {
    const arrayList = makeList();
    expect(arrayList.push).toBeDefined();
    expect(arrayList.unshift).toBeDefined();
    expect(arrayList.assign).toBeUndefined();

    const values = new schema.Collection(new schema.Values(Post));
    const dict = new RestEndpoint({ path: '/:group/posts', urlPrefix: A, schema: values, name: 'Post.map' });
    expect(dict.push).toBeUndefined();
    expect(dict.unshift).toBeUndefined();
    const assign = dict.assign!;
    expect(assign.method).toBe('POST');
    expect(assign.name).toBe('Post.map.assign');
    expect(assign.schema).toBe(values.assign);
    expect(assign.url({ group: 'react', q: 'x' })).toBe(`${A}/react/posts?q=x`);
  });

  it('the name is built from a default name too', () => {
    const list = new RestEndpoint({ path: '/posts', urlPrefix: A, schema: new schema.Collection([Post]) });
    expect(list.push!.name).toBe(`GET ${A}/posts.push`);
    expect(list.unshift!.name).toBe(`GET ${A}/posts.unshift`);
  });

  it('push inherits prefix, path, hooks, requestInit, expiry and getOptimisticResponse', async () => {
    class Authed extends RestEndpoint {
      override getHeaders(headers: Record<string, string>) {
        return { ...headers, Authorization: 't' };
      }
    }
    const getOptimisticResponse = () => ({ id: -1 });
    const list = new Authed({
      path: '/:group/posts',
      urlPrefix: A,
      schema: new schema.Collection([Post]),
      requestInit: { credentials: 'include' },
      dataExpiryLength: 100,
      errorExpiryLength: 200,
      getOptimisticResponse,
      process: (value: unknown) => ({ processed: value }),
    });
    const push = list.push!;
    expect(push).toBeInstanceOf(Authed);
    expect(push.urlPrefix).toBe(A);
    expect(push.path).toBe('/:group/posts');
    expect(push.requestInit).toEqual({ credentials: 'include' });
    expect(push.dataExpiryLength).toBe(100);
    expect(push.errorExpiryLength).toBe(200);
    expect(push.getOptimisticResponse).toBe(getOptimisticResponse);
    const calls = stubFetch(() => jsonResponse({ id: 1 }));
    await expect(push({ group: 'g' }, { title: 'x' })).resolves.toEqual({ processed: { id: 1 } });
    expect(calls[0]!.init).toStrictEqual({
      credentials: 'include',
      method: 'POST',
      body: '{"title":"x"}',
      headers: { 'Content-Type': 'application/json', Authorization: 't' },
    });
  });

  it('push always takes a body, even when the list says body: undefined', async () => {
    const list = new RestEndpoint({ path: '/posts', schema: new schema.Collection([Post]), body: undefined });
    const calls = stubFetch();
    await call(list.push!, { title: 'x' });
    expect(calls[0]!.url).toBe('/posts');
    expect(calls[0]!.init.body).toBe('{"title":"x"}');
    await call(list.push!, { q: 1 }, { title: 'y' });
    expect(calls[1]!.url).toBe('/posts?q=1');
    expect(calls[1]!.init.body).toBe('{"title":"y"}');
  });

  it('a FormData body is sent as is', async () => {
    const list = makeList();
    const form = new FormData();
    form.append('title', 'x');
    const calls = stubFetch();
    await list.push!({ group: 'react' }, form);
    expect(calls[0]!.init.body).toBe(form);
    expect(calls[0]!.init.headers).toStrictEqual({});
  });
});

describe('pagination', () => {
  const makeList = (extra: Record<string, unknown> = {}) =>
    new RestEndpoint({
      path: '/:group/posts',
      urlPrefix: A,
      schema: new schema.Collection([Post]),
      searchParams: {} as { author?: string },
      paginationField: 'page',
      name: 'Post.getList',
      ...extra,
    });

  it('getPage exists only with paginationField', () => {
    const without = new RestEndpoint({ path: '/posts', schema: new schema.Collection([Post]) });
    expect(without.getPage).toBeUndefined();
    expect(without.paginated('page')).toBeInstanceOf(RestEndpoint);
    expect(makeList().getPage).toBeInstanceOf(RestEndpoint);
  });

  it('getPage: the list method, name `${name}.getPage`, list URL plus the page parameter', () => {
    const list = makeList();
    const getPage = list.getPage!;
    expect(getPage.method).toBe('GET');
    expect(getPage.sideEffect).toBeUndefined();
    expect(getPage.name).toBe('Post.getList.getPage');
    expect(getPage.url({ group: 'react', page: 3 })).toBe(`${A}/react/posts?page=3`);
    expect(getPage.key({ group: 'react', page: 3 })).toBe(`GET ${A}/react/posts`);
  });

  it('getPage of a POST read keeps the POST method', () => {
    const search = makeList({ method: 'POST', sideEffect: false, path: '/search' });
    const getPage = search.getPage!;
    expect(getPage.method).toBe('POST');
    expect(getPage.sideEffect).toBe(false);
    expect(getPage.name).toBe('Post.getList.getPage');
  });

  it('paginated(x): the list method, the same URL as getPage, name `${name}.getPage`', () => {
    const list = makeList();
    const byCursor = list.paginated('cursor');
    expect(byCursor.method).toBe('GET');
    expect(byCursor.name).toBe('Post.getList.getPage');
    expect(byCursor.url({ group: 'react', cursor: 'abc' })).toBe(`${A}/react/posts?cursor=abc`);
    expect(byCursor.key({ group: 'react', cursor: 'abc' })).toBe(`GET ${A}/react/posts`);
    expect(list.paginated('page').url({ group: 'react', page: 2 })).toBe(list.getPage!.url({ group: 'react', page: 2 }));
  });

  it('paginated(field) removes only that field from the key', () => {
    const list = makeList();
    const byCursor = list.paginated('cursor');
    expect(byCursor.key({ group: 'react', cursor: 'abc', author: 'ann', page: 4 })).toBe(`GET ${A}/react/posts?author=ann&page=4`);
  });

  it('paginated(removeCursor) with a function uses it as given', async () => {
    const list = makeList();
    const removeCursor = jest.fn(({ cursor: _cursor, ...rest }: { cursor?: string; [key: string]: unknown }) => [rest]);
    const byCursor = list.paginated(removeCursor);
    expect(byCursor.key({ group: 'react', cursor: 'c1', author: 'ann' })).toBe(list.key({ group: 'react', author: 'ann' }));
    expect(removeCursor).toHaveBeenCalledWith({ group: 'react', cursor: 'c1', author: 'ann' });
    expect(byCursor.url({ group: 'react', cursor: 'c1' })).toBe(`${A}/react/posts?cursor=c1`);
    const calls = stubFetch(() => jsonResponse([]));
    await byCursor({ group: 'react', cursor: 'c2' });
    expect(calls[0]!.url).toBe(`${A}/react/posts?cursor=c2`);
  });

  it('the function receives every page argument and may return any list arguments', () => {
    const list = makeList();
    const seen: unknown[][] = [];
    const byOffset = list.paginated((...args: any[]) => {
      seen.push(args);
      return [{ group: 'fixed' }];
    });
    expect(byOffset.key({ group: 'react', offset: 20 }, 'second')).toBe(`GET ${A}/fixed/posts`);
    expect(seen).toEqual([[{ group: 'react', offset: 20 }, 'second']]);
  });

  it('example: getList.getPage url keeps the cursor, key drops it', async () => {
    const getList = new RestEndpoint({
      path: '/:group/posts',
      urlPrefix: 'https://api.example.com',
      schema: new schema.Collection([Post]),
      searchParams: {} as { author?: string },
      paginationField: 'page',
      name: 'Post.getList',
    });
    const getPage = getList.getPage!;
    expect(getPage.url({ group: 'react', author: 'ann', page: 2 })).toBe('https://api.example.com/react/posts?author=ann&page=2');
    expect(getPage.key({ group: 'react', author: 'ann', page: 2 })).toBe('GET https://api.example.com/react/posts?author=ann');
    expect(getPage.key({ group: 'react', author: 'ann', page: 2 })).toBe(getList.key({ group: 'react', author: 'ann' }));
    const calls = stubFetch(() => jsonResponse([{ id: 3, title: 'c' }]));
    await expect(getPage({ group: 'react', author: 'ann', page: 2 })).resolves.toEqual([{ id: 3, title: 'c' }]);
    expect(calls[0]!.url).toBe('https://api.example.com/react/posts?author=ann&page=2');
    expect(calls[0]!.init.method).toBe('GET');
  });

  it('the page key follows an overridden list key', () => {
    const list = makeList({ key: (...args: unknown[]) => `custom:${JSON.stringify(args)}` });
    expect(list.getPage!.key({ group: 'react', page: 2 })).toBe('custom:[{"group":"react"}]');
  });

  it('the page endpoint inherits the list configuration', () => {
    const getOptimisticResponse = () => null;
    const list = makeList({ dataExpiryLength: 77, requestInit: { credentials: 'omit' }, getOptimisticResponse });
    const getPage = list.getPage!;
    expect(getPage.urlPrefix).toBe(A);
    expect(getPage.dataExpiryLength).toBe(77);
    expect(getPage.requestInit).toEqual({ credentials: 'omit' });
    expect(getPage.paginationField).toBe('page');
  });
});

describe('the page schema appends to the list collection (shown with normalize)', () => {
  const listSchema = { results: new schema.Collection([Post]), next: '' };
  const getList = new RestEndpoint({ path: '/:group/posts', urlPrefix: A, schema: listSchema, paginationField: 'page', name: 'Post.getList' });
  const table = '[RtExtPost]';
  const meta = (fetchedAt: number): EntityMeta => ({ fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 60_000 });

  function normalizeList(store: Partial<NormalizedTables> = {}, at = 1000) {
    return normalize<{ results: string; next: string }>(
      getList.schema,
      { results: [{ id: 1, title: 'one' }, { id: 2, title: 'two' }], next: '2' },
      [{ group: 'react' }],
      store,
      meta(at),
    );
  }

  it('the page items are appended to the list collection, skipping present pks; next comes from the page', () => {
    const list = normalizeList();
    const pk = list.result.results;
    expect(list.entities[table]![pk]).toEqual(['1', '2']);
    const page = normalize<{ results: string; next: string }>(
      getList.getPage!.schema,
      { results: [{ id: 2, title: 'TWO' }, { id: 3, title: 'three' }], next: '3' },
      [{ group: 'react', page: 2 }],
      list,
      meta(2000),
    );
    expect(page.result).toEqual({ results: pk, next: '3' });
    expect(page.entities[table]![pk]).toEqual(['1', '2', '3']);
    expect(page.entities.RtExtPost!['2']).toMatchObject({ id: 2, title: 'TWO' });
    expect(page.entities.RtExtPost!['3']).toMatchObject({ id: 3, title: 'three' });
  });

  it('(2) the collection is created from the page when the list is not stored yet', () => {
    const page = normalize<{ results: string; next: string }>(
      getList.getPage!.schema,
      { results: [{ id: 5, title: 'five' }], next: '3' },
      [{ group: 'react', page: 2 }],
    );
    const list = normalizeList();
    expect(page.result.results).toBe(list.result.results);
    expect(page.entities[table]![page.result.results]).toEqual(['5']);
  });

  it('(4) appends ignore request start order', () => {
    const list = normalizeList({}, 5000);
    const pk = list.result.results;
    const late = normalize(getList.getPage!.schema, { results: [{ id: 9, title: 'nine' }], next: '' }, [{ group: 'react', page: 3 }], list, meta(100));
    expect(late.entities[table]![pk]).toEqual(['1', '2', '9']);
  });

  it('a later fetch of the list itself replaces the collection with its own items', () => {
    const list = normalizeList({}, 1000);
    const pk = list.result.results;
    const paged = normalize(getList.getPage!.schema, { results: [{ id: 3, title: 'three' }], next: '' }, [{ group: 'react', page: 2 }], list, meta(2000));
    expect(paged.entities[table]![pk]).toEqual(['1', '2', '3']);
    const refetched = normalize(getList.schema, { results: [{ id: 4, title: 'four' }], next: '2' }, [{ group: 'react' }], paged, meta(3000));
    expect(refetched.entities[table]![pk]).toEqual(['4']);
  });

  it('the list schema itself is not changed by getPage', () => {
    expect(getList.getPage!.schema).not.toBe(getList.schema);
    expect(getList.schema).toBe(listSchema);
    expect(listSchema.results).toBeInstanceOf(schema.Collection);
  });
});
