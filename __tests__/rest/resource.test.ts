import { AbortOptimistic, Entity, NetworkError, RestEndpoint, createResource, denormalize, normalize, schema } from 'rtk-rest';
import type { NormalizedTables, OptimisticSnapshot, RestGenerics } from 'rtk-rest';
import { headersOf, jsonResponse as json, onlyCall, restoreFetchAfterEach, stubFetch, typedResponse as text } from '../support/fetch';
import type { FetchCall } from '../support/fetch';
import { A, Post, PostResource } from '../support/example';

// createResource against the running example. The store does not exist yet:
// plain calls go through a stub `fetch`, store effects through normalize()/denormalize() of
// the member's schema, optimistic responses through a fake snapshot.

const OptimisticResource = createResource({
  path: '/:group/posts/:id',
  schema: Post,
  urlPrefix: A,
  searchParams: {} as { author?: string },
  paginationField: 'page',
  optimistic: true,
});

/**
 * Type workaround (reported): the docs say `getList.push`, `unshift` and `getPage` exist in
 * the types when the schema holds a collection, but src types them `RestEndpoint | undefined`,
 * and `RestEndpoint` with default generics only accepts a single argument. The cast keeps the
 * runtime rules testable.
 */
type AnyEndpoint = Omit<RestEndpoint, never> & ((...args: any[]) => Promise<any>);
const ext = (endpoint: unknown): AnyEndpoint => {
  expect(endpoint).toBeInstanceOf(RestEndpoint);
  return endpoint as unknown as AnyEndpoint;
};
const push = ext(PostResource.getList.push);
const unshift = ext(PostResource.getList.unshift);
const getPage = ext(PostResource.getList.getPage);

// ---------------------------------------------------------------------------------------------
// stub fetch (shared)

let calls: FetchCall[] = [];
restoreFetchAfterEach();
const stub = (respond: (url: string, init: RequestInit) => Response = () => json({})) => (calls = stubFetch(respond));
afterEach(() => {
  jest.restoreAllMocks();
});

// ---------------------------------------------------------------------------------------------
// store helpers

const listParams = { group: 'react', author: 'ann' };
const LIST_PK = '{"author":"ann","group":"react"}';

/** A store holding the list `{"author":"ann","group":"react"}` = [Post 5, Post 6]. */
function storedList(): NormalizedTables {
  const { entities, entitiesMeta, indexes } = normalize(
    PostResource.getList.schema,
    [
      { id: 5, title: 'a', author: { id: 1, username: 'ann' } },
      { id: 6, title: 'b', author: { id: 1, username: 'ann' } },
    ],
    [listParams],
  );
  return { entities, entitiesMeta, indexes };
}
function listIn(tables: NormalizedTables): unknown {
  return tables.entities['[Post]']?.[LIST_PK];
}
function readList(tables: NormalizedTables): Post[] | undefined {
  return denormalize(PostResource.getList.schema, LIST_PK, tables.entities, [listParams]) as Post[] | undefined;
}

function snapshot(get: (queryable: unknown, ...args: unknown[]) => unknown = () => undefined): OptimisticSnapshot & { get: jest.Mock } {
  return { get: jest.fn(get), getResponse: () => undefined, getError: () => undefined, fetchedAt: 0, abort: new AbortOptimistic() };
}

/** The error a function throws, or a failure when it does not throw. */
function thrown(fn: () => unknown): Error & { status?: number } {
  try {
    fn();
  } catch (error) {
    return error as Error & { status?: number };
  }
  throw new Error('expected a throw');
}

// =============================================================================================

describe('createResource returns a plain object of endpoints plus extend', () => {
  it('the members are endpoints and extend is a function', () => {
    expect(Object.getPrototypeOf(PostResource)).toBe(Object.prototype);
    for (const name of ['get', 'getList', 'update', 'partialUpdate', 'delete'] as const) {
      expect(PostResource[name]).toBeInstanceOf(RestEndpoint);
      expect(typeof PostResource[name]).toBe('function');
    }
    expect(typeof PostResource.extend).toBe('function');
  });

  it('path goes to get, update, partialUpdate and delete; the list template to getList and its extenders', () => {
    for (const member of [PostResource.get, PostResource.update, PostResource.partialUpdate, PostResource.delete]) {
      expect(member.path).toBe('/:group/posts/:id');
    }
    for (const member of [PostResource.getList, push, unshift, getPage]) expect(member.path).toBe('/:group/posts');
  });

  it('urlPrefix and any other RestEndpoint option are passed to every member', () => {
    const errorPolicy = () => 'soft' as const;
    const R = createResource({
      path: '/:group/posts/:id',
      schema: Post,
      urlPrefix: A,
      dataExpiryLength: 5000,
      errorExpiryLength: 7,
      pollFrequency: 900,
      invalidIfStale: true,
      errorPolicy,
      requestInit: { credentials: 'include' },
    });
    const all = [R.get, R.getList, R.update, R.partialUpdate, R.delete, ext(R.getList.push), ext(R.getList.unshift)];
    for (const member of all) {
      expect(member.urlPrefix).toBe(A);
      expect(member.dataExpiryLength).toBe(5000);
      expect(member.errorExpiryLength).toBe(7);
      expect(member.pollFrequency).toBe(900);
      expect(member.invalidIfStale).toBe(true);
      expect(member.errorPolicy).toBe(errorPolicy);
      expect(member.requestInit).toEqual({ credentials: 'include' });
    }
  });

  it('an overridden hook passed as an option applies to every member', async () => {
    const getHeaders = (headers: Record<string, string>) => ({ ...headers, 'X-Hook': '1' });
    const R = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A, getHeaders });
    stub(() => json({ id: 5 }));
    await R.get({ group: 'react', id: 5 });
    await R.update({ group: 'react', id: 5 }, { title: 'x' });
    await R.delete({ group: 'react', id: 5 });
    await ext(R.getList.push)({ group: 'react' }, { title: 'x' });
    expect(calls).toHaveLength(4);
    for (const { init } of calls) expect(headersOf(init).get('x-hook')).toBe('1');
  });

  it('paginationField is given to getList, so getList.getPage exists; without it getPage is undefined', () => {
    expect(PostResource.getList.paginationField).toBe('page');
    expect(PostResource.getList.getPage).toBeInstanceOf(RestEndpoint);
    const R = createResource({ path: '/:group/posts/:id', schema: Post });
    expect(R.getList.getPage).toBeUndefined();
  });

  it('an Endpoint option that does not extend RestEndpoint throws a TypeError', () => {
    class NotAnEndpoint {}
    expect(() => createResource({ path: '/posts/:id', schema: Post, Endpoint: NotAnEndpoint as unknown as typeof RestEndpoint })).toThrow(TypeError);
  });

  it('a Collection option that does not extend schema.Collection throws a TypeError', () => {
    class NotACollection {}
    expect(() =>
      createResource({ path: '/posts/:id', schema: Post, Collection: NotACollection as unknown as typeof schema.Collection }),
    ).toThrow(TypeError);
  });
});

describe('a path without any parameter', () => {
  it('throws the exact Error suggesting "/todos/:id"', () => {
    const error = thrown(() => createResource({ path: '/todos', schema: Post }));
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('createResource: path "/todos" needs at least one parameter, e.g. "/todos/:id"');
  });
});

describe('lower-case endpoint / collection options', () => {
  class AuthedEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    override getHeaders(headers: Record<string, string>) {
      return { ...headers, 'Access-Token': 't' };
    }
  }
  class MyCollection extends schema.Collection {}

  it('`endpoint: Class` warns suggesting `Endpoint` and is otherwise ignored', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const R = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A, endpoint: AuthedEndpoint });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/\bEndpoint\b/);
    expect(R.get).not.toBeInstanceOf(AuthedEndpoint);
    expect((R.get as unknown as Record<string, unknown>).endpoint).toBeUndefined();
    expect(R.get.url({ group: 'react', id: 5 })).toBe(`${A}/react/posts/5`);
  });

  it('`collection: Class` warns suggesting `Collection` and is otherwise ignored', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const R = createResource({ path: '/:group/posts/:id', schema: Post, collection: MyCollection });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/\bCollection\b/);
    expect(R.getList.schema).not.toBeInstanceOf(MyCollection);
    expect(R.getList.schema).toBeInstanceOf(schema.Collection);
  });

  it('the correctly cased options do not warn', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    createResource({ path: '/:group/posts/:id', schema: Post, Endpoint: AuthedEndpoint, Collection: MyCollection });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('list template', () => {
  const listOf = (path: string) => createResource({ path, schema: Post }).getList.path;

  it.each([
    ['/:group/posts/:id', '/:group/posts'],
    ['/:first/:second', '/:first'],
    ['/:first', '/'],
    ['/posts/:id?', '/posts'],
    ['/users{/:id}', '/users'],
    ['/users/:id.json', '/users'],
    ['/users/:id/details', '/users'],
    ['/repos/:owner/*path', '/repos/:owner'],
    ['https\\://api.example.com/users/:id', 'https\\://api.example.com/users'],
  ])('%s → %s', (item, list) => {
    expect(listOf(item)).toBe(list);
  });

  it('a parameter inside nested groups cuts at the start of the outermost group', () => {
    expect(listOf('/a{/b{/:id}}')).toBe('/a');
  });

  it('a parameter with no / before it cuts at the token itself; an empty result becomes /', () => {
    expect(listOf(':id')).toBe('/');
    expect(listOf('/posts-:id')).toBe('/');
  });

  it('earlier tokens, escapes included, are kept verbatim', () => {
    expect(listOf('/\\:literal/:"team-id"/x\\{y\\}/:id')).toBe('/\\:literal/:"team-id"/x\\{y\\}');
  });

  it('the list template goes to getList and its extenders, which build their URLs from it', () => {
    const R = createResource({ path: '/repos/:owner/*path', schema: Post, urlPrefix: A });
    expect(R.getList.url({ owner: 'al', q: 'x' })).toBe(`${A}/repos/al?q=x`);
    expect(ext(R.getList.push).url({ owner: 'al' })).toBe(`${A}/repos/al`);
  });
});

// =============================================================================================

describe('members of PostResource', () => {
  type Row = {
    member: string;
    endpoint: () => RestEndpoint;
    name: string;
    method: string;
    args: unknown[];
    url: string;
    key: string;
  };
  const rows: Row[] = [
    { member: 'get', endpoint: () => PostResource.get, name: 'Post.get', method: 'GET', args: [{ group: 'react', id: 5 }], url: `${A}/react/posts/5`, key: `GET ${A}/react/posts/5` },
    { member: 'getList', endpoint: () => PostResource.getList, name: 'Post.getList', method: 'GET', args: [listParams], url: `${A}/react/posts?author=ann`, key: `GET ${A}/react/posts?author=ann` },
    { member: 'getList.push', endpoint: () => push, name: 'Post.getList.push', method: 'POST', args: [listParams, { title: 'hi' }], url: `${A}/react/posts?author=ann`, key: `POST ${A}/react/posts?author=ann` },
    { member: 'getList.unshift', endpoint: () => unshift, name: 'Post.getList.unshift', method: 'POST', args: [listParams, { title: 'hi' }], url: `${A}/react/posts?author=ann`, key: `POST ${A}/react/posts?author=ann` },
    { member: 'getList.getPage', endpoint: () => getPage, name: 'Post.getList.getPage', method: 'GET', args: [{ ...listParams, page: 2 }], url: `${A}/react/posts?author=ann&page=2`, key: `GET ${A}/react/posts?author=ann` },
    { member: 'update', endpoint: () => PostResource.update, name: 'Post.update', method: 'PUT', args: [{ group: 'react', id: 5 }, { title: 'new' }], url: `${A}/react/posts/5`, key: `PUT ${A}/react/posts/5` },
    { member: 'partialUpdate', endpoint: () => PostResource.partialUpdate, name: 'Post.partialUpdate', method: 'PATCH', args: [{ group: 'react', id: 5 }, { title: 'new' }], url: `${A}/react/posts/5`, key: `PATCH ${A}/react/posts/5` },
    { member: 'delete', endpoint: () => PostResource.delete, name: 'Post.delete', method: 'DELETE', args: [{ group: 'react', id: 5 }], url: `${A}/react/posts/5`, key: `DELETE ${A}/react/posts/5` },
  ];

  describe.each(rows)('$member', ({ endpoint, name, method, args, url, key }) => {
    it(`is named ${name}`, () => {
      expect(endpoint().name).toBe(name);
    });

    it(`uses method ${method}`, () => {
      expect(endpoint().method).toBe(method);
    });

    it(`the example call has request URL ${url.replace(A, 'A')} and key ${key.replace(A, 'A')}`, async () => {
      const ep = endpoint() as unknown as AnyEndpoint;
      expect(ep.url(args[0] as Record<string, unknown>)).toBe(url);
      expect(ep.key(...args)).toBe(key);
      expect(ep.testKey(key)).toBe(true);
      stub(() => json({ id: 5, title: 'x' }));
      await ep(...args);
      const { url: sentUrl, init } = onlyCall(calls);
      expect(sentUrl).toBe(url);
      expect(init.method).toBe(method);
    });
  });

  it('get and update/partialUpdate use the schema Post', () => {
    expect(PostResource.get.schema).toBe(Post);
    expect(PostResource.update.schema).toBe(Post);
    expect(PostResource.partialUpdate.schema).toBe(Post);
  });

  it('getList uses new Collection([Post]) with pk {"author":"ann","group":"react"}', () => {
    const collection = PostResource.getList.schema;
    expect(collection).toBeInstanceOf(schema.Collection);
    expect(collection.key).toBe('[Post]');
    expect(collection.pk([{ group: 'react', author: 'ann' }])).toBe(LIST_PK);
    const { result, entities } = normalize(collection, [{ id: 5, title: 'a' }], [listParams]);
    expect(result).toBe(LIST_PK);
    expect(entities['[Post]']).toEqual({ [LIST_PK]: ['5'] });
    const list = denormalize(collection, result, entities, [listParams]) as Post[];
    expect(list).toHaveLength(1);
    expect(list[0]).toBeInstanceOf(Post);
    expect(list[0]!.title).toBe('a');
  });

  it('getList.push and getList.unshift use the collection creation schemas push / unshift', () => {
    expect(push.schema).toBe(PostResource.getList.schema.push);
    expect(unshift.schema).toBe(PostResource.getList.schema.unshift);
  });

  it('push appends the created Post to the stored list and resolves to the created Post', () => {
    const store = storedList();
    const { result, entities } = normalize(push.schema, { id: 7, title: 'hi' }, [listParams, { title: 'hi' }], store);
    expect(listIn({ ...store, entities })).toEqual(['5', '6', '7']);
    const created = denormalize(push.schema, result, entities, [listParams, { title: 'hi' }]);
    expect(created).toBeInstanceOf(Post);
    expect((created as Post).id).toBe(7);
  });

  it('unshift prepends the created Post to the stored list', () => {
    const store = storedList();
    const { entities } = normalize(unshift.schema, { id: 7, title: 'hi' }, [listParams, { title: 'hi' }], store);
    expect(listIn({ ...store, entities })).toEqual(['7', '5', '6']);
  });

  it('getPage paginates the collection: its items are appended to the list, which it resolves to', () => {
    const store = storedList();
    const args = [{ ...listParams, page: 2 }];
    const { result, entities } = normalize(getPage.schema, [{ id: 6, title: 'b2' }, { id: 7, title: 'c' }], args, store);
    expect(result).toBe(LIST_PK);
    expect(listIn({ ...store, entities })).toEqual(['5', '6', '7']);
    expect(entities.Post!['6']).toMatchObject({ title: 'b2' });
    const list = denormalize(getPage.schema, result, entities, args) as Post[];
    expect(list.map((post) => post.id)).toEqual([5, 6, 7]);
  });

  it('delete uses new schema.Invalidate(Post)', () => {
    const del = PostResource.delete.schema;
    expect(del).toBeInstanceOf(schema.Invalidate);
    expect(del.schema).toBe(Post);
  });

  it('the URL parameters of get are G & { id }, of getList G & { author? } (a missing group throws)', () => {
    expect(() => PostResource.get.url({ id: 5 } as never)).toThrow(TypeError);
    expect(() => PostResource.getList.url({ author: 'ann' } as never)).toThrow(TypeError);
    expect(PostResource.getList.url({ group: 'react' })).toBe(`${A}/react/posts`);
  });
});

// =============================================================================================

describe('bodies', () => {
  const jsonBodies: Array<[string, () => AnyEndpoint, unknown[], string, string]> = [
    ['getList.push', () => push, [listParams, { title: 'hi' }], 'POST', '{"title":"hi"}'],
    ['getList.unshift', () => unshift, [listParams, { title: 'hi' }], 'POST', '{"title":"hi"}'],
    ['update', () => ext(PostResource.update), [{ group: 'react', id: 5 }, { title: 'new', id: 5 }], 'PUT', '{"title":"new","id":5}'],
    ['partialUpdate', () => ext(PostResource.partialUpdate), [{ group: 'react', id: 5 }, { title: 'new' }], 'PATCH', '{"title":"new"}'],
  ];

  it.each(jsonBodies)('%s sends the given fields as JSON with Content-Type: application/json', async (_member, endpoint, args, method, body) => {
    stub(() => json({ id: 5 }));
    await endpoint()(...args);
    const { init } = onlyCall(calls);
    expect(init.method).toBe(method);
    expect(init.body).toBe(body);
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it.each(jsonBodies)('%s sends a FormData body as is, without a Content-Type', async (_member, endpoint, args) => {
    stub(() => json({ id: 5 }));
    const form = new FormData();
    form.append('title', 'hi');
    await endpoint()(args[0], form);
    const { init } = onlyCall(calls);
    expect(init.body).toBe(form);
    expect(headersOf(init).has('content-type')).toBe(false);
  });

  it('get and delete send no body', async () => {
    stub(() => json({ id: 5 }));
    await PostResource.get({ group: 'react', id: 5 });
    await PostResource.delete({ group: 'react', id: 5 });
    expect(calls).toHaveLength(2);
    for (const { init } of calls) expect(init.body).toBeUndefined();
  });
});

describe('reads and mutations; delete schema per item schema', () => {
  it('get, getList and getPage are reads; the other members are mutations', () => {
    expect(PostResource.get.sideEffect).toBeFalsy();
    expect(PostResource.getList.sideEffect).toBeFalsy();
    expect(getPage.sideEffect).toBeFalsy();
    for (const member of [push, unshift, PostResource.update, PostResource.partialUpdate, PostResource.delete]) {
      expect(member.sideEffect).toBe(true);
    }
  });

  class TextPost extends Entity {
    id = 0;
    type = 'text';
    pk() {
      return `${this.id}`;
    }
    static override key = 'RsTextPost';
  }
  class ImagePost extends Entity {
    id = 0;
    type = 'image';
    pk() {
      return `${this.id}`;
    }
    static override key = 'RsImagePost';
  }

  it('with a Union schema, delete uses new schema.Invalidate(union), which tombstones the right member', () => {
    const union = new schema.Union({ text: TextPost, image: ImagePost }, 'type');
    const R = createResource({ path: '/feed/:id', schema: union });
    expect(R.get.schema).toBe(union);
    expect(R.delete.schema).toBeInstanceOf(schema.Invalidate);
    expect((R.delete.schema as schema.Invalidate<typeof union>).schema).toBe(union);
    const { result, entities } = normalize(R.delete.schema, { id: 3, type: 'image' }, [{ id: 3 }]);
    expect(result).toEqual({ id: '3', schema: 'image' });
    expect(entities.RsImagePost).toEqual({ '3': null });
    expect(entities.RsTextPost).toBeUndefined();
  });

  it('with a schema that is neither an Entity nor a Union, delete uses the schema unchanged', () => {
    const wrapped = new schema.Values(Post);
    const R = createResource({ path: '/bundles/:id', schema: wrapped });
    expect(R.delete.schema).toBe(wrapped);
    expect(R.get.schema).toBe(wrapped);
  });
});

// =============================================================================================

describe('update and partialUpdate treat an empty response as { ...pathParams, ...bodyObject }', () => {
  const empties: Array<[string, () => Response]> = [
    ['204', () => new Response(null, { status: 204 })],
    ['205', () => new Response(null, { status: 205 })],
    ['an empty JSON body', () => text('', 'application/json')],
    ['an empty body without Content-Type', () => text('')],
  ];
  const members: Array<[string, () => AnyEndpoint]> = [
    ['update', () => ext(PostResource.update)],
    ['partialUpdate', () => ext(PostResource.partialUpdate)],
  ];

  describe.each(members)('%s', (_name, member) => {
    it.each(empties)('%s resolves to the path parameters and the sent fields', async (_label, respond) => {
      stub(respond);
      await expect(member()({ group: 'react', id: 5 }, { title: 'new' })).resolves.toEqual({ group: 'react', id: 5, title: 'new' });
    });

    it('search parameters are not path parameters and are left out', async () => {
      stub(() => new Response(null, { status: 204 }));
      await expect(member()({ group: 'react', id: 5, author: 'ann' }, { title: 'new' })).resolves.toEqual({ group: 'react', id: 5, title: 'new' });
    });

    it('a FormData body contributes its entries', async () => {
      stub(() => new Response(null, { status: 204 }));
      const form = new FormData();
      form.append('title', 'first');
      form.append('title', 'last');
      await expect(member()({ group: 'react', id: 5 }, form)).resolves.toEqual({ group: 'react', id: 5, title: 'last' });
    });

    it('the value normalizes with the member schema and so updates the stored entity', async () => {
      stub(() => new Response(null, { status: 204 }));
      const value = await member()({ group: 'react', id: 5 }, { title: 'new' });
      const store = storedList();
      const { entities } = normalize(member().schema, value, [{ group: 'react', id: 5 }, { title: 'new' }], store);
      expect(entities.Post!['5']).toMatchObject({ id: 5, title: 'new', author: '1' });
      const post = denormalize(Post, '5', entities) as Post;
      expect(post.title).toBe('new');
    });

    it('a path parameter named __proto__ is kept as an own field, and the prototype is untouched', async () => {
      stub(() => new Response(null, { status: 204 }));
      const Hostile = createResource({ path: '/:__proto__/posts/:id', schema: Post, urlPrefix: A });
      const endpoint = ext(_name === 'update' ? Hostile.update : Hostile.partialUpdate);
      const value = (await endpoint(JSON.parse('{"__proto__":"react","id":5}'), { title: 'new' })) as Record<string, unknown>;
      expect(Object.keys(value)).toEqual(['__proto__', 'id', 'title']);
      expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe('react');
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    });

    it('a non-empty answer is returned as it came', async () => {
      stub(() => json({ id: 5, title: 'server' }));
      await expect(member()({ group: 'react', id: 5 }, { title: 'new' })).resolves.toEqual({ id: 5, title: 'server' });
    });
  });
});

// =============================================================================================

describe('delete: every answer tombstones the entity', () => {
  const params = { group: 'react', id: 5 };
  const fromParams = { group: 'react', id: 5 };
  type DeleteRow = [label: string, respond: () => Response, plainValue: unknown];
  const rows: DeleteRow[] = [
    ['200 JSON {"id":5,"title":"gone"} is the entity', () => json({ id: 5, title: 'gone' }), { id: 5, title: 'gone' }],
    ['200 JSON "5" is the pk', () => json('5'), '5'],
    ['200 JSON 5 is the pk', () => json(5), 5],
    ['200 text/plain 5 is the pk', () => text('5', 'text/plain'), '5'],
    ['a 204 tombstones the pk from the URL parameters', () => new Response(null, { status: 204 }), fromParams],
    ['a 205 tombstones the pk from the URL parameters', () => new Response(null, { status: 205 }), fromParams],
    ['an empty body tombstones the pk from the URL parameters', () => text('', 'application/json'), fromParams],
    ['an empty body without Content-Type tombstones the pk from the URL parameters', () => text(''), fromParams],
    ['JSON null tombstones the pk from the URL parameters', () => json(null), fromParams],
    ['JSON {} tombstones the pk from the URL parameters', () => json({}), fromParams],
  ];

  it.each(rows)('%s', async (_label, respond, plainValue) => {
    stub(respond);
    const value = await PostResource.delete(params);
    expect(value).toEqual(plainValue);
    const store = storedList();
    expect(readList(store)).toHaveLength(2);
    const { result, entities, entitiesMeta } = normalize(PostResource.delete.schema, value, [params], store);
    expect(result).toBe('5');
    expect(entities.Post!['5']).toBeNull();
    expect(entitiesMeta.Post!['5']).toBeDefined();
    // Gone from every list and from detail reads; its neighbour stays.
    expect(denormalize(Post, '5', entities)).toBeUndefined();
    expect(readList({ ...store, entities })!.map((post) => post.id)).toEqual([6]);
    expect(entities.Post!['6']).not.toBeNull();
  });

  it('the tombstone also removes the entity from arrays and Values', () => {
    const posts = normalize({ list: [Post], map: new schema.Values(Post) }, { list: [{ id: 5 }, { id: 6 }], map: { a: { id: 5 }, b: { id: 6 } } });
    const { entities } = normalize(PostResource.delete.schema, { group: 'react', id: 5 }, [params], posts);
    const read = denormalize({ list: [Post], map: new schema.Values(Post) }, posts.result, entities) as { list: Post[]; map: Record<string, Post> };
    expect(read.list.map((post) => post.id)).toEqual([6]);
    expect(Object.keys(read.map)).toEqual(['b']);
  });

  it.each([404, 500])('a %s rejects with the NetworkError and nothing is tombstoned', async (status) => {
    stub(() => json({ message: 'nope' }, status));
    const error = await PostResource.delete(params).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).status).toBe(status);
    expect((error as NetworkError).url).toBe(`${A}/react/posts/5`);
  });
});

describe('delete parses a non-JSON, non-HTML text body as a pk string', () => {
  it('a text/plain body is the pk, trimmed', async () => {
    stub(() => text('  5\n', 'text/plain'));
    await expect(PostResource.delete({ group: 'react', id: 5 })).resolves.toBe('5');
  });

  it('a text body without Content-Type is the pk too', async () => {
    stub(() => text('5'));
    const value = await PostResource.delete({ group: 'react', id: 5 });
    expect(value).toBe('5');
    expect(normalize(PostResource.delete.schema, value).entities.Post).toEqual({ '5': null });
  });

  it('an HTML body is still a NetworkError that names an HTML page', async () => {
    stub(() => text('<!doctype html><html><body>app</body></html>', 'text/html'));
    const error = await PostResource.delete({ group: 'react', id: 5 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).status).toBe(200);
    expect((error as NetworkError).message).toMatch(/HTML page/);
  });

  it('an HTML body sent as text/plain is still a NetworkError', async () => {
    stub(() => text('<html><body>app</body></html>', 'text/plain'));
    await expect(PostResource.delete({ group: 'react', id: 5 })).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('an object answer without a pk', () => {
  it('{"ok":true} makes normalizing with the delete schema fail with status 400; nothing is tombstoned', async () => {
    stub(() => json({ ok: true }));
    const value = await PostResource.delete({ group: 'react', id: 5 });
    const store = storedList();
    const before = JSON.stringify(store);
    const error = thrown(() => normalize(PostResource.delete.schema, value, [{ group: 'react', id: 5 }], store));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/primary key/);
    expect(JSON.stringify(store)).toBe(before);
    expect(store.entities.Post!['5']).not.toBeNull();
  });
});

describe('rows 15 and 16 for resource members (through normalize)', () => {
  it('a response without a pk fails with status 400 quoting the value, for get and update alike', () => {
    for (const member of [PostResource.get, PostResource.update]) {
      const error = thrown(() => normalize(member.schema, { title: 'x' }, [{ group: 'react', id: 5 }]));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/missing primary key/);
      expect(error.message).toContain('"title":"x"');
    }
  });

  it('an array for get fails with "expected an object for Post, got an array"', () => {
    const error = thrown(() => normalize(PostResource.get.schema, [{ id: 5 }], [{ group: 'react', id: 5 }]));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/expected an object for Post, got an array/);
  });

  it('an object for getList fails with status 400', () => {
    const error = thrown(() => normalize(PostResource.getList.schema, { id: 5 }, [listParams]));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/expected an array/);
  });

  it('an empty answer (null) for get is a failure, status 400', async () => {
    stub(() => new Response(null, { status: 204 }));
    const value = await PostResource.get({ group: 'react', id: 5 });
    expect(value).toBeNull();
    expect(thrown(() => normalize(PostResource.get.schema, value, [{ group: 'react', id: 5 }])).status).toBe(400);
  });
});

// =============================================================================================

describe('optimistic responses', () => {
  const pathParams = { group: 'react', id: 5 };

  it('without optimistic: true no member has a getOptimisticResponse', () => {
    for (const member of [PostResource.update, PostResource.partialUpdate, PostResource.delete, push, unshift]) {
      expect(member.getOptimisticResponse).toBeUndefined();
    }
  });

  it('getList.push: { ...pathParams, ...bodyObject }, search parameters excluded', () => {
    const ep = ext(OptimisticResource.getList.push);
    expect(ep.getOptimisticResponse!(snapshot(), listParams, { title: 'hi' })).toEqual({ group: 'react', title: 'hi' });
  });

  it('getList.unshift: { ...pathParams, ...bodyObject }', () => {
    const ep = ext(OptimisticResource.getList.unshift);
    expect(ep.getOptimisticResponse!(snapshot(), listParams, { title: 'hi', id: 9 })).toEqual({ group: 'react', title: 'hi', id: 9 });
  });

  it('getList.push with an array body: one object per element', () => {
    const ep = ext(OptimisticResource.getList.push);
    expect(ep.getOptimisticResponse!(snapshot(), listParams, [{ id: 8, title: 'a' }, { id: 9, title: 'b' }])).toEqual([
      { group: 'react', id: 8, title: 'a' },
      { group: 'react', id: 9, title: 'b' },
    ]);
  });

  it('the push optimistic value normalizes into the stored list', () => {
    const ep = ext(OptimisticResource.getList.push);
    const args = [listParams, { id: 8, title: 'a' }];
    const value = ep.getOptimisticResponse!(snapshot(), ...args);
    const store = storedList();
    const { entities } = normalize(ep.schema, value, args, store);
    expect(listIn({ ...store, entities })).toEqual(['5', '6', '8']);
    expect(entities.Post!['8']).toEqual({ group: 'react', id: 8, title: 'a' });
  });

  it('a FormData body becomes an object of its entries: last value wins, File and Blob values dropped', () => {
    const form = new FormData();
    form.append('title', 'first');
    form.append('title', 'last');
    form.append('id', '8');
    form.append('file', new File(['x'], 'a.txt'));
    form.append('blob', new Blob(['y']));
    const expected = { group: 'react', id: '8', title: 'last' };
    expect(ext(OptimisticResource.getList.push).getOptimisticResponse!(snapshot(), listParams, form)).toEqual(expected);
    expect(OptimisticResource.update.getOptimisticResponse!(snapshot(), { group: 'react', id: 8 }, form)).toEqual(expected);
  });

  it('update: { ...pathParams, ...bodyObject }, search parameters excluded', () => {
    const snap = snapshot();
    expect(OptimisticResource.update.getOptimisticResponse!(snap, { ...pathParams, author: 'ann' }, { title: 't' })).toEqual({
      group: 'react',
      id: 5,
      title: 't',
    });
  });

  it('partialUpdate throws snapshot.abort when snapshot.get(Post, pathParams) is undefined', () => {
    const snap = snapshot(() => undefined);
    const error = thrown(() => OptimisticResource.partialUpdate.getOptimisticResponse!(snap, { ...pathParams, author: 'ann' }, { title: 't' }));
    expect(error).toBe(snap.abort);
    expect(snap.get).toHaveBeenCalledWith(Post, pathParams);
  });

  it('partialUpdate with the entity in the view: { ...pathParams, ...bodyObject }', () => {
    const snap = snapshot(() => Post.fromJS({ id: 5, title: 'old' }));
    expect(OptimisticResource.partialUpdate.getOptimisticResponse!(snap, pathParams, { title: 't' })).toEqual({ group: 'react', id: 5, title: 't' });
  });

  it('delete: the path parameters, which the delete schema turns into a tombstone', () => {
    const value = OptimisticResource.delete.getOptimisticResponse!(snapshot(), { ...pathParams, author: 'ann' });
    expect(value).toEqual(pathParams);
    const store = storedList();
    const { entities } = normalize(OptimisticResource.delete.schema, value, [pathParams], store);
    expect(entities.Post!['5']).toBeNull();
    expect(readList({ ...store, entities })!.map((post) => post.id)).toEqual([6]);
  });

  it('getList.assign of a Values collection: the body object', () => {
    class ValuesCollection extends schema.Collection<any> {
      constructor(items: readonly [unknown], options?: schema.CollectionOptions) {
        super(new schema.Values(items[0] as typeof Post), options);
      }
    }
    const R = createResource({ path: '/:group/posts/:id', schema: Post, Collection: ValuesCollection as unknown as typeof schema.Collection, optimistic: true });
    const assign = ext(R.getList.assign);
    expect(R.getList.push).toBeUndefined();
    const body = { a: { id: 1, title: 'x' } };
    expect(assign.getOptimisticResponse!(snapshot(), { group: 'react' }, body)).toEqual(body);
  });
});

describe('optimistic update example', () => {
  it('update({ group: "react", id: 5 }, { title: "t" }) shows Post 5 with title "t" and a group field', () => {
    const args = [{ group: 'react', id: 5 }, { title: 't' }];
    const value = OptimisticResource.update.getOptimisticResponse!(snapshot(), ...args);
    const store = storedList();
    const { entities } = normalize(OptimisticResource.update.schema, value, args, store);
    const post = denormalize(Post, '5', entities) as Post & { group?: string };
    expect(post.title).toBe('t');
    expect(post.group).toBe('react');
    expect(readList({ ...store, entities })![0]!.title).toBe('t');
  });
});

describe('optimistic push without an id', () => {
  it('the optimistic value carries no id (the placeholder pk is the store job)', () => {
    const value = ext(OptimisticResource.getList.push).getOptimisticResponse!(snapshot(), listParams, { title: 'draft' });
    expect(value).toEqual({ group: 'react', title: 'draft' });
  });
});

describe('reads and extended members', () => {
  it('get is a read and gets no optimistic response; getList is a read', () => {
    expect(OptimisticResource.get.getOptimisticResponse).toBeUndefined();
    expect(OptimisticResource.get.sideEffect).toBeFalsy();
    expect(OptimisticResource.getList.sideEffect).toBeFalsy();
  });

  it('extend(name, options) of an existing member keeps its optimistic response', () => {
    const R = OptimisticResource.extend('update', { dataExpiryLength: 10 });
    expect(R.update.dataExpiryLength).toBe(10);
    expect(R.update.getOptimisticResponse).toBe(OptimisticResource.update.getOptimisticResponse);
    expect(R.update.getOptimisticResponse!(snapshot(), { group: 'react', id: 5 }, { title: 't' })).toEqual({ group: 'react', id: 5, title: 't' });
  });

  it('a new member added with extend(name, options) inherits from get, which has none', () => {
    const R = OptimisticResource.extend('publish', { path: '/:group/posts/:id/publish', method: 'POST' });
    expect(R.publish.getOptimisticResponse).toBe(OptimisticResource.get.getOptimisticResponse);
  });

  it('the batch form keeps the optimistic response too', () => {
    const R = OptimisticResource.extend({ partialUpdate: { dataExpiryLength: 10 } });
    const snap = snapshot(() => undefined);
    expect(thrown(() => R.partialUpdate.getOptimisticResponse!(snap, { group: 'react', id: 5 }, { title: 't' }))).toBe(snap.abort);
  });
});

// =============================================================================================

describe('extend: batch form', () => {
  type PostBody = { title: string };

  it('replaces each named member with member.extend(options) and keeps the others', () => {
    const R = PostResource.extend({ update: { body: {} as PostBody }, get: { dataExpiryLength: 5000 } });
    expect(R.get).not.toBe(PostResource.get);
    expect(R.get.dataExpiryLength).toBe(5000);
    expect(R.get.name).toBe('Post.get');
    expect(R.get.url({ group: 'react', id: 5 })).toBe(`${A}/react/posts/5`);
    expect(R.update).not.toBe(PostResource.update);
    expect(R.update.method).toBe('PUT');
    expect(R.update.name).toBe('Post.update');
    expect(R.getList).toBe(PostResource.getList);
    expect(R.delete).toBe(PostResource.delete);
    expect(R.partialUpdate).toBe(PostResource.partialUpdate);
  });

  it('an extended update still sends its body and still treats an empty answer as the sent fields', async () => {
    const R = PostResource.extend({ update: { body: {} as PostBody } });
    stub(() => new Response(null, { status: 204 }));
    await expect(R.update({ group: 'react', id: 5 }, { title: 'x' })).resolves.toEqual({ group: 'react', id: 5, title: 'x' });
    expect(onlyCall(calls).init.body).toBe('{"title":"x"}');
  });

  it('a name that is not a member throws a TypeError suggesting the two-argument form', () => {
    const batch = { publish: { method: 'POST' } } as unknown as Parameters<typeof PostResource.extend>[0];
    const error = thrown(() => PostResource.extend(batch as never));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(/publish/);
    expect(error.message).toMatch(/extend\(\s*["']publish["']\s*,/);
  });
});

describe('extend: add-member form', () => {
  const R = PostResource.extend('publish', { path: '/:group/posts/:id/publish', method: 'POST' });

  it('publish is POST A/react/posts/5/publish, named Post.publish, a mutation with schema Post', () => {
    expect(R.publish).toBeInstanceOf(RestEndpoint);
    expect(R.publish.name).toBe('Post.publish');
    expect(R.publish.method).toBe('POST');
    expect(R.publish.sideEffect).toBe(true);
    expect(R.publish.schema).toBe(Post);
    expect(R.publish.url({ group: 'react', id: 5 })).toBe(`${A}/react/posts/5/publish`);
    expect(R.publish.key({ group: 'react', id: 5 }, {})).toBe(`POST ${A}/react/posts/5/publish`);
  });

  it('publish takes (params, body) and sends the body', async () => {
    stub(() => json({ id: 5, title: 'x' }));
    await expect(R.publish({ group: 'react', id: 5 }, { at: 'now' })).resolves.toEqual({ id: 5, title: 'x' });
    const { url, init } = onlyCall(calls);
    expect(url).toBe(`${A}/react/posts/5/publish`);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"at":"now"}');
  });

  it('the other members are kept', () => {
    expect(R.get).toBe(PostResource.get);
    expect(R.getList).toBe(PostResource.getList);
    expect(R.update).toBe(PostResource.update);
  });

  it('an existing name is replaced by member.extend(options)', () => {
    const R2 = PostResource.extend('get', { dataExpiryLength: 7 });
    expect(R2.get).not.toBe(PostResource.get);
    expect(R2.get.dataExpiryLength).toBe(7);
    expect(R2.get.name).toBe('Post.get');
    const R3 = PostResource.extend('delete', { dataExpiryLength: 7 });
    expect(R3.delete.schema).toBe(PostResource.delete.schema);
    expect(R3.delete.name).toBe('Post.delete');
  });

  it('an explicit name option wins', () => {
    const R2 = PostResource.extend('archive', { path: '/:group/posts/:id/archive', method: 'POST', name: 'archivePost' });
    expect(R2.archive.name).toBe('archivePost');
  });
});

describe('extend: function form', () => {
  it('shallow-merges the returned members over the resource', () => {
    const R = PostResource.extend((Base) => ({ getByAuthor: Base.getList.extend({ path: '/:group/authors/:author/posts' }) }));
    expect(R.getByAuthor.url({ group: 'react', author: 'ann' })).toBe(`${A}/react/authors/ann/posts`);
    expect(R.getByAuthor.schema).toBe(PostResource.getList.schema);
    for (const name of ['get', 'getList', 'update', 'partialUpdate', 'delete'] as const) expect(R[name]).toBe(PostResource[name]);
  });

  it('the function receives the current resource', () => {
    const seen: unknown[] = [];
    PostResource.extend((Base) => {
      seen.push(Base.get, Base.getList);
      return {};
    });
    expect(seen).toEqual([PostResource.get, PostResource.getList]);
  });
});

describe('every form returns a new resource and leaves the original unchanged', () => {
  it('the original keeps its members; the result has extend', () => {
    const before = { ...PostResource };
    const R1 = PostResource.extend('publish', { path: '/:group/posts/:id/publish', method: 'POST' });
    const R2 = PostResource.extend({ get: { dataExpiryLength: 1 } });
    const R3 = PostResource.extend(() => ({ get: PostResource.get.extend({ dataExpiryLength: 2 }) }));
    for (const R of [R1, R2, R3]) {
      expect(R).not.toBe(PostResource);
      expect(typeof R.extend).toBe('function');
    }
    expect({ ...PostResource }).toEqual(before);
    expect(Object.keys(PostResource).sort()).toEqual(Object.keys(before).sort());
    expect('publish' in PostResource).toBe(false);
    expect(PostResource.get.dataExpiryLength).toBeUndefined();
  });

  it('extend chains: an extended resource extends again', () => {
    const R = PostResource.extend('publish', { path: '/:group/posts/:id/publish', method: 'POST' }).extend({ get: { dataExpiryLength: 3 } });
    expect(R.publish.name).toBe('Post.publish');
    expect(R.get.dataExpiryLength).toBe(3);
  });

  it('getList.push, unshift and getPage derive from the current getList (batch and add-member forms)', async () => {
    const requestInit = { headers: { 'X-List': '1' } };
    for (const R of [PostResource.extend({ getList: { requestInit } }), PostResource.extend('getList', { requestInit })]) {
      expect(R.getList.push).not.toBe(PostResource.getList.push);
      stub(() => json([]));
      await ext(R.getList.push)(listParams, { id: 7 });
      await ext(R.getList.unshift)(listParams, { id: 7 });
      await ext(R.getList.getPage)({ ...listParams, page: 2 });
      expect(calls).toHaveLength(3);
      for (const { init } of calls) expect(headersOf(init).get('x-list')).toBe('1');
    }
  });

  it('a getList replaced by the function form gives push and getPage on its new path', () => {
    const R = PostResource.extend((Base) => ({ getList: Base.getList.extend({ path: '/:group/articles' }) }));
    expect(ext(R.getList.push).url(listParams)).toBe(`${A}/react/articles?author=ann`);
    expect(ext(R.getList.getPage).url({ ...listParams, page: 2 })).toBe(`${A}/react/articles?author=ann&page=2`);
    expect(ext(R.getList.getPage).key({ ...listParams, page: 2 })).toBe(`GET ${A}/react/articles?author=ann`);
    expect(ext(R.getList.push).name).toBe('Post.getList.push');
  });
});

// =============================================================================================

describe('Endpoint option', () => {
  let token: string | undefined;
  class AuthedEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    override getHeaders(headers: Record<string, string>) {
      return token ? { ...headers, 'Access-Token': token } : headers;
    }
  }
  const R = createResource({
    path: '/:group/posts/:id',
    schema: Post,
    urlPrefix: A,
    searchParams: {} as { author?: string },
    paginationField: 'page',
    Endpoint: AuthedEndpoint,
  });
  afterEach(() => {
    token = undefined;
  });

  it('every member, extender and added member is an instance of the Endpoint class', () => {
    const R2 = R.extend('publish', { path: '/:group/posts/:id/publish', method: 'POST' }).extend({ update: { dataExpiryLength: 1 } });
    const all = [R.get, R.getList, R.update, R.partialUpdate, R.delete, R.getList.push, R.getList.unshift, R.getList.getPage, R2.publish, R2.update, ext(R2.getList.push)];
    for (const member of all) expect(member).toBeInstanceOf(AuthedEndpoint);
    const R3 = R.extend((Base) => ({ byAuthor: Base.getList.extend({ path: '/:group/authors/:author/posts' }) }));
    expect(R3.byAuthor).toBeInstanceOf(AuthedEndpoint);
    expect(ext(R3.byAuthor.push)).toBeInstanceOf(AuthedEndpoint);
  });

  it('its getHeaders applies to every request of the resource', async () => {
    token = 'secret';
    stub(() => json({ id: 5 }));
    const R2 = R.extend('publish', { path: '/:group/posts/:id/publish', method: 'POST' });
    await R.get({ group: 'react', id: 5 });
    await R.getList(listParams);
    await ext(R.getList.push)(listParams, { title: 'x' });
    await ext(R.getList.unshift)(listParams, { title: 'x' });
    await ext(R.getList.getPage)({ ...listParams, page: 2 });
    await R.update({ group: 'react', id: 5 }, { title: 'x' });
    await R.partialUpdate({ group: 'react', id: 5 }, { title: 'x' });
    await R.delete({ group: 'react', id: 5 });
    await R2.publish({ group: 'react', id: 5 }, {});
    expect(calls).toHaveLength(9);
    for (const { init } of calls) expect(headersOf(init).get('access-token')).toBe('secret');
  });

  it('without a token no Access-Token header is sent', async () => {
    stub(() => json({ id: 5 }));
    await R.get({ group: 'react', id: 5 });
    expect(headersOf(onlyCall(calls).init).has('access-token')).toBe(false);
  });

  it('the member behaviour (delete fallback, empty update) survives the Endpoint class', async () => {
    stub(() => new Response(null, { status: 204 }));
    await expect(R.delete({ group: 'react', id: 5 })).resolves.toEqual({ group: 'react', id: 5 });
    await expect(R.update({ group: 'react', id: 5 }, { title: 'x' })).resolves.toEqual({ group: 'react', id: 5, title: 'x' });
  });
});

describe('Collection option', () => {
  class AuthorAgnostic extends schema.Collection {
    override nonFilterArgumentKeys(key: string): boolean {
      return key === 'author' || key.startsWith('order');
    }
  }
  const R = createResource({
    path: '/:group/posts/:id',
    schema: Post,
    urlPrefix: A,
    searchParams: {} as { author?: string },
    Collection: AuthorAgnostic,
  });

  function withLists(collection: schema.Collection): NormalizedTables {
    let tables: NormalizedTables = { entities: {}, entitiesMeta: {}, indexes: {} };
    for (const args of [{ group: 'react', author: 'ann' }, { group: 'react' }, { group: 'vue', author: 'ann' }]) {
      const { entities, entitiesMeta, indexes } = normalize(collection, [{ id: 1 }], [args], tables);
      tables = { entities, entitiesMeta, indexes };
    }
    return tables;
  }

  it('getList.schema is new MyCollection([schema])', () => {
    expect(R.getList.schema).toBeInstanceOf(AuthorAgnostic);
    expect(R.getList.schema.key).toBe('[Post]');
    expect(R.getList.schema.pk([listParams])).toBe(LIST_PK);
  });

  it('its nonFilterArgumentKeys override governs which lists push reaches', () => {
    const pushEp = ext(R.getList.push);
    const tables = withLists(R.getList.schema);
    const args = [{ group: 'react' }, { id: 9 }];
    const { entities } = normalize(pushEp.schema, { id: 9 }, args, tables);
    expect(entities['[Post]']).toEqual({
      '{"author":"ann","group":"react"}': ['1', '9'],
      '{"group":"react"}': ['1', '9'],
      '{"author":"ann","group":"vue"}': ['1'],
    });
  });

  it('with the default Collection the same push does not reach the author list', () => {
    const tables = withLists(PostResource.getList.schema);
    const { entities } = normalize(push.schema, { id: 9 }, [{ group: 'react' }, { id: 9 }], tables);
    expect(entities['[Post]']).toEqual({
      '{"author":"ann","group":"react"}': ['1'],
      '{"group":"react"}': ['1', '9'],
      '{"author":"ann","group":"vue"}': ['1'],
    });
  });

  it('unshift follows the override too', () => {
    const tables = withLists(R.getList.schema);
    const { entities } = normalize(ext(R.getList.unshift).schema, { id: 9 }, [{ group: 'react' }, { id: 9 }], tables);
    expect(entities['[Post]']!['{"author":"ann","group":"react"}']).toEqual(['9', '1']);
  });
});
