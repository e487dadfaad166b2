import { configureStore } from '@reduxjs/toolkit';
import { Entity, RestEndpoint, createRest, createResource } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';
import { mockFetch } from 'rtk-rest/mock';
import { jsonResponse, restoreFetchAfterEach, stubFetch } from '../support/fetch';

// `urlPrefix` may be a function evaluated at call time; `url`, `key` and `testKey`
// follow it, so `invalidateAll(endpoint)` / `expireAll(endpoint)` reach the keys of the current
// prefix, whatever it looks like (a path on the host, `http`, a port).

class Issue extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'PrefixIssue';
}

const GITHUB = 'https://api.github.com';
const GHE = 'https://ghe.example.com/api/v3';
const LOCAL = 'http://localhost:8080';

let root = GITHUB;
const apiRoot = () => root;
afterEach(() => {
  root = GITHUB;
});
restoreFetchAfterEach();

const IssueResource = createResource({ path: '/repos/:owner/:repo/issues/:id', schema: Issue, urlPrefix: apiRoot, paginationField: 'page' });
const params = { owner: 'o', repo: 'r', id: 1 };

function storeWithRest() {
  const rest = createRest({ gc: false });
  const store = configureStore({ reducer: { rest: rest.reducer }, middleware: (getDefault) => getDefault().concat(rest.middleware) });
  return { rest, store };
}

describe('a urlPrefix function is evaluated at call time', () => {
  it.each([GITHUB, GHE, LOCAL])('url, key and the request follow the prefix of the moment (%s)', async (prefix) => {
    root = prefix;
    expect(IssueResource.get.url(params)).toBe(`${prefix}/repos/o/r/issues/1`);
    expect(IssueResource.get.key(params)).toBe(`GET ${prefix}/repos/o/r/issues/1`);
    expect(IssueResource.getList.getPage.url({ owner: 'o', repo: 'r', page: 2 })).toBe(`${prefix}/repos/o/r/issues?page=2`);
    const calls = stubFetch(() => jsonResponse({ id: 1, title: 't' }));
    await IssueResource.update(params, { title: 't' });
    expect(calls.map(({ url }) => url)).toEqual([`${prefix}/repos/o/r/issues/1`]);
  });

  it('the urlPrefix member reads as the current string; extend and extenders keep the function', () => {
    const moved = IssueResource.get.extend({ dataExpiryLength: 5 });
    const push = IssueResource.getList.push;
    root = GHE;
    expect(IssueResource.get.urlPrefix).toBe(GHE);
    expect(moved.urlPrefix).toBe(GHE);
    expect(push.key({ owner: 'o', repo: 'r' }, {})).toBe(`POST ${GHE}/repos/o/r/issues`);
    root = LOCAL;
    expect(moved.key(params)).toBe(`GET ${LOCAL}/repos/o/r/issues/1`);
    expect(push.urlPrefix).toBe(LOCAL);
  });

  it('testKey matches keys made with the current prefix, with a path or http, and no others', () => {
    for (const prefix of [GITHUB, GHE, LOCAL]) {
      root = prefix;
      const key = IssueResource.get.key(params);
      expect(IssueResource.get.testKey(key)).toBe(true);
      expect(IssueResource.get.testKey(`${key}?state=open`)).toBe(true);
      expect(IssueResource.getList.testKey(IssueResource.getList.key({ owner: 'o', repo: 'r' }))).toBe(true);
      expect(IssueResource.get.testKey(`GET ${prefix}/repos/o/r/pulls/1`)).toBe(false);
      expect(IssueResource.update.testKey(key)).toBe(false);
    }
    // A key made under an older prefix belongs to that prefix: it is not this endpoint's now.
    root = GHE;
    expect(IssueResource.get.testKey(`GET ${GITHUB}/repos/o/r/issues/1`)).toBe(false);
    expect(IssueResource.get.testKey(`GET ${LOCAL}/repos/o/r/issues/1`)).toBe(false);
  });

  it('invalidateAll and expireAll reach the keys of the current prefix, in a store with default checks', async () => {
    const { rest, store } = storeWithRest();
    stubFetch(() => jsonResponse({ id: 1, title: 't' }));
    for (const prefix of [GHE, LOCAL]) {
      root = prefix;
      await store.dispatch(rest.fetch(IssueResource.get, params));
    }
    root = GHE;
    store.dispatch(rest.expireAll(IssueResource.get));
    expect(rest.selectResponse(store.getState(), IssueResource.get, params).expiryStatus).toBe('stale');
    store.dispatch(rest.invalidateAll(IssueResource.get));
    expect(rest.selectResponse(store.getState(), IssueResource.get, params).expiryStatus).toBe('invalid');
    root = LOCAL;
    expect(rest.selectResponse(store.getState(), IssueResource.get, params).expiryStatus).toBe('valid');
    store.dispatch(rest.invalidateAll(IssueResource.get));
    expect(rest.selectResponse(store.getState(), IssueResource.get, params).expiryStatus).toBe('invalid');
  });

  it('selectors read the key of the current prefix even for a reused arguments object (function or url() override)', async () => {
    class RootEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
      override url(urlParams: Record<string, unknown>) {
        return `${root}${super.url(urlParams)}`;
      }
    }
    // Schema-less, so no entity read by pk can stand in for the missing result.
    const viaFunction = new RestEndpoint({ path: '/repos/:owner/:repo/issues/:id', urlPrefix: apiRoot });
    const viaOverride = new RootEndpoint({ path: '/repos/:owner/:repo/issues/:id' });
    const { rest, store } = storeWithRest();
    for (const endpoint of [viaFunction, viaOverride]) {
      root = GHE;
      stubFetch(() => jsonResponse({ id: 1, title: 'on GHE' }));
      await store.dispatch(rest.fetch(endpoint, params));
      expect(rest.selectData(store.getState(), endpoint, params)?.title).toBe('on GHE');
      root = LOCAL;
      expect(rest.selectResponse(store.getState(), endpoint, params).status).toBe('uninitialized');
      expect(rest.selectData(store.getState(), endpoint, params)).toBeUndefined();
    }
  });

  it('mockFetch interceptors match requests made under any prefix, and rebuild their arguments', async () => {
    const fixtures = mockFetch([{ endpoint: IssueResource.get, response: ({ id, owner }) => ({ id: Number(id), title: `${owner} at ${root}` }) }]);
    globalThis.fetch = fixtures;
    const { rest, store } = storeWithRest();
    for (const prefix of [GHE, LOCAL]) {
      root = prefix;
      const issue = await store.dispatch(rest.fetch(IssueResource.get, params));
      expect(issue?.title).toBe(`o at ${prefix}`);
    }
  });

  it('the default name leaves the prefix out; a given name is kept', () => {
    const getIssue = new RestEndpoint({ path: '/issues/:id', urlPrefix: apiRoot });
    expect(getIssue.name).toBe('GET /issues/:id');
    expect(getIssue.extend({ method: 'PUT' }).name).toBe('PUT /issues/:id');
    expect(new RestEndpoint({ path: '/issues/:id', urlPrefix: apiRoot, name: 'getIssue' }).name).toBe('getIssue');
    expect(IssueResource.get.name).toBe('PrefixIssue.get');
  });

  it('a function that returns something else than a string throws a TypeError naming the endpoint', () => {
    const broken = new RestEndpoint({ path: '/issues/:id', urlPrefix: (() => undefined) as unknown as () => string });
    expect(() => broken.url({ id: 1 })).toThrow(TypeError);
    expect(() => broken.key({ id: 1 })).toThrow(/\[rtk-rest\] GET \/issues\/:id: urlPrefix\(\) returned undefined/);
  });

  it('an option function wins over a subclass field default, even when both give the same string', () => {
    class GheEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
      override urlPrefix = GHE;
    }
    root = GHE;
    const getIssue = new GheEndpoint({ path: '/issues/:id', urlPrefix: apiRoot });
    expect(getIssue.url({ id: 1 })).toBe(`${GHE}/issues/1`);
    root = LOCAL;
    expect(getIssue.url({ id: 1 })).toBe(`${LOCAL}/issues/1`);
    expect(new GheEndpoint({ path: '/issues/:id' }).url({ id: 1 })).toBe(`${GHE}/issues/1`);
  });
});

describe('string prefixes with a path or http match their keys', () => {
  it.each([GHE, LOCAL, `${LOCAL}/api`])('testKey(key(...)) holds for every member with prefix %s', (prefix) => {
    const Resource = createResource({ path: '/repos/:owner/:repo/issues/:id', schema: Issue, urlPrefix: prefix, paginationField: 'page' });
    const list = { owner: 'o', repo: 'r' };
    const cases: [RestEndpoint, unknown[]][] = [
      [Resource.get, [params]],
      [Resource.getList, [list]],
      [Resource.getList.push, [list, {}]],
      [Resource.getList.getPage, [{ ...list, page: 2 }]],
      [Resource.update, [params, {}]],
      [Resource.partialUpdate, [params, {}]],
      [Resource.delete, [params]],
    ];
    for (const [endpoint, args] of cases) {
      const key = endpoint.key(...args);
      expect(key.startsWith(`${endpoint.method} ${prefix}/`)).toBe(true);
      expect(endpoint.testKey(key)).toBe(true);
    }
  });
});

describe('urlPrefix and path meet at one slash, as fetchBaseQuery joins baseUrl and url', () => {
  const POKE = 'https://pokeapi.co/api/v2';
  it.each([
    ['/', '/posts/:id', '/posts/1'],
    [`${POKE}/`, '/pokemon/:id', `${POKE}/pokemon/1`],
    [POKE, '/pokemon/:id', `${POKE}/pokemon/1`],
    [`${POKE}/`, 'pokemon/:id', `${POKE}/pokemon/1`],
    [POKE, 'pokemon/:id', `${POKE}/pokemon/1`],
    ['', 'pokemon/:id', 'pokemon/1'],
  ])('prefix %j and path %j give %j, for url, key, testKey and the default name', (prefix, path, url) => {
    for (const urlPrefix of [prefix, () => prefix]) {
      const endpoint = new RestEndpoint({ path, urlPrefix });
      expect(endpoint.url({ id: 1 })).toBe(url);
      expect(endpoint.url({ id: 1, page: 2 })).toBe(`${url}?page=2`);
      expect(endpoint.key({ id: 1 })).toBe(`GET ${url}`);
      expect(endpoint.testKey(`GET ${url}`)).toBe(true);
      expect(endpoint.testKey(`GET ${url}?page=2`)).toBe(true);
    }
    expect(new RestEndpoint({ path, urlPrefix: prefix }).name).toBe(`GET ${url.slice(0, -1)}:id`);
  });

  it('a template starting with an optional group or a parameter is joined per URL, at one slash', () => {
    for (const urlPrefix of [`${POKE}/`, POKE, () => `${POKE}/`]) {
      const grouped = new RestEndpoint({ path: '{/pokemon}/:id', urlPrefix });
      expect(grouped.url({ id: 1 })).toBe(`${POKE}/pokemon/1`);
      expect(grouped.testKey(`GET ${POKE}/pokemon/1`)).toBe(true);
      const byName = new RestEndpoint({ path: ':name/:id', urlPrefix });
      expect(byName.url({ name: 'pokemon', id: 1 })).toBe(`${POKE}/pokemon/1`);
      expect(byName.testKey(`GET ${POKE}/pokemon/1`)).toBe(true);
      expect(byName.testKey(`GET ${POKE}pokemon/1`)).toBe(false);
      expect(byName.testKey(`GET ${POKE}x/pokemon/1`)).toBe(false);
    }
  });

  it("a resource whose urlPrefix ends with a slash requests one slash through a store; its keys, invalidateAll and mockFetch follow", async () => {
    jest.useFakeTimers();
    try {
      const Resource = createResource({ path: '/issues/:id', schema: Issue, urlPrefix: `${LOCAL}/` });
      const calls = stubFetch(() => jsonResponse({ id: 1, title: 'one' }));
      const { rest, store } = storeWithRest();
      await store.dispatch(rest.fetch(Resource.get, { id: 1 }));
      expect(calls.map(({ url }) => url)).toEqual([`${LOCAL}/issues/1`]);
      expect(Object.keys(store.getState().rest.endpoints)).toEqual([`GET ${LOCAL}/issues/1`]);
      expect(rest.selectData(store.getState(), Resource.get, { id: 1 })?.title).toBe('one');
      store.dispatch(rest.invalidateAll(Resource.get));
      expect(rest.selectResponse(store.getState(), Resource.get, { id: 1 }).expiryStatus).toBe('invalid');

      globalThis.fetch = mockFetch([{ endpoint: Resource.get, response: ({ id }) => ({ id: Number(id), title: `mocked ${id}` }) }]);
      const mocked = await store.dispatch(rest.fetch(Resource.get, { id: 2 }));
      expect(mocked?.title).toBe('mocked 2');
    } finally {
      jest.useRealTimers();
    }
  });
});
