import { Entity, NetworkError, RestEndpoint, createResource, denormalize, hookifyResource, normalize, schema } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';
import { headersOf, jsonResponse as json, onlyCall, restoreFetchAfterEach, stubFetch } from '../support/fetch';
import type { FetchCall } from '../support/fetch';

// The authentication recipes and customization patterns, each written as the docs
// show it (plus `override`, which our tsconfig requires) and exercised with a stub fetch.

const A = 'https://api.example.com';

class RcUser extends Entity {
  id = 0;
  username = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'RcUser';
}
class Post extends Entity {
  id = 0;
  title = '';
  author = RcUser.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'RcPost';
  static override schema = { author: RcUser };
}

/**
 * Type workaround (reported): `getList.push` / `getPage` may be typed `RestEndpoint | undefined`,
 * whose default call signature takes one argument, although the docs call `push(params, body)`.
 */
type AnyEndpoint = Omit<RestEndpoint, never> & ((...args: any[]) => Promise<any>);
const ext = (endpoint: unknown): AnyEndpoint => {
  expect(endpoint).toBeInstanceOf(RestEndpoint);
  return endpoint as unknown as AnyEndpoint;
};

// ---------------------------------------------------------------------------------------------
// stub fetch (shared): records { url, init }; answers with real Responses

let calls: FetchCall[] = [];
restoreFetchAfterEach();
const stub = (respond: (url: string, init: RequestInit) => Response | Promise<Response> = () => json({ id: 5, title: 'x' })) => (calls = stubFetch(respond));

// =============================================================================================
// 9 Authentication

describe('every request passes through getRequestInit and getHeaders', () => {
  const seen: string[] = [];
  class SpyEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    override async getRequestInit(body?: unknown) {
      seen.push(`init ${this.name}`);
      return super.getRequestInit(body);
    }
    override getHeaders(headers: Record<string, string>) {
      seen.push(`headers ${this.name}`);
      return { ...headers, 'X-Spy': '1' };
    }
  }
  const PostResource = createResource({ path: '/:group/posts/:id', schema: Post, paginationField: 'page', Endpoint: SpyEndpoint });

  it('a customization on the Endpoint class applies to every member and extender of the resource', async () => {
    stub(() => json([]));
    seen.length = 0;
    await PostResource.get({ group: 'react', id: 5 });
    await PostResource.getList({ group: 'react' });
    await ext(PostResource.getList.push)({ group: 'react' }, { title: 'x' });
    await ext(PostResource.getList.getPage)({ group: 'react', page: 2 });
    await PostResource.update({ group: 'react', id: 5 }, { title: 'x' });
    await PostResource.delete({ group: 'react', id: 5 });
    expect(calls).toHaveLength(6);
    for (const { init } of calls) expect(headersOf(init).get('x-spy')).toBe('1');
    for (const name of ['Post.get', 'Post.getList', 'Post.getList.push', 'Post.getList.getPage', 'Post.update', 'Post.delete'].map((n) => n.replace('Post', 'RcPost'))) {
      expect(seen).toContain(`init ${name}`);
      expect(seen).toContain(`headers ${name}`);
    }
  });
});

describe('cookie session', () => {
  class CookieEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    override async getRequestInit(body: unknown) { return { ...(await super.getRequestInit(body)), credentials: 'same-origin' as const }; }
  }
  const PostResource = createResource({ path: '/:group/posts/:id', schema: Post, Endpoint: CookieEndpoint });

  it("every request of the resource carries credentials: 'same-origin'", async () => {
    stub();
    await PostResource.get({ group: 'react', id: 5 });
    await PostResource.update({ group: 'react', id: 5 }, { title: 'x' });
    await ext(PostResource.getList.push)({ group: 'react' }, { title: 'x' });
    expect(calls.map(({ url }) => url)).toEqual(['/react/posts/5', '/react/posts/5', '/react/posts']);
    for (const { init } of calls) expect(init.credentials).toBe('same-origin');
    expect(calls[1]!.init).toMatchObject({ method: 'PUT', body: '{"title":"x"}', headers: { 'Content-Type': 'application/json' } });
  });
});

describe('access token header', () => {
  let accessToken: string | undefined;
  class AuthedEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    override getHeaders(headers: Record<string, string>) { return accessToken ? { ...headers, 'Access-Token': accessToken } : headers; }
  }
  const PostResource = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A, Endpoint: AuthedEndpoint });
  afterEach(() => {
    accessToken = undefined;
  });

  it('with a token a GET carries Access-Token (and no Content-Type: it has no body)', async () => {
    accessToken = '<ACCESS_TOKEN>';
    stub();
    await PostResource.get({ group: 'react', id: 5 });
    const { url, init } = onlyCall(calls);
    expect(url).toBe(`${A}/react/posts/5`);
    expect(init.headers).toEqual({ 'Access-Token': '<ACCESS_TOKEN>' });
  });

  it('without a token no Access-Token header is sent', async () => {
    stub();
    await PostResource.get({ group: 'react', id: 5 });
    expect(onlyCall(calls).init.headers).toEqual({});
  });

  it('the token is read at request time', async () => {
    stub();
    const get = PostResource.get;
    accessToken = 'first';
    await get({ group: 'react', id: 5 });
    accessToken = 'second';
    await get({ group: 'react', id: 5 });
    expect(calls.map(({ init }) => headersOf(init).get('access-token'))).toEqual(['first', 'second']);
  });
});

describe('token acquisition', () => {
  let accessToken: string | undefined;
  class AuthedEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    override getHeaders(headers: Record<string, string>) { return accessToken ? { ...headers, 'Access-Token': accessToken } : headers; }
  }

  it('login(form) posts the FormData as is, without a Content-Type from the library, and returns the JSON answer', async () => {
    const secret = 's3cret';
    stub((url) => (url.endsWith('/login') ? json({ accessToken: 'tok-1' }) : json({ id: 5, title: 'x' })));

    const login = new RestEndpoint({ urlPrefix: 'https://api.example.com', path: '/login', method: 'POST' });
    const form = new FormData(); form.append('username', 'ann'); form.append('password', secret);
    accessToken = (await login(form)).accessToken; // the answer is { accessToken: string }

    const { url, init } = calls[0]!;
    expect(url).toBe(`${A}/login`);
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    expect(headersOf(init).has('content-type')).toBe(false);
    expect(accessToken).toBe('tok-1');

    const PostResource = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A, Endpoint: AuthedEndpoint });
    await PostResource.get({ group: 'react', id: 5 });
    expect(headersOf(calls[1]!.init).get('access-token')).toBe('tok-1');
  });
});

describe('token from component context through hookifyResource', () => {
  // Stand-ins for React: a context object and a useContext that reads it.
  const TokenContext = { value: 'ctx-token' };
  const useContext = (context: { value: string }) => context.value;
  const PostResource = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A });

  it('the hooks return endpoints whose requests carry the header from useInit', async () => {
    const { useGet, useUpdate } = hookifyResource(PostResource, () => ({ headers: { 'Access-Token': useContext(TokenContext) } }));
    stub();
    const props = { group: 'react', id: 5 };
    await useGet()(props);
    await useUpdate()(props, { title: 'x' });
    expect(calls).toHaveLength(2);
    for (const { url, init } of calls) {
      expect(url).toBe(`${A}/react/posts/5`);
      expect(headersOf(init).get('access-token')).toBe('ctx-token');
    }
    expect(useGet().key(props)).toBe(PostResource.get.key(props));
  });

  it('a new context value gives a new endpoint carrying the new token', async () => {
    const { useGet } = hookifyResource(PostResource, () => ({ headers: { 'Access-Token': useContext(TokenContext) } }));
    const before = useGet();
    TokenContext.value = 'ctx-2';
    try {
      const after = useGet();
      expect(after).not.toBe(before);
      stub();
      await after({ group: 'react', id: 5 });
      expect(headersOf(onlyCall(calls).init).get('access-token')).toBe('ctx-2');
    } finally {
      TokenContext.value = 'ctx-token';
    }
  });
});

describe('getHeaders and getRequestInit run while a request is prepared, not while rendering', () => {
  it('neither runs at construction, extension, or when a generated hook is called; both run per request', async () => {
    const events: string[] = [];
    class TracingEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
      override async getRequestInit(body?: unknown) {
        events.push('getRequestInit');
        return super.getRequestInit(body);
      }
      override getHeaders(headers: Record<string, string>) {
        events.push('getHeaders');
        return headers;
      }
    }
    const R = createResource({ path: '/:group/posts/:id', schema: Post, Endpoint: TracingEndpoint }).extend('publish', {
      path: '/:group/posts/:id/publish',
      method: 'POST',
    });
    const { useGet } = hookifyResource(R, () => {
      events.push('useInit');
      return { headers: { 'Access-Token': 't' } };
    });
    const ep = useGet();
    expect(events).toEqual(['useInit']);
    stub();
    await ep({ group: 'react', id: 5 });
    expect(events).toEqual(['useInit', 'getRequestInit', 'getHeaders']);
  });
});

describe('refresh-and-retry in an overriding fetchResponse', () => {
  let accessToken: string | undefined;
  const refresh = new RestEndpoint({ urlPrefix: A, path: '/refresh', method: 'POST' });
  class RefreshingEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    override getHeaders(headers: Record<string, string>) {
      return accessToken ? { ...headers, 'Access-Token': accessToken } : headers;
    }
    override async fetchResponse(input: RequestInfo, init: RequestInit): Promise<Response> {
      try {
        return await super.fetchResponse(input, init);
      } catch (error) {
        if (!(error instanceof NetworkError) || error.status !== 401) throw error;
        accessToken = (await refresh({})).accessToken as string;
        return super.fetchResponse(input, { ...init, headers: await this.getHeaders({ ...(init.headers as Record<string, string>) }) });
      }
    }
  }
  const PostResource = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A, Endpoint: RefreshingEndpoint });
  afterEach(() => {
    accessToken = undefined;
  });

  it('a 401 refreshes the token and retries once with the new one', async () => {
    accessToken = 'expired';
    stub((url, init) => {
      if (url.endsWith('/refresh')) return json({ accessToken: 'fresh' });
      return headersOf(init).get('access-token') === 'fresh' ? json({ id: 5, title: 'ok' }) : json({ message: 'expired' }, 401);
    });
    await expect(PostResource.get({ group: 'react', id: 5 })).resolves.toEqual({ id: 5, title: 'ok' });
    expect(calls.map(({ url }) => url)).toEqual([`${A}/react/posts/5`, `${A}/refresh`, `${A}/react/posts/5`]);
    expect(headersOf(calls[2]!.init).get('access-token')).toBe('fresh');
  });

  it('other errors pass through unchanged', async () => {
    stub(() => json({ message: 'boom' }, 500));
    const error = await PostResource.get({ group: 'react', id: 5 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).status).toBe(500);
    expect(calls).toHaveLength(1);
  });
});

// =============================================================================================
// 10 Customization patterns

describe('process adds a field the response lacks so that pk() works', () => {
  class Profile extends Entity { username = ''; bio = ''; pk() { return this.username; } static override key = 'Profile'; }
  const getProfile = new RestEndpoint({
    path: '/users/:username/profile', schema: Profile,
    process(value: { bio: string }, params: { username: string }) { return { ...value, username: params.username }; },
  });

  it('getProfile({ username: "ann" }) answering {"bio":"hi"} stores Profile.ann = { bio: "hi", username: "ann" }', async () => {
    stub(() => json({ bio: 'hi' }));
    const value = await getProfile({ username: 'ann' });
    expect(onlyCall(calls).url).toBe('/users/ann/profile');
    expect(value).toEqual({ bio: 'hi', username: 'ann' });
    const { result, entities } = normalize(getProfile.schema, value, [{ username: 'ann' }]);
    expect(result).toBe('ann');
    expect(entities.Profile).toEqual({ ann: { bio: 'hi', username: 'ann' } });
    const profile = denormalize(Profile, 'ann', entities) as Profile;
    expect(profile).toBeInstanceOf(Profile);
    expect(profile.bio).toBe('hi');
  });

  it('without process the same answer has no pk and fails to normalize', () => {
    expect(() => normalize(Profile, { bio: 'hi' }, [{ username: 'ann' }])).toThrow(/primary key/);
  });

  it('static process on the entity does the same wherever it appears, nested ones included', () => {
    class ArgProfile extends Entity {
      username = '';
      bio = '';
      pk() {
        return this.username;
      }
      static override key = 'RcArgProfile';
      static override process(input: any, _parent: unknown, _key: string | undefined, args: readonly any[]) {
        return { ...input, username: args[0]?.username };
      }
    }
    const { entities } = normalize({ profile: ArgProfile, others: [ArgProfile] }, { profile: { bio: 'top' }, others: [{ bio: 'nested' }] }, [{ username: 'ann' }]);
    expect(entities.RcArgProfile).toEqual({ ann: { bio: 'nested', username: 'ann' } });
  });
});

describe('parseResponse reads headers and wraps the body', () => {
  class LinkEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    override async parseResponse(response: Response) {
      return { link: response.headers.get('link') ?? '', results: await super.parseResponse(response) };
    }
  }
  const getPosts = new LinkEndpoint({ path: '/:group/posts', schema: { results: new schema.Collection([Post]), link: '' } });
  const LINK = '<https://api.example.com/react/posts?page=2>; rel="next"';

  it('the plain call resolves to { link, results }', async () => {
    stub(() => json([{ id: 1, title: 'a' }, { id: 2, title: 'b' }], 200, { Link: LINK }));
    const value = await getPosts({ group: 'react' });
    expect(onlyCall(calls).url).toBe('/react/posts');
    expect(value).toEqual({ link: LINK, results: [{ id: 1, title: 'a' }, { id: 2, title: 'b' }] });
  });

  it('normalized with { results: Collection([Post]), link: "" } it reads as { results: Post[], link }', async () => {
    stub(() => json([{ id: 1, title: 'a' }, { id: 2, title: 'b' }], 200, { Link: LINK }));
    const args = [{ group: 'react' }];
    const value = await getPosts(...(args as [{ group: string }]));
    const { result, entities } = normalize(getPosts.schema, value, args);
    expect(result).toEqual({ results: '{"group":"react"}', link: LINK });
    expect(entities['[RcPost]']).toEqual({ '{"group":"react"}': ['1', '2'] });
    const read = denormalize(getPosts.schema, result, entities, args) as { results: Post[]; link: string };
    expect(read.link).toBe(LINK);
    expect(read.results.map((post) => post.title)).toEqual(['a', 'b']);
    expect(read.results[0]).toBeInstanceOf(Post);
  });

  it('without a Link header link is ""', async () => {
    stub(() => json([]));
    await expect(getPosts({ group: 'react' })).resolves.toEqual({ link: '', results: [] });
  });

  it('the wrapper keeps the collection extenders (push finds the nested collection)', () => {
    expect(ext(getPosts.push).schema).toBe(getPosts.schema.results.push);
  });
});

describe('snake_case on the wire, camelCase in the client', () => {
  const toCamel = (k: string) => k.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
  const toSnake = (k: string) => k.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
  const mapKeys = (v: any, f: (k: string) => string): any => Array.isArray(v) ? v.map((x) => mapKeys(x, f))
    : v && Object.getPrototypeOf(v) === Object.prototype
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [f(k), mapKeys(x, f)])) : v;
  class CamelEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    override getRequestInit(body: unknown) { return super.getRequestInit(mapKeys(body, toSnake)); }
    override searchToString(params: Record<string, unknown>) { return super.searchToString(mapKeys(params, toSnake)); }
    override process(value: unknown) { return mapKeys(value, toCamel); }
  }

  class Activity extends Entity {
    id = 0;
    userId = 0;
    createdAt = new Date(0);
    pk() {
      return `${this.id}`;
    }
    static override key = 'RcActivity';
    static override schema = { createdAt: Date };
  }
  const getActivity = new CamelEndpoint({ urlPrefix: A, path: '/activities/:id', schema: Activity });
  const getActivities = new CamelEndpoint({ urlPrefix: A, path: '/activities', searchParams: {} as { sortBy?: string }, schema: [Activity] });
  const updateActivity = getActivity.extend({ method: 'PATCH' });

  it('a wire answer with snake_case keys is stored and read with camelCase keys', async () => {
    stub(() => json({ id: 1, user_id: 3, created_at: '2024-01-01T00:00:00Z' }));
    const value = await getActivity({ id: 1 });
    expect(value).toEqual({ id: 1, userId: 3, createdAt: '2024-01-01T00:00:00Z' });
    const { entities } = normalize(getActivity.schema, value, [{ id: 1 }]);
    expect(entities.RcActivity).toEqual({ '1': { id: 1, userId: 3, createdAt: '2024-01-01T00:00:00Z' } });
    const read = denormalize(Activity, '1', entities) as Activity;
    expect(read.userId).toBe(3);
    expect(read.createdAt).toEqual(new Date('2024-01-01T00:00:00Z'));
  });

  it('nested objects and arrays are mapped too', async () => {
    stub(() => json([{ id: 1, user_id: 3, extra_info: { first_name: 'Ann' } }]));
    await expect(getActivities({})).resolves.toEqual([{ id: 1, userId: 3, extraInfo: { firstName: 'Ann' } }]);
  });

  it('a body { userId: 3 } is sent as {"user_id":3}', async () => {
    stub(() => json({ id: 1, user_id: 3 }));
    await updateActivity({ id: 1 }, { userId: 3 });
    const { url, init } = onlyCall(calls);
    expect(url).toBe(`${A}/activities/1`);
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"user_id":3}');
    expect(headersOf(init).get('content-type')).toBe('application/json');
  });

  it('{ sortBy: "date" } becomes ?sort_by=date in the URL, the key and the request', async () => {
    expect(getActivities.url({ sortBy: 'date' })).toBe(`${A}/activities?sort_by=date`);
    expect(getActivities.key({ sortBy: 'date' })).toBe(`GET ${A}/activities?sort_by=date`);
    stub(() => json([]));
    await getActivities({ sortBy: 'date' });
    expect(onlyCall(calls).url).toBe(`${A}/activities?sort_by=date`);
  });

  it('FormData bodies pass through untouched', async () => {
    stub(() => json({ id: 1 }));
    const form = new FormData();
    form.append('userId', '3');
    await updateActivity({ id: 1 }, form);
    const { init } = onlyCall(calls);
    expect(init.body).toBe(form);
    expect((init.body as FormData).get('userId')).toBe('3');
    expect(headersOf(init).has('content-type')).toBe(false);
  });
});

describe('renaming single keys', () => {
  class Comment extends Entity {
    id = '';
    body = '';
    pk() {
      return this.id;
    }
    static override key = 'RcComment';
    static override process(input: any) { const { _id, ...rest } = input; return { ...rest, id: _id }; }
  }
  class Thread extends Entity {
    id = 0;
    comments: Comment[] = [];
    pk() {
      return `${this.id}`;
    }
    static override key = 'RcThread';
    static override schema = { comments: [Comment] };
  }

  it('static process turns {"_id":"c1","body":"hi"} into { id: "c1", body: "hi" } before pk() runs', async () => {
    const getComment = new RestEndpoint({ urlPrefix: A, path: '/comments/:id', schema: Comment });
    stub(() => json({ _id: 'c1', body: 'hi' }));
    const value = await getComment({ id: 'c1' });
    expect(value).toEqual({ _id: 'c1', body: 'hi' });
    const { result, entities } = normalize(getComment.schema, value, [{ id: 'c1' }]);
    expect(result).toBe('c1');
    expect(entities.RcComment).toEqual({ c1: { id: 'c1', body: 'hi' } });
  });

  it('static process applies wherever the entity appears, nested too', () => {
    const { entities } = normalize(Thread, { id: 1, comments: [{ _id: 'c1', body: 'a' }, { _id: 'c2', body: 'b' }] });
    expect(entities.RcComment).toEqual({ c1: { id: 'c1', body: 'a' }, c2: { id: 'c2', body: 'b' } });
    expect(entities.RcThread).toEqual({ '1': { id: 1, comments: ['c1', 'c2'] } });
    const thread = denormalize(Thread, '1', entities) as Thread;
    expect(thread.comments.map((comment) => comment.id)).toEqual(['c1', 'c2']);
  });

  it('per endpoint, in process', async () => {
    class PlainComment extends Entity {
      id = '';
      body = '';
      pk() {
        return this.id;
      }
      static override key = 'RcPlainComment';
    }
    const getComment = new RestEndpoint({
      urlPrefix: A,
      path: '/comments/:id',
      schema: PlainComment,
      process(value: any) {
        const { _id, ...rest } = value;
        return { ...rest, id: _id };
      },
    });
    stub(() => json({ _id: 'c1', body: 'hi' }));
    const value = await getComment({ id: 'c1' });
    expect(value).toEqual({ id: 'c1', body: 'hi' });
    expect(normalize(getComment.schema, value).entities.RcPlainComment).toEqual({ c1: { id: 'c1', body: 'hi' } });
  });
});

describe('ISO dates and high-precision decimals', () => {
  /** A decimal kept as its exact string (as decimal libraries do), encoding through toJSON. */
  class Decimal {
    private readonly digits: string;
    constructor(value: string | number) {
      this.digits = String(value);
    }
    toString(): string {
      return this.digits;
    }
    toJSON(): string {
      return this.digits;
    }
  }
  class Invoice extends Entity {
    id = ''; issuedAt = new Date(0); total = new Decimal(0);
    pk() { return this.id; }
    static override key = 'Invoice';
    static override schema = { issuedAt: Date, total: Decimal };
  }
  const getInvoice = new RestEndpoint({ urlPrefix: A, path: '/invoices/:id', schema: Invoice });
  const updateInvoice = getInvoice.extend({ method: 'PUT' });
  const wire = { id: 'i1', issuedAt: '2024-05-01T10:00:00Z', total: '1234.5678901234567890' };

  it('wire strings are kept as strings in the store', async () => {
    stub(() => json(wire));
    const value = await getInvoice({ id: 'i1' });
    const { entities } = normalize(getInvoice.schema, value, [{ id: 'i1' }]);
    expect(entities.Invoice).toEqual({ i1: wire });
  });

  it('and converted on read by the static schema constructors', () => {
    const { entities } = normalize(Invoice, wire);
    const invoice = denormalize(Invoice, 'i1', entities) as Invoice;
    expect(invoice).toBeInstanceOf(Invoice);
    expect(invoice.issuedAt).toBeInstanceOf(Date);
    expect(invoice.issuedAt.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(invoice.total).toBeInstanceOf(Decimal);
    expect(invoice.total.toString()).toBe('1234.5678901234567890');
  });

  it('an absent field reads as its default', () => {
    const { entities } = normalize(Invoice, { id: 'i2' });
    const invoice = denormalize(Invoice, 'i2', entities) as Invoice;
    expect(invoice.issuedAt.getTime()).toBe(0);
    expect(invoice.total.toString()).toBe('0');
  });

  it('sent back in a body, Date and decimal objects encode through their toJSON', async () => {
    const { entities } = normalize(Invoice, wire);
    const invoice = denormalize(Invoice, 'i1', entities) as Invoice;
    stub(() => json(wire));
    await updateInvoice({ id: 'i1' }, { issuedAt: invoice.issuedAt, total: invoice.total });
    const { init } = onlyCall(calls);
    expect(init.body).toBe('{"issuedAt":"2024-05-01T10:00:00.000Z","total":"1234.5678901234567890"}');
  });
});

describe('bodies', () => {
  const PostResource = createResource({
    path: '/:group/posts/:id',
    schema: Post,
    urlPrefix: A,
    searchParams: {} as { author?: string },
    optimistic: true,
  });
  const push = ext(PostResource.getList.push);

  it('a plain object (or array) is sent as JSON with Content-Type: application/json', async () => {
    stub();
    await push({ group: 'react' }, { title: 'x' });
    await push({ group: 'react' }, [{ title: 'x' }, { title: 'y' }]);
    expect(calls.map(({ init }) => init.body)).toEqual(['{"title":"x"}', '[{"title":"x"},{"title":"y"}]']);
    for (const { init } of calls) expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('a FormData is sent as is (the platform sets the multipart boundary)', async () => {
    stub();
    const formData = new FormData();
    formData.append('title', 'x');
    await push({ group: 'react' }, formData);
    const { url, init } = onlyCall(calls);
    expect(url).toBe(`${A}/react/posts`);
    expect(init.body).toBe(formData);
    expect(headersOf(init).has('content-type')).toBe(false);
    // The request the platform builds from it is multipart with a boundary.
    const request = new Request(url, { method: 'POST', body: init.body ?? null });
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('collection filters read a FormData body through its entries, like the object form', () => {
    let tables = { entities: {}, entitiesMeta: {}, indexes: {} } as ReturnType<typeof normalize>;
    for (const args of [{ group: 'react', author: 'ann' }, { group: 'react', author: 'bob' }]) {
      tables = normalize(PostResource.getList.schema, [], [args], tables);
    }
    const formData = new FormData();
    formData.append('id', '9');
    formData.append('author', 'ann');
    const viaForm = normalize(push.schema, { id: 9, title: 'x' }, [{ group: 'react' }, formData], tables);
    const viaObject = normalize(push.schema, { id: 9, title: 'x' }, [{ group: 'react' }, { id: 9, author: 'ann' }], tables);
    expect(viaForm.entities['[RcPost]']).toEqual({ '{"author":"ann","group":"react"}': ['9'], '{"author":"bob","group":"react"}': [] });
    expect(viaForm.entities['[RcPost]']).toEqual(viaObject.entities['[RcPost]']);
  });

  it('optimistic responses read a FormData body through its entries', () => {
    const formData = new FormData();
    formData.append('title', 'x');
    const snapshot = { get: () => undefined, getResponse: () => undefined, getError: () => undefined, fetchedAt: 0, abort: new Error('abort') };
    expect(push.getOptimisticResponse!(snapshot, { group: 'react' }, formData)).toEqual(push.getOptimisticResponse!(snapshot, { group: 'react' }, { title: 'x' }));
    expect(push.getOptimisticResponse!(snapshot, { group: 'react' }, formData)).toEqual({ group: 'react', title: 'x' });
  });
});

describe('hookifyResource gives use<Member> hooks with request init from React', () => {
  it('useGetList returns getList extended with the init; its requests carry it', async () => {
    const PostResource = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A });
    const { useGetList, useGet } = hookifyResource(PostResource, () => ({ headers: { 'X-Locale': 'fr' } }));
    stub(() => json([]));
    await useGetList()({ group: 'react' });
    await useGet()({ group: 'react', id: 1 });
    expect(calls.map(({ url }) => url)).toEqual([`${A}/react/posts`, `${A}/react/posts/1`]);
    for (const { init } of calls) expect(headersOf(init).get('x-locale')).toBe('fr');
  });
});

describe('a prefix computed at call time', () => {
  let tenant = 'acme';
  const currentTenant = () => tenant;
  class TenantEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    override url(params: any) { return `https://${currentTenant()}.example.com${super.url(params)}`; }
    override testKey(key: string) { return super.testKey(key.replace(/^(\S+) https:\/\/[^/]+/, '$1 ')); }
  }
  const getPost = new TenantEndpoint({ path: '/posts/:id', schema: Post });
  afterEach(() => {
    tenant = 'acme';
  });

  it('url() and key() use the tenant of the moment', () => {
    expect(getPost.url({ id: 5 })).toBe('https://acme.example.com/posts/5');
    expect(getPost.key({ id: 5 })).toBe('GET https://acme.example.com/posts/5');
    tenant = 'globex';
    expect(getPost.key({ id: 5 })).toBe('GET https://globex.example.com/posts/5');
  });

  it('the request goes to the tenant URL', async () => {
    stub();
    tenant = 'globex';
    await getPost({ id: 5 });
    expect(onlyCall(calls).url).toBe('https://globex.example.com/posts/5');
  });

  it("testKey accepts the endpoint's keys for any tenant and rejects others", () => {
    expect(getPost.testKey(getPost.key({ id: 5 }))).toBe(true);
    expect(getPost.testKey('GET https://globex.example.com/posts/5?x=1')).toBe(true);
    expect(getPost.testKey('PUT https://acme.example.com/posts/5')).toBe(false);
    expect(getPost.testKey('GET https://acme.example.com/users/5')).toBe(false);
  });

  it('extenders and extended endpoints keep the overrides', () => {
    const update = getPost.extend({ method: 'PUT' });
    expect(update).toBeInstanceOf(TenantEndpoint);
    expect(update.key({ id: 5 }, {})).toBe('PUT https://acme.example.com/posts/5');
    expect(update.testKey('PUT https://globex.example.com/posts/5')).toBe(true);
  });
});

describe('nested query values with bracket notation', () => {
  /** A deterministic bracket-notation encoder (sorted keys), as a query-string library would give. */
  function bracketQuery(params: Record<string, unknown>): string {
    const pairs: string[] = [];
    const walk = (name: string, value: unknown): void => {
      if (value === undefined || value === null) return;
      if (Array.isArray(value)) value.forEach((item, index) => walk(`${name}[${index}]`, item));
      else if (typeof value === 'object') for (const k of Object.keys(value).sort()) walk(`${name}[${encodeURIComponent(k)}]`, (value as Record<string, unknown>)[k]);
      else pairs.push(`${name}=${encodeURIComponent(String(value))}`);
    };
    for (const k of Object.keys(params).sort()) walk(encodeURIComponent(k), params[k]);
    return pairs.join('&');
  }
  class BracketEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    override searchToString(params: Record<string, unknown>) {
      return bracketQuery(params);
    }
  }
  const getPosts = new BracketEndpoint({ path: '/:group/posts', searchParams: {} as { filter?: Record<string, unknown> }, schema: new schema.Collection([Post]) });

  it('{ filter: { tag: "a" } } → ?filter[tag]=a', () => {
    expect(getPosts.url({ group: 'react', filter: { tag: 'a' } })).toBe('/react/posts?filter[tag]=a');
    expect(getPosts.key({ group: 'react', filter: { tag: 'a' } })).toBe('GET /react/posts?filter[tag]=a');
  });

  it('the output is deterministic, so keys stay stable', () => {
    const one = getPosts.key({ group: 'react', filter: { tag: 'a', author: 'ann' } });
    const two = getPosts.key({ filter: { author: 'ann', tag: 'a' }, group: 'react' });
    expect(one).toBe(two);
    expect(one).toBe('GET /react/posts?filter[author]=ann&filter[tag]=a');
    expect(getPosts.testKey(one)).toBe(true);
  });

  it('the override receives only the query parameters and its output is what is requested', async () => {
    stub(() => json([]));
    await getPosts({ group: 'react', filter: { tag: 'a' } });
    expect(onlyCall(calls).url).toBe('/react/posts?filter[tag]=a');
  });

  it('the default searchToString rejects the nested value (the reason to override)', () => {
    const plain = new RestEndpoint({ path: '/:group/posts', searchParams: {} as { filter?: Record<string, unknown> } });
    expect(() => plain.url({ group: 'react', filter: { tag: 'a' } })).toThrow(TypeError);
  });
});
