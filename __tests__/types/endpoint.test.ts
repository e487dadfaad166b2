import { expectTypeOf } from 'expect-type';
import { Entity, RestEndpoint, createResource, schema } from 'rtk-rest';
import type { DataOf, ProcessedOf, RestGenerics } from 'rtk-rest';

/**
 * Types of `RestEndpoint`. Endpoints are
 * constructed for real; calls appear only inside `expectTypeOf` or never-run functions, so no
 * request is sent.
 */

type Value = string | number;
/** Never called: holds calls whose types are checked, without sending anything. */
const typeOnly = (_check: () => unknown) => undefined;

class User extends Entity {
  id = 0;
  username = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'EndpointTypesUser';
}
class Post extends Entity {
  id = 0;
  title = '';
  author = User.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'EndpointTypesPost';
  static override schema = { author: User };
}
interface PostBody {
  title: string;
}

describe('types: URL parameters of every template form', () => {
  it("'/:group/posts/:id' → both required", () => {
    const ep = new RestEndpoint({ path: '/:group/posts/:id' });
    expectTypeOf(ep).parameters.toEqualTypeOf<[urlParams: { group: Value; id: Value }]>();
    expectTypeOf(ep.path).toEqualTypeOf<'/:group/posts/:id'>();
    expect(ep.url({ group: 'react', id: 5 })).toBe('/react/posts/5');
  });

  it("'/:group/posts/:id?' → id optional and nullable", () => {
    const ep = new RestEndpoint({ path: '/:group/posts/:id?' });
    expectTypeOf(ep).parameters.toEqualTypeOf<[urlParams: { group: Value; id?: Value | null }]>();
    expect(ep.url({ group: 'react', id: null })).toBe('/react/posts');
  });

  it("'/users{/:id}{/:group}' → every parameter optional, so the argument is too", () => {
    const ep = new RestEndpoint({ path: '/users{/:id}{/:group}' });
    expectTypeOf(ep).parameters.toEqualTypeOf<[urlParams?: { id?: Value | null; group?: Value | null }]>();
    typeOnly(() => ep());
    expect(ep.url({ group: 'g' })).toBe('/users/g');
  });

  it("'/files/*path' → a wildcard takes string[]", () => {
    const ep = new RestEndpoint({ path: '/files/*path' });
    expectTypeOf(ep).parameters.toEqualTypeOf<[urlParams: { path: string[] }]>();
    // @ts-expect-error a wildcard value is an array
    typeOnly(() => ep({ path: 'a/b' }));
    expect(ep.url({ path: ['a', 'b c'] })).toBe('/files/a/b%20c');
  });

  it("'/:id.json' and '/:a-:b' → names end at '.' and '-'", () => {
    const json = new RestEndpoint({ path: '/:id.json' });
    const pair = new RestEndpoint({ path: '/:a-:b' });
    expectTypeOf(json).parameters.toEqualTypeOf<[urlParams: { id: Value }]>();
    expectTypeOf(pair).parameters.toEqualTypeOf<[urlParams: { a: Value; b: Value }]>();
    expect(pair.url({ a: 1, b: 2 })).toBe('/1-2');
  });

  it('\'/:"post-id"\' → a quoted name', () => {
    const ep = new RestEndpoint({ path: '/:"post-id"' });
    expectTypeOf(ep).parameters.toEqualTypeOf<[urlParams: { 'post-id': Value }]>();
    expect(ep.url({ 'post-id': 7 })).toBe('/7');
  });

  it("'https\\\\://api.example.com/:id' → an escaped absolute URL has one parameter", () => {
    const ep = new RestEndpoint({ path: 'https\\://api.example.com/:id' });
    expectTypeOf(ep).parameters.toEqualTypeOf<[urlParams: { id: Value }]>();
    expect(ep.url({ id: 1 })).toBe('https://api.example.com/1');
  });

  it("'/users' → no parameters: the URL argument is absent", () => {
    const ep = new RestEndpoint({ path: '/users' });
    expectTypeOf(ep).parameters.toEqualTypeOf<[]>();
    const create = new RestEndpoint({ path: '/users', method: 'POST', body: {} as { name: string } });
    expectTypeOf(create).parameters.toEqualTypeOf<[body: { name: string }]>();
    expect(create.key({ name: 'x' })).toBe('POST /users');
  });

  it('a non-literal string → Record<string, unknown>, optional', () => {
    const template: string = '/:id';
    const ep = new RestEndpoint({ path: template });
    expectTypeOf(ep).parameters.toEqualTypeOf<[urlParams?: Record<string, unknown>]>();
    expect(ep.url({ id: 1 })).toBe('/1');
  });

  it('wrong parameters are type errors', () => {
    const ep = new RestEndpoint({ path: '/:group/posts/:id' });
    // @ts-expect-error a required parameter is missing
    typeOnly(() => ep({ group: 'react' }));
    // @ts-expect-error a misspelled parameter
    typeOnly(() => ep({ group: 'react', idd: 5 }));
    // @ts-expect-error the argument is required
    typeOnly(() => ep());
    // @ts-expect-error booleans are not parameter values
    typeOnly(() => ep({ group: 'react', id: true }));
    expect(ep.key({ group: 'react', id: 5 })).toBe('GET /react/posts/5');
  });
});

describe('types: searchParams intersect into the URL parameters', () => {
  it('searchParams: {} as X adds X', () => {
    const ep = new RestEndpoint({ path: '/:group/posts', searchParams: {} as { author?: string; tag?: string[] } });
    expectTypeOf(ep).parameters.toEqualTypeOf<[urlParams: { group: Value; author?: string; tag?: string[] }]>();
    // @ts-expect-error the search parameter has its own type
    typeOnly(() => ep({ group: 'react', author: 5 }));
    expect(ep.url({ group: 'react', author: 'ann' })).toBe('/react/posts?author=ann');
  });

  it('searchParams alone make the argument exist; all optional → optional', () => {
    const ep = new RestEndpoint({ path: '/posts', searchParams: {} as { page?: number } });
    expectTypeOf(ep).parameters.toEqualTypeOf<[urlParams?: { page?: number }]>();
    const required = new RestEndpoint({ path: '/search', searchParams: {} as { q: string } });
    expectTypeOf(required).parameters.toEqualTypeOf<[urlParams: { q: string }]>();
    expect(required.url({ q: 'a b' })).toBe('/search?q=a+b');
  });
});

describe('types: the body argument', () => {
  it('GET, HEAD and DELETE never take a body, whatever the options', () => {
    const get = new RestEndpoint({ path: '/posts/:id', body: {} as PostBody });
    const head = new RestEndpoint({ path: '/posts/:id', method: 'HEAD' });
    const del = new RestEndpoint({ path: '/posts/:id', method: 'delete', body: {} as PostBody });
    expectTypeOf(get).parameters.toEqualTypeOf<[urlParams: { id: Value }]>();
    expectTypeOf(head).parameters.toEqualTypeOf<[urlParams: { id: Value }]>();
    expectTypeOf(del).parameters.toEqualTypeOf<[urlParams: { id: Value }]>();
    // @ts-expect-error a body on GET
    typeOnly(() => get({ id: 1 }, { title: 'x' }));
    expect(del.method).toBe('DELETE');
  });

  it('POST, PUT, PATCH take (params, body); the body is the body option, else any', () => {
    const put = new RestEndpoint({ path: '/posts/:id', method: 'PUT', body: {} as PostBody });
    const patch = new RestEndpoint({ path: '/posts/:id', method: 'PATCH' });
    expectTypeOf(put).parameters.toEqualTypeOf<[urlParams: { id: Value }, body: PostBody]>();
    expectTypeOf(patch).parameters.toEqualTypeOf<[urlParams: { id: Value }, body: any]>();
    // @ts-expect-error a wrong body type
    typeOnly(() => put({ id: 1 }, { title: 5 }));
    // @ts-expect-error the body is required with a required parameter
    typeOnly(() => put({ id: 1 }));
    expect(put.sideEffect).toBe(true);
  });

  it('sideEffect: true without a method is a POST, so it takes a body', () => {
    const ep = new RestEndpoint({ path: '/posts', sideEffect: true, body: {} as PostBody });
    expectTypeOf(ep).parameters.toEqualTypeOf<[body: PostBody]>();
    expect(ep.method).toBe('POST');
  });

  it('body: undefined removes the body argument', () => {
    const ep = new RestEndpoint({ path: '/posts/:id/publish', method: 'POST', body: undefined });
    expectTypeOf(ep).parameters.toEqualTypeOf<[urlParams: { id: Value }]>();
    expect(ep.key({ id: 1 })).toBe('POST /posts/1/publish');
  });

  it('POST without path parameters: one argument is the body', () => {
    const ep = new RestEndpoint({ path: '/posts', method: 'POST', body: {} as PostBody });
    expectTypeOf(ep).parameters.toEqualTypeOf<[body: PostBody]>();
    const withGroup = new RestEndpoint({ path: '/:group/posts', method: 'POST', body: {} as PostBody });
    // @ts-expect-error the lone argument is the body, so the parameters are missing
    typeOnly(() => withGroup({ group: 'react' }));
    expectTypeOf(withGroup).toBeCallableWith({ group: 'react' }, { title: 'x' });
    expect(withGroup.key({ group: 'react' }, { title: 'x' })).toBe('POST /react/posts');
  });

  it('optional parameters: (body) or (params, body)', () => {
    const ep = new RestEndpoint({ path: '/posts{/:id}', method: 'POST', body: {} as PostBody });
    expectTypeOf(ep).parameters.toEqualTypeOf<[urlParams: { id?: Value | null }, body: PostBody] | [body: PostBody]>();
    expectTypeOf(ep).toBeCallableWith({ title: 'x' });
    expectTypeOf(ep).toBeCallableWith({ id: 1 }, { title: 'x' });
    expect(ep.key({ id: 1 }, { title: 'x' })).toBe('POST /posts/1');
  });
});

describe('types: ProcessedOf and DataOf', () => {
  it('a plain call resolves to process’s result, else any', () => {
    const plain = new RestEndpoint({ path: '/posts/:id' });
    const processed = new RestEndpoint({
      path: '/posts/:id',
      process(value: { title: string }): string {
        return value.title;
      },
    });
    expectTypeOf(plain).returns.toEqualTypeOf<Promise<any>>();
    expectTypeOf(processed).returns.toEqualTypeOf<Promise<string>>();
    expectTypeOf<ProcessedOf<typeof processed>>().toEqualTypeOf<string>();
    const asyncProcess = new RestEndpoint({ path: '/n', process: async (value: unknown) => Number(value) });
    expectTypeOf(asyncProcess).returns.toEqualTypeOf<Promise<number>>();
    expect(processed.process({ title: 'a' })).toBe('a');
  });

  it('DataOf follows the schema: Entity, array, Collection, object', () => {
    const one = new RestEndpoint({ path: '/posts/:id', schema: Post });
    const many = new RestEndpoint({ path: '/posts', schema: [Post] });
    const list = new RestEndpoint({ path: '/posts', schema: new schema.Collection([Post]) });
    const page = new RestEndpoint({ path: '/posts', schema: { results: new schema.Collection([Post]), next: '', count: 0 } });
    const none = new RestEndpoint({ path: '/posts', process: (value: unknown) => String(value) });
    expectTypeOf<DataOf<typeof one>>().toEqualTypeOf<Post>();
    expectTypeOf<DataOf<typeof many>>().toEqualTypeOf<Post[]>();
    expectTypeOf<DataOf<typeof list>>().toEqualTypeOf<Post[]>();
    expectTypeOf<DataOf<typeof page>>().toEqualTypeOf<{ results: Post[]; next: string; count: number }>();
    expectTypeOf<DataOf<typeof none>>().toEqualTypeOf<string>();
    expectTypeOf(one.schema).toEqualTypeOf<typeof Post>();
    expect([one, many, list, page, none].map((ep) => ep.method)).toEqual(['GET', 'GET', 'GET', 'GET', 'GET']);
  });
});

describe('types: extend replaces what it is given', () => {
  const getPost = new RestEndpoint({ path: '/:group/posts/:id', schema: Post, urlPrefix: 'https://api.example.com' });

  it("extend({ method: 'PUT' }) is called (params, body)", () => {
    const update = getPost.extend({ method: 'PUT' });
    expectTypeOf(update).parameters.toEqualTypeOf<[urlParams: { group: Value; id: Value }, body: any]>();
    expectTypeOf<DataOf<typeof update>>().toEqualTypeOf<Post>();
    const typed = getPost.extend({ method: 'PUT', body: {} as PostBody });
    expectTypeOf(typed).parameters.toEqualTypeOf<[urlParams: { group: Value; id: Value }, body: PostBody]>();
    expect(update.method).toBe('PUT');
  });

  it('extend({ path }) replaces the parameters; the schema is inherited', () => {
    const byAuthor = getPost.extend({ path: '/:group/authors/:author/posts/:id' });
    expectTypeOf(byAuthor).parameters.toEqualTypeOf<[urlParams: { group: Value; author: Value; id: Value }]>();
    expectTypeOf<DataOf<typeof byAuthor>>().toEqualTypeOf<Post>();
    expect(byAuthor.url({ group: 'g', author: 'a', id: 1 })).toBe('https://api.example.com/g/authors/a/posts/1');
  });

  it('extend({ schema, process, searchParams, body: undefined }) replace the matching types', () => {
    const list = getPost.extend({ path: '/:group/posts', schema: [Post], searchParams: {} as { author?: string } });
    expectTypeOf(list).parameters.toEqualTypeOf<[urlParams: { group: Value; author?: string }]>();
    expectTypeOf<DataOf<typeof list>>().toEqualTypeOf<Post[]>();
    const titles = list.extend({ process: (posts: Post[]) => posts.map((post) => post.title) });
    expectTypeOf(titles).returns.toEqualTypeOf<Promise<string[]>>();
    const post = new RestEndpoint({ path: '/:id', method: 'POST', body: {} as PostBody });
    expectTypeOf(post.extend({ body: undefined })).parameters.toEqualTypeOf<[urlParams: { id: Value }]>();
    expectTypeOf(post.extend({ method: 'GET' })).parameters.toEqualTypeOf<[urlParams: { id: Value }]>();
    // The method is inherited as resolved: sideEffect alone does not make a GET a POST.
    expectTypeOf(getPost.extend({ sideEffect: true })).parameters.toEqualTypeOf<[urlParams: { group: Value; id: Value }]>();
    expect(getPost.extend({ sideEffect: true }).method).toBe('GET');
    expect(list.name).toBe('GET https://api.example.com/:group/posts');
  });

  it('a subclass keeps its own members through extend', () => {
    class AuthedEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
      readonly tokenName: string = 'Access-Token';
      override getHeaders(headers: Record<string, string>): HeadersInit {
        return { ...headers, [this.tokenName]: 't' };
      }
    }
    const authed = new AuthedEndpoint({ path: '/:id', schema: Post });
    expectTypeOf(authed.tokenName).toEqualTypeOf<string>();
    const put = authed.extend({ method: 'PUT', body: {} as PostBody });
    expectTypeOf(put.tokenName).toEqualTypeOf<string>();
    expectTypeOf(put).parameters.toEqualTypeOf<[urlParams: { id: Value }, body: PostBody]>();
    expect(put).toBeInstanceOf(AuthedEndpoint);
  });
});

describe('types: collection extenders', () => {
  const list = new RestEndpoint({
    path: '/:group/posts',
    schema: new schema.Collection([Post]),
    searchParams: {} as { author?: string },
    paginationField: 'page',
  });

  it('push and unshift take (params, body): Partial fields, an array of them, or FormData', () => {
    type Body = Partial<Omit<Post, 'pk'>> | Partial<Omit<Post, 'pk'>>[] | FormData;
    expectTypeOf(list.push).parameters.toEqualTypeOf<[urlParams: { group: Value; author?: string }, body: Body]>();
    expectTypeOf(list.unshift).parameters.toEqualTypeOf<[urlParams: { group: Value; author?: string }, body: Body]>();
    expectTypeOf<DataOf<typeof list.push>>().toEqualTypeOf<Post>();
    expectTypeOf(list.assign).toEqualTypeOf<undefined>();
    // @ts-expect-error a wrong field type
    typeOnly(() => list.push({ group: 'react' }, { title: 5 }));
    expect(list.push.method).toBe('POST');
  });

  it("getPage takes L & { page: string | number } and reads the whole list", () => {
    expectTypeOf(list.getPage).parameters.toEqualTypeOf<[urlParams: { group: Value; author?: string; page: Value }]>();
    expectTypeOf<DataOf<typeof list.getPage>>().toEqualTypeOf<Post[]>();
    // @ts-expect-error the page is required
    typeOnly(() => list.getPage({ group: 'react' }));
    const cursor = list.paginated('cursor');
    expectTypeOf(cursor).parameters.toEqualTypeOf<[urlParams: { group: Value; author?: string; cursor: Value }]>();
    const byFunction = list.paginated(({ cursor: _cursor, ...rest }) => [rest]);
    expectTypeOf(byFunction).toBeCallableWith({ group: 'react', cursor: 'c2' });
    const annotated = list.paginated(({ cursor: _cursor, ...rest }: { group: string; cursor: string }) => [rest]);
    expectTypeOf(annotated).parameters.toEqualTypeOf<[urlParams: { group: string; author?: string; cursor: string }]>();
    expect(list.getPage.key({ group: 'react', page: 2 })).toBe('GET /react/posts');
    expect(annotated.key({ group: 'react', cursor: 'c' })).toBe('GET /react/posts');
  });

  it('a Values collection has assign, not push', () => {
    const dict = new RestEndpoint({ path: '/posts', schema: new schema.Collection(new schema.Values(Post)) });
    expectTypeOf(dict.push).toEqualTypeOf<undefined>();
    expectTypeOf(dict.assign).parameters.toEqualTypeOf<[body: Record<string, Partial<Omit<Post, 'pk'>>> | FormData]>();
    expectTypeOf(dict.getPage).toEqualTypeOf<undefined>();
    expect(dict.assign.method).toBe('POST');
  });

  // `push` was `undefined` for array collections under TypeScript 7. Whether a
  // collection is a dictionary was read by relating `CollectionSchema`s, whose items definition
  // shows only in their optional output marker; TS 5.9 answered from that parameter's variance,
  // TS 7 compares the marker, where an array output fits Values<any>'s `Record<string, any>`. A
  // `new schema.Array(X)` definition already fooled TS 5.9 the same way (it is one too).
  it('user check A: every array collection has push and unshift, only a Values collection has assign', () => {
    const tuple = new RestEndpoint({ path: '/posts', schema: new schema.Collection([Post]) });
    const array = new RestEndpoint({ path: '/posts', schema: new schema.Collection(new schema.Array(Post)) });
    const nested = new RestEndpoint({ path: '/posts', schema: { results: new schema.Collection(new schema.Array(Post)) } });
    type Body = Partial<Omit<Post, 'pk'>> | Partial<Omit<Post, 'pk'>>[] | FormData;
    expectTypeOf(tuple.push).parameters.toEqualTypeOf<[body: Body]>();
    expectTypeOf(array.push).parameters.toEqualTypeOf<[body: Body]>();
    expectTypeOf(nested.push).parameters.toEqualTypeOf<[body: Body]>();
    expectTypeOf(array.unshift).parameters.toEqualTypeOf<[body: Body]>();
    expectTypeOf<DataOf<typeof tuple.push>>().toEqualTypeOf<Post>();
    expectTypeOf<DataOf<typeof array.unshift>>().toEqualTypeOf<Post>();
    expectTypeOf(tuple.assign).toEqualTypeOf<undefined>();
    expectTypeOf(array.assign).toEqualTypeOf<undefined>();
    expectTypeOf(nested.assign).toEqualTypeOf<undefined>();
    expectTypeOf<DataOf<typeof array>>().toEqualTypeOf<Post[]>();
    const resource = createResource({ path: '/posts/:id', schema: Post });
    expectTypeOf(resource.getList.push).not.toEqualTypeOf<undefined>();
    expectTypeOf(resource.getList.unshift).not.toEqualTypeOf<undefined>();
    expectTypeOf(resource.getList.assign).toEqualTypeOf<undefined>();
    expect([tuple, array, nested].map((endpoint) => [endpoint.push?.method, endpoint.unshift?.method, endpoint.assign])).toEqual([
      ['POST', 'POST', undefined],
      ['POST', 'POST', undefined],
      ['POST', 'POST', undefined],
    ]);
  });

  it('the collection inside an object schema is found; the body option types push', () => {
    const page = new RestEndpoint({
      path: '/posts',
      schema: { results: new schema.Collection([Post]), next: '' },
      body: {} as PostBody,
      paginationField: 'cursor',
    });
    expectTypeOf(page.push).parameters.toEqualTypeOf<[body: PostBody]>();
    expectTypeOf(page.getPage).parameters.toEqualTypeOf<[urlParams: { cursor: Value }]>();
    expectTypeOf<DataOf<typeof page.getPage>>().toEqualTypeOf<{ results: Post[]; next: string }>();
    expect(page.push).toBeDefined();
  });

  it('without a collection (or paginationField) the extenders are undefined', () => {
    const one = new RestEndpoint({ path: '/posts/:id', schema: Post });
    expectTypeOf(one.push).toEqualTypeOf<undefined>();
    expectTypeOf(one.unshift).toEqualTypeOf<undefined>();
    expectTypeOf(one.assign).toEqualTypeOf<undefined>();
    expectTypeOf(one.getPage).toEqualTypeOf<undefined>();
    const unpaged = new RestEndpoint({ path: '/posts', schema: new schema.Collection([Post]) });
    expectTypeOf(unpaged.getPage).toEqualTypeOf<undefined>();
    expect([one.push, unpaged.getPage]).toEqual([undefined, undefined]);
  });
});

describe('types: instances of an Endpoint subclass', () => {
  // `const` keeps the path a literal, so the URL parameters are typed as for RestEndpoint itself.
  class TokenEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
    override getHeaders(headers: Record<string, string>) {
      return { ...headers, 'Access-Token': 't' };
    }
  }

  it('are RestEndpoints for every API that takes one, with their data type', () => {
    const getPost = new TokenEndpoint({ path: '/posts/:id', schema: Post });
    const like = new TokenEndpoint({ path: '/posts/:id/like', method: 'POST', body: undefined, schema: Post });
    const takesEndpoint = <E extends RestEndpoint<any>>(endpoint: E): DataOf<E> => endpoint as never;
    expectTypeOf(takesEndpoint(getPost)).toEqualTypeOf<Post>();
    expectTypeOf(takesEndpoint(like)).toEqualTypeOf<Post>();
    expectTypeOf(getPost).toMatchTypeOf<RestEndpoint<any>>();
    typeOnly(() => getPost({ id: 5 }));
    // @ts-expect-error the id is required
    typeOnly(() => getPost({}));
    expect(getPost.getHeaders({})).toEqual({ 'Access-Token': 't' });
  });
});

describe('types: urlPrefix may be a function returning the prefix', () => {
  let root = 'https://ghe.example.com/api/v3';
  const currentRoot = () => root;

  it('RestEndpoint, extend, createResource and a subclass accept () => string; the member reads as a string', () => {
    const getPost = new RestEndpoint({ path: '/posts/:id', schema: Post, urlPrefix: currentRoot });
    expectTypeOf(getPost.urlPrefix).toEqualTypeOf<string>();
    expectTypeOf(getPost).parameters.toEqualTypeOf<[urlParams: { id: Value }]>();
    const moved = getPost.extend({ urlPrefix: () => 'http://localhost:8080' });
    expectTypeOf(moved).parameters.toEqualTypeOf<[urlParams: { id: Value }]>();
    const PostResource = createResource({ path: '/posts/:id', schema: Post, urlPrefix: () => root });
    expectTypeOf(PostResource.get).parameters.toEqualTypeOf<[urlParams: { id: Value }]>();
    const Extended = PostResource.extend({ update: { urlPrefix: currentRoot } });
    expectTypeOf(Extended.update.urlPrefix).toEqualTypeOf<string>();
    class TokenEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {}
    const viaSubclass = new TokenEndpoint({ path: '/posts/:id', urlPrefix: currentRoot });
    expectTypeOf(viaSubclass.urlPrefix).toEqualTypeOf<string>();
    root = 'http://localhost:8080';
    expect([getPost.urlPrefix, moved.urlPrefix, PostResource.get.urlPrefix, viaSubclass.urlPrefix]).toEqual([root, root, root, root]);
  });

  it('a prefix that is not a string or a function returning one is a type error', () => {
    typeOnly(() => {
      // @ts-expect-error a number is not a prefix
      new RestEndpoint({ path: '/posts/:id', urlPrefix: 5 });
      // @ts-expect-error the function must return a string
      new RestEndpoint({ path: '/posts/:id', urlPrefix: () => 5 });
      // @ts-expect-error the function takes no arguments
      createResource({ path: '/posts/:id', schema: Post, urlPrefix: (tenant: string) => tenant });
    });
    expect(new RestEndpoint({ path: '/posts/:id', urlPrefix: currentRoot }).url({ id: 1 })).toBe(`${root}/posts/1`);
  });
});
