import { Entity, RestEndpoint, createResource, hookifyResource } from 'rtk-rest';
import { jsonResponse, restoreFetchAfterEach, stubFetch } from '../support/fetch';
import type { FetchCall } from '../support/fetch';

// hookifyResource without React: the generated hooks are called as plain functions; `useInit`
// is a plain function returning request init (a token, as it would from context).

const A = 'https://api.example.com';

class HkPost extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'HkPost';
}

const PostResource = createResource({
  path: '/:group/posts/:id',
  schema: HkPost,
  urlPrefix: A,
  searchParams: {} as { author?: string },
  paginationField: 'page',
  requestInit: { credentials: 'include', cache: 'no-store', headers: { 'X-Base': 'base', 'Access-Token': 'resource' } },
}).extend('publish', { path: '/:group/posts/:id/publish', method: 'POST' });

type Init = RequestInit & { headers?: HeadersInit };
let init: Init = {};
const useInit = jest.fn(() => init);
const hooks = hookifyResource(PostResource, useInit);

/**
 * Type workaround (reported): `getList.push` / `getPage` are typed `RestEndpoint | undefined` and
 * `RestEndpoint` with default generics accepts a single argument, although the docs call
 * `push(params, body)`.
 */
type AnyEndpoint = Omit<RestEndpoint, never> & ((...args: any[]) => Promise<any>);
const ext = (endpoint: unknown): AnyEndpoint => {
  expect(endpoint).toBeInstanceOf(RestEndpoint);
  return endpoint as unknown as AnyEndpoint;
};

let calls: FetchCall[] = [];
restoreFetchAfterEach();
const stub = () => (calls = stubFetch(() => jsonResponse({ id: 5, title: 'x' })));
beforeEach(() => {
  init = { headers: { 'Access-Token': 'token-1' } };
  useInit.mockClear();
});

const itemArgs = { group: 'react', id: 5 };
const listArgs = { group: 'react', author: 'ann' };

describe('one hook per endpoint member', () => {
  it('names are use + the member name with its first letter upper-cased', () => {
    expect(Object.keys(hooks).sort()).toEqual(['useDelete', 'useGet', 'useGetList', 'usePartialUpdate', 'usePublish', 'useUpdate']);
    for (const hook of Object.values(hooks)) expect(typeof hook).toBe('function');
  });

  it('members that are not endpoints get no hook (extend, other values)', () => {
    const withExtra = { ...PostResource, version: 3, helper: () => 1 };
    const extraHooks = hookifyResource(withExtra, useInit) as Record<string, unknown>;
    expect(Object.keys(extraHooks).sort()).toEqual(['useDelete', 'useGet', 'useGetList', 'usePartialUpdate', 'usePublish', 'useUpdate']);
    expect(extraHooks.useExtend).toBeUndefined();
    expect(extraHooks.useVersion).toBeUndefined();
  });

  it('each hook returns an endpoint built from its member', () => {
    const pairs: Array<[RestEndpoint, RestEndpoint]> = [
      [hooks.useGet(), PostResource.get],
      [hooks.useGetList(), PostResource.getList],
      [hooks.useUpdate(), PostResource.update],
      [hooks.usePartialUpdate(), PostResource.partialUpdate],
      [hooks.useDelete(), PostResource.delete],
      [hooks.usePublish(), PostResource.publish],
    ];
    for (const [hooked, member] of pairs) {
      expect(hooked).toBeInstanceOf(RestEndpoint);
      expect(hooked.method).toBe(member.method);
      expect(hooked.schema).toBe(member.schema);
    }
  });
});

describe('hooks extend the member with the merged requestInit', () => {
  it('each hook calls useInit()', () => {
    hooks.useGet();
    hooks.useDelete();
    expect(useInit).toHaveBeenCalledTimes(2);
  });

  it("requestInit is the member's shallow-merged with useInit's, headers entry by entry, useInit winning", () => {
    init = { cache: 'reload', mode: 'cors', headers: { 'Access-Token': 'token-1', 'X-Extra': 'e' } };
    const ep = hooks.useGet();
    expect(ep.requestInit).toEqual({
      credentials: 'include',
      cache: 'reload',
      mode: 'cors',
      headers: { 'X-Base': 'base', 'Access-Token': 'token-1', 'X-Extra': 'e' },
    });
    // the member itself is unchanged
    expect(PostResource.get.requestInit).toEqual({ credentials: 'include', cache: 'no-store', headers: { 'X-Base': 'base', 'Access-Token': 'resource' } });
  });

  it('the merged init is what the request sends', async () => {
    stub();
    await hooks.useGet()(itemArgs);
    await hooks.useUpdate()(itemArgs, { title: 'x' });
    await hooks.usePublish()(itemArgs, {});
    expect(calls).toHaveLength(3);
    for (const { init: sent } of calls) {
      const headers = new Headers(sent.headers);
      expect(headers.get('access-token')).toBe('token-1');
      expect(headers.get('x-base')).toBe('base');
      // Only the requests with a body are labelled JSON.
      expect(headers.get('content-type')).toBe(sent.body === undefined ? null : 'application/json');
      expect(sent.credentials).toBe('include');
    }
  });

  it('useInit headers given as a Headers instance or pairs merge entry by entry', () => {
    init = { headers: new Headers({ 'X-Extra': 'h' }) };
    expect(hooks.useGet().requestInit?.headers).toEqual({ 'X-Base': 'base', 'Access-Token': 'resource', 'x-extra': 'h' });
    init = { headers: [['X-Pair', 'p']] };
    expect(hooks.useGet().requestInit?.headers).toEqual({ 'X-Base': 'base', 'Access-Token': 'resource', 'X-Pair': 'p' });
  });

  it("useInit's header wins over the member's whatever the letter case (one Access-Token is sent)", async () => {
    init = { headers: { 'access-token': 'token-lower' } };
    stub();
    await hooks.useGet()(itemArgs);
    expect(new Headers(calls[0]!.init.headers).get('access-token')).toBe('token-lower');
  });

  it("useInit's header given as a Headers instance (lower-case names) wins over the member's", async () => {
    init = { headers: new Headers({ 'Access-Token': 'token-h' }) };
    stub();
    await hooks.useGet()(itemArgs);
    expect(new Headers(calls[0]!.init.headers).get('access-token')).toBe('token-h');
  });

  it("url, key and testKey equal the member's, so it shares the member's cache entries", () => {
    const cases: Array<[RestEndpoint, RestEndpoint, unknown[]]> = [
      [hooks.useGet(), PostResource.get, [itemArgs]],
      [hooks.useGetList(), PostResource.getList, [listArgs]],
      [hooks.useUpdate(), PostResource.update, [itemArgs, { title: 'x' }]],
      [hooks.usePartialUpdate(), PostResource.partialUpdate, [itemArgs, { title: 'x' }]],
      [hooks.useDelete(), PostResource.delete, [itemArgs]],
      [hooks.usePublish(), PostResource.publish, [itemArgs, {}]],
    ];
    for (const [hooked, member, args] of cases) {
      expect(hooked.url(args[0] as Record<string, unknown>)).toBe(member.url(args[0] as Record<string, unknown>));
      const key = member.key(...args);
      expect(hooked.key(...args)).toBe(key);
      expect(hooked.testKey(key)).toBe(true);
      expect(hooked.testKey(`GET ${A}/elsewhere`)).toBe(member.testKey(`GET ${A}/elsewhere`));
      expect(hooked.name).toBe(member.name);
    }
  });

  it('the same endpoint object while useInit returns a shallow-equal value', () => {
    init = { mode: 'cors', headers: { 'Access-Token': 'token-1' } };
    const first = hooks.useGet();
    init = { mode: 'cors', headers: { 'Access-Token': 'token-1' } };
    expect(hooks.useGet()).toBe(first);
  });

  it('headers are compared entry by entry: fresh Headers objects with the same entries keep the endpoint', () => {
    init = { headers: new Headers({ 'Access-Token': 'token-1' }) };
    const first = hooks.useDelete();
    init = { headers: new Headers({ 'Access-Token': 'token-1' }) };
    expect(hooks.useDelete()).toBe(first);
    init = { headers: new Headers({ 'Access-Token': 'token-3' }) };
    expect(hooks.useDelete()).not.toBe(first);
  });

  it('a new endpoint when useInit returns a different value', () => {
    const first = hooks.useGet();
    init = { headers: { 'Access-Token': 'token-2' } };
    const second = hooks.useGet();
    expect(second).not.toBe(first);
    expect(second.requestInit?.headers).toMatchObject({ 'Access-Token': 'token-2' });
    init = { headers: { 'Access-Token': 'token-2' }, mode: 'cors' };
    expect(hooks.useGet()).not.toBe(second);
  });

  it('different members give different endpoints for the same init', () => {
    expect(hooks.useGet()).not.toBe(hooks.useDelete());
  });
});

describe('the returned endpoints and their extenders', () => {
  it('extenders (push, unshift, getPage) inherit the merged requestInit', async () => {
    stub();
    const list = hooks.useGetList();
    await ext(list.push)(listArgs, { title: 'x' });
    await ext(list.unshift)(listArgs, { title: 'x' });
    await ext(list.getPage)({ ...listArgs, page: 2 });
    expect(calls.map(({ url }) => url)).toEqual([
      `${A}/react/posts?author=ann`,
      `${A}/react/posts?author=ann`,
      `${A}/react/posts?author=ann&page=2`,
    ]);
    for (const { init: sent } of calls) {
      const headers = new Headers(sent.headers);
      expect(headers.get('access-token')).toBe('token-1');
      expect(headers.get('x-base')).toBe('base');
    }
  });

  it("the extenders keep the member's extender identity rules: url, key and name", () => {
    const list = hooks.useGetList();
    expect(ext(list.push).key(listArgs, {})).toBe(ext(PostResource.getList.push).key(listArgs, {}));
    expect(ext(list.getPage).key({ ...listArgs, page: 2 })).toBe(`GET ${A}/react/posts?author=ann`);
    expect(ext(list.push).name).toBe('HkPost.getList.push');
    expect(list.push).toBe(list.push);
  });

  it('a hooked endpoint can be extended and called like any endpoint', async () => {
    stub();
    const archived = hooks.useGet().extend({ path: '/:group/posts/:id/archive' });
    await archived(itemArgs);
    const { url, init: sent } = calls[0]!;
    expect(url).toBe(`${A}/react/posts/5/archive`);
    expect(new Headers(sent.headers).get('access-token')).toBe('token-1');
  });
});
