/**
 * The blog's data model, shared by Server Components, the server render of Client Components and
 * the browser. Module level: definitions only (entities, endpoints, the rest instance, a store
 * factory), never a store, a token or a cache, which every request on the server would share.
 */
import { configureStore, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { createResource, createRest, Entity, RestEndpoint } from 'rtk-rest';
import type { RestGenerics, RestState } from 'rtk-rest';

/**
 * Where requests go. On the server (Server Components and the server render of Client
 * Components) straight to the REST server at its internal address; in the browser to this app's
 * own `/rest` route, which forwards to the REST server with the user's token from the session
 * cookie (app/rest/[...path]/route.ts), so the token never reaches the page's JavaScript.
 */
function apiUrl(): string {
  return typeof window === 'undefined' ? serverApiUrl() : `${window.location.origin}/rest`;
}

/** The REST server's internal address, as this app's server calls it (`API_URL`, read at run time). */
export const serverApiUrl = (): string => process.env.API_URL ?? 'http://127.0.0.1:3000';

/** The signed-in user's token, per store: set on a server store only (the browser's requests carry the cookie). */
export const auth = createSlice({
  name: 'auth',
  initialState: { token: null as string | null },
  reducers: {
    tokenReceived(state, action: PayloadAction<string | null>) {
      state.token = action.payload;
    },
  },
});
type AuthState = { auth: ReturnType<typeof auth.reducer> };

const toCamel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const toSnake = (key: string) => key.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
const mapKeys = (value: any, rename: (key: string) => string): any =>
  Array.isArray(value)
    ? value.map((item) => mapKeys(item, rename))
    : value && Object.getPrototypeOf(value) === Object.prototype
      ? Object.fromEntries(Object.entries(value).map(([key, item]) => [rename(key), mapKeys(item, rename)]))
      : value;

/**
 * Every request of the blog: snake_case on the wire, camelCase in the app, and the token of the
 * store running the request (`this.store`), so each request on the server sends its own user's.
 * The `api:` key prefix makes the keys the same on the server and in the browser, although they
 * call the API at different addresses: the browser finds the server's data under its own keys.
 */
export class ApiEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  override getHeaders(headers: Record<string, string>) {
    const token = (this.store?.getState() as AuthState | undefined)?.auth?.token;
    return token ? { ...headers, 'Access-Token': token } : headers;
  }
  override getRequestInit(body: unknown) {
    return super.getRequestInit(mapKeys(body, toSnake));
  }
  override process(value: unknown, ..._args: unknown[]): any {
    return mapKeys(value, toCamel);
  }
}

/** A read the REST server answers a second late (its `X-Delay` header): the streamed page's content. */
export class SlowEndpoint<const O extends RestGenerics = any> extends ApiEndpoint<O> {
  override getHeaders(headers: Record<string, string>) {
    return { ...super.getHeaders(headers), 'X-Delay': '1000' };
  }
}

export class User extends Entity {
  id = 0;
  username = '';
  displayName = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'User';
}

export class Post extends Entity {
  id = 0;
  group = '';
  title = '';
  body = '';
  author = User.fromJS();
  likeCount = 0;
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
  static override schema = { author: User };
}

const shared = { urlPrefix: apiUrl, keyPrefix: 'api:' };

export const PostResource = createResource({
  ...shared,
  path: '/api/:group/posts/:id',
  schema: Post,
  Endpoint: ApiEndpoint,
  searchParams: {} as { author?: string },
  body: {} as { title?: string; body?: string },
}).extend(() => ({
  /** One more like: the server answers `{ id, like_count }`, merged into the post everywhere it shows. */
  like: new ApiEndpoint({ ...shared, path: '/api/:group/posts/:id/like', method: 'POST', body: undefined, schema: Post, name: 'Post.like' }),
}));

/** The newest posts of an author, answered late: what the streamed page waits for. */
export const getSlowPosts = new SlowEndpoint({ ...shared, path: '/api/:group/posts', searchParams: {} as { author: string }, schema: [Post], name: 'Post.getSlowList' });

/** The user the request's token belongs to. */
export const getMe = new ApiEndpoint({ ...shared, path: '/api/me', schema: User, name: 'getMe' });

export const rest = createRest();

/**
 * A new store each call: once per request on the server (with that request's token), once per
 * tab in the browser (app/StoreProvider.tsx).
 */
export function makeStore(token: string | null = null) {
  return configureStore({
    reducer: { [rest.reducerPath]: rest.reducer, auth: auth.reducer },
    preloadedState: { auth: { token } },
    middleware: (getDefault) => getDefault().concat(rest.middleware),
  });
}
export type AppStore = ReturnType<typeof makeStore>;

/** What a server store hands to the client: its rest slice, plain JSON (never the auth slice). */
export const sliceOf = (store: AppStore): RestState => store.getState()[rest.reducerPath];
