// The shim must load before @data-client/core, which captures requestIdleCallback at load time.
import { idle } from './idleCallback';
import { applyManager, Controller, createReducer, initialState as dataClientInitialState, NetworkManager } from '@data-client/core';
import { Endpoint, Entity as DcEntity } from '@data-client/endpoint';
import { configureStore } from '@reduxjs/toolkit';
import type { Middleware, Reducer } from '@reduxjs/toolkit';
import { copyWithStructuralSharing, createApi, fakeBaseQuery } from '@reduxjs/toolkit/query';
import { createResource, createRest, Entity, RestEndpoint } from '../src';
import { comment, post, posts, user } from './storeData';
import type { CommentData, PostData, PostServer, UserData } from './storeData';

/**
 * The three stores of the store workload (bench/workloads/store.ts), each wired the way its
 * documentation shows, with the same data and no HTTP: rtk-rest (`createRest`), RTK Query
 * (`createApi` with `fakeBaseQuery` and `queryFn`) and Reactive Data Client (its `Controller`,
 * reducer and NetworkManager on a Redux store). Endpoints are defined once, as an app does; a
 * store (and each library's caches) is new for every run.
 */

export type StoreLib = 'rtk-rest' | 'rtk-query' | 'data-client' | 'rtk-rest getList' | 'rtk-rest + Response' | 'data-client + setTimeout';

/** One store of one library, seen through the operations the workload needs. */
export interface BenchStore {
  /** GET page `page` of the server through the store; resolves once the store holds it. */
  request(page: number): Promise<unknown>;
  getState(): unknown;
  /** The data the store selects for `GET /posts?page=…`. */
  selectPage(state: unknown, page: number): unknown;
  /** GET the 500-post list (`/posts/all`). */
  fetchList(): Promise<unknown>;
  /** The list's data, through the library's memoized read. */
  selectList(state: unknown): unknown;
  /** The writes of the selector-stability workload, each one dispatch. */
  writes: Record<WriteKind, (i: number) => void>;
  /** GET page 0 of `/posts?page=…` (the 500-post list of the stability workload's server). */
  fetchPage(): Promise<unknown>;
  /**
   * Page 0's data read with a *fresh but equal* `{ page: 0 }` every call, as
   * `useSelector((s) => select(s, { page }))` does on every render; one entry per way the library
   * reads (RTK Query: its `useQuery` path and a naive `select(args)` per call).
   */
  freshSelects: Readonly<Record<string, (state: unknown) => unknown>>;
}

export type WriteKind = 'unrelated' | 'otherType' | 'otherPost' | 'sameAuthor' | 'listedPost';

export interface StoreContender {
  lib: StoreLib;
  create(server: PostServer): BenchStore;
}

export const LIST_SIZE = 500;
/** Written by the selector-stability workload: post-9999 (not in the list), post-7 (in it), user-3. */
const OTHER_POST = 9999;
const LISTED_POST = 7;
const SAME_AUTHOR = 3;
export const listedTitle = (i: number) => `Post ${LISTED_POST} v${i}`;
const otherPost = (i: number) => post(OTHER_POST, `Elsewhere ${i}`);
const listedPost = (i: number) => post(LISTED_POST, listedTitle(i));
const unrelatedAction = { type: 'other/thing' };

// The server the current store's requests go to (one store at a time).
let serving: PostServer | undefined;
function server(): PostServer {
  if (serving === undefined) throw new Error('[rtk-rest bench] store: no server');
  return serving;
}
/** The body for a URL: `/posts/all`, else `/posts?page=N`. */
function serve(url: string): PostData[] {
  return url.endsWith('/posts/all') ? posts(0, LIST_SIZE) : server().page(Number(url.slice(url.lastIndexOf('=') + 1)));
}

// ---------------------------------------------------------------------------------- rtk-rest

class User extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'User';
}
class Post extends Entity {
  id = '';
  title = '';
  author = User.fromJS();
  pk() {
    return this.id;
  }
  static override key = 'Post';
  static override schema = { author: User };
}
class Comment extends Entity {
  id = '';
  text = '';
  pk() {
    return this.id;
  }
  static override key = 'Comment';
}

const urlPrefix = 'http://bench.test';
/** No HTTP: a Response-like holding only the URL, and the body handed over as an object (no JSON). */
const inProcess = {
  fetchResponse: (input: RequestInfo) => Promise.resolve({ url: String(input) } as Response),
  parseResponse: (response: Response) => Promise.resolve(serve(response.url)),
};
const getPosts = new RestEndpoint({ urlPrefix, path: '/posts', searchParams: {} as { page: number }, schema: [Post], ...inProcess });
const getAllPosts = new RestEndpoint({ urlPrefix, path: '/posts/all', schema: [Post], ...inProcess });
/** The same as getPosts through the default pipeline: `globalThis.fetch`, a real Response, JSON text. */
const getPostsByResponse = new RestEndpoint({ urlPrefix, path: '/posts', searchParams: {} as { page: number }, schema: [Post] });
/** The same pages as a resource's list: `getList`, whose schema is a `schema.Collection` of Post. */
const PostResource = createResource({ urlPrefix, path: '/posts/:id', searchParams: {} as { page: number }, schema: Post, ...inProcess });
const getPost = new RestEndpoint({ urlPrefix, path: '/posts/:id', schema: Post });
const getUser = new RestEndpoint({ urlPrefix, path: '/users/:id', schema: User });
const getComment = new RestEndpoint({ urlPrefix, path: '/comments/:id', schema: Comment });

const jsonHeaders = { 'content-type': 'application/json' };
function responseFetch(input: RequestInfo | URL): Promise<Response> {
  return Promise.resolve(new Response(server().text(Number(String(input).split('=').pop())), { headers: jsonHeaders }));
}

function rtkRestStore(pipeline: 'object' | 'Response' | 'getList'): BenchStore {
  const byResponse = pipeline === 'Response';
  const rest = createRest();
  const store = configureStore({
    reducer: { [rest.reducerPath]: rest.reducer },
    middleware: (getDefault) => getDefault().concat(rest.middleware),
  });
  if (byResponse) globalThis.fetch = responseFetch;
  const pages = byResponse ? getPostsByResponse : pipeline === 'getList' ? (PostResource.getList as unknown as typeof getPosts) : getPosts;
  return {
    request: (page) => store.dispatch(rest.fetch(pages, { page })),
    getState: store.getState,
    selectPage: (state, page) => rest.selectData(state, pages, { page }),
    fetchList: () => store.dispatch(rest.fetch(getAllPosts)),
    selectList: (state) => rest.selectData(state, getAllPosts),
    fetchPage: () => store.dispatch(rest.fetch(pages, { page: 0 })),
    freshSelects: { 'rtk-rest': (state) => rest.selectData(state, pages, { page: 0 }) },
    writes: {
      unrelated: () => store.dispatch(unrelatedAction),
      otherType: (i) => store.dispatch(rest.setResponse(getComment, { id: `comment-${i}` }, comment(i))),
      otherPost: (i) => store.dispatch(rest.setResponse(getPost, { id: `post-${OTHER_POST}` }, otherPost(i))),
      sameAuthor: () => store.dispatch(rest.setResponse(getUser, { id: `user-${SAME_AUTHOR}` }, user(SAME_AUTHOR))),
      listedPost: (i) => store.dispatch(rest.setResponse(getPost, { id: `post-${LISTED_POST}` }, listedPost(i))),
    },
  };
}

// -------------------------------------------------------------------------------- RTK Query

function postsApi() {
  return createApi({
    reducerPath: 'api',
    baseQuery: fakeBaseQuery<string>(),
    endpoints: (build) => ({
      getPosts: build.query<PostData[], { page: number }>({ queryFn: ({ page }) => ({ data: server().page(page) }) }),
      getAllPosts: build.query<PostData[], void>({ queryFn: () => ({ data: posts(0, LIST_SIZE) }) }),
      // Written with upsertQueryEntries only (as if fetched), never requested.
      getPost: build.query<PostData, { id: string }>({ queryFn: () => ({ error: 'not served' }) }),
      getUser: build.query<UserData, { id: string }>({ queryFn: () => ({ error: 'not served' }) }),
      getComment: build.query<CommentData, { id: string }>({ queryFn: () => ({ error: 'not served' }) }),
    }),
  });
}

function rtkQueryStore(): BenchStore {
  const api = postsApi();
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  // One selector per arguments, created once and reused (RTK's documented pattern).
  const pageSelectors = new Map<number, ReturnType<typeof api.endpoints.getPosts.select>>();
  const selectAll = api.endpoints.getAllPosts.select();
  const upsert = (entries: Parameters<typeof api.util.upsertQueryEntries>[0]) => store.dispatch(api.util.upsertQueryEntries(entries));
  const hookArgs = stableSelector(api.endpoints.getPosts.select);
  return {
    // The subscription is kept (not unsubscribed), as by a mounted component.
    request: async (page) => (await store.dispatch(api.endpoints.getPosts.initiate({ page }))).data,
    getState: store.getState,
    selectPage(state, page) {
      let select = pageSelectors.get(page);
      if (select === undefined) pageSelectors.set(page, (select = api.endpoints.getPosts.select({ page })));
      return select(state as ReturnType<typeof store.getState>).data;
    },
    fetchList: async () => (await store.dispatch(api.endpoints.getAllPosts.initiate())).data,
    selectList: (state) => selectAll(state as ReturnType<typeof store.getState>).data,
    fetchPage: async () => (await store.dispatch(api.endpoints.getPosts.initiate({ page: 0 }))).data,
    freshSelects: {
      'rtk-query (useQuery path)': (state) => hookArgs.select({ page: 0 })(state as ReturnType<typeof store.getState>).data,
      'rtk-query (select(args) per call)': (state) => api.endpoints.getPosts.select({ page: 0 })(state as ReturnType<typeof store.getState>).data,
    },
    writes: {
      unrelated: () => store.dispatch(unrelatedAction),
      otherType: (i) => upsert([{ endpointName: 'getComment', arg: { id: `comment-${i}` }, value: comment(i) }]),
      otherPost: (i) => upsert([{ endpointName: 'getPost', arg: { id: `post-${OTHER_POST}` }, value: otherPost(i) }]),
      sameAuthor: () => upsert([{ endpointName: 'getUser', arg: { id: `user-${SAME_AUTHOR}` }, value: user(SAME_AUTHOR) }]),
      listedPost: (i) => upsert([{ endpointName: 'getPost', arg: { id: `post-${LISTED_POST}` }, value: listedPost(i) }]),
    },
  };
}

/**
 * What RTK Query's `useQuery` does per render with a fresh arguments object (RTK 2.x
 * `useStableQueryArgs`): `copyWithStructuralSharing(previous, args)` returns the previous object
 * when the new one is deeply equal, and the selector, memoized per that stable object, is reused;
 * its input selectors then find the same `api` state after an unrelated action.
 */
function stableSelector<A, S>(build: (args: A) => S): { select(args: A): S } {
  let lastArgs: A | undefined;
  let lastSelector: S | undefined;
  return {
    select(args) {
      const stable = copyWithStructuralSharing(lastArgs, args);
      if (stable !== lastArgs || lastSelector === undefined) {
        lastArgs = stable;
        lastSelector = build(stable);
      }
      return lastSelector;
    },
  };
}

// ---------------------------------------------------------------------- Reactive Data Client

class DcUser extends DcEntity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'User';
}
class DcPost extends DcEntity {
  id = '';
  title = '';
  author = DcUser.fromJS();
  pk() {
    return this.id;
  }
  static override key = 'Post';
  static override schema = { author: DcUser };
}
class DcComment extends DcEntity {
  id = '';
  text = '';
  pk() {
    return this.id;
  }
  static override key = 'Comment';
}

const notServed = () => Promise.reject(new Error('not served'));
const dcGetPosts = new Endpoint(({ page }: { page: number }) => Promise.resolve(server().page(page)), { name: 'getPosts', schema: [DcPost] });
const dcGetAllPosts = new Endpoint(() => Promise.resolve(posts(0, LIST_SIZE)), { name: 'getAllPosts', schema: [DcPost] });
const dcGetPost = new Endpoint((_: { id: string }) => notServed(), { name: 'getPost', schema: DcPost });
const dcGetUser = new Endpoint((_: { id: string }) => notServed(), { name: 'getUser', schema: DcUser });
const dcGetComment = new Endpoint((_: { id: string }) => notServed(), { name: 'getComment', schema: DcComment });

/**
 * Redux's dispatch returns the action; Data Client's managers chain on the promise its own
 * store's dispatch returns. This middleware, last in the chain, gives them one (what
 * `PromiseifyMiddleware` of @data-client/redux does in Data Client's Redux guide).
 */
const promiseDispatch: Middleware = () => (next) => (action) => {
  next(action);
  return Promise.resolve();
};

type DcState = ReturnType<Controller['getState']>;

function dataClientStore(): BenchStore {
  const controller = new Controller();
  const networkManager = new NetworkManager();
  const store = configureStore({
    // Data Client owns the root state (its Controller reads `getState()` as its own State).
    reducer: createReducer(controller) as unknown as Reducer<DcState>,
    preloadedState: dataClientInitialState,
    // Its actions carry functions and endpoints: RTK's dev checks must be off (they are not
    // installed in production anyway, where this runs).
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false, immutableCheck: false }).concat(...(applyManager([networkManager], controller) as unknown as Middleware[]), promiseDispatch),
  });
  networkManager.init();
  const state = (value: unknown) => value as DcState;
  return {
    request: (page) => controller.fetch(dcGetPosts, { page }),
    getState: store.getState,
    selectPage: (value, page) => controller.getResponse(dcGetPosts, { page }, state(value)).data,
    fetchList: () => controller.fetch(dcGetAllPosts),
    selectList: (value) => controller.getResponse(dcGetAllPosts, state(value)).data,
    fetchPage: () => controller.fetch(dcGetPosts, { page: 0 }),
    freshSelects: { 'data-client': (value) => controller.getResponse(dcGetPosts, { page: 0 }, state(value)).data },
    writes: {
      unrelated: () => store.dispatch(unrelatedAction),
      otherType: (i) => void controller.setResponse(dcGetComment, { id: `comment-${i}` }, comment(i)),
      otherPost: (i) => void controller.setResponse(dcGetPost, { id: `post-${OTHER_POST}` }, otherPost(i)),
      sameAuthor: () => void controller.setResponse(dcGetUser, { id: `user-${SAME_AUTHOR}` }, user(SAME_AUTHOR)),
      listedPost: (i) => void controller.setResponse(dcGetPost, { id: `post-${LISTED_POST}` }, listedPost(i)),
    },
  };
}

function withServer(create: () => BenchStore, mode: 'immediate' | 'timeout' = 'immediate'): (server: PostServer) => BenchStore {
  return (next) => {
    serving = next;
    idle.mode = mode;
    return create();
  };
}

/** The three contenders, then three reference variants (store path only). */
export const CONTENDERS: readonly StoreContender[] = [
  { lib: 'rtk-rest', create: withServer(() => rtkRestStore('object')) },
  { lib: 'rtk-query', create: withServer(rtkQueryStore) },
  { lib: 'data-client', create: withServer(dataClientStore) },
];
export const REFERENCES: readonly StoreContender[] = [
  { lib: 'rtk-rest getList', create: withServer(() => rtkRestStore('getList')) },
  { lib: 'rtk-rest + Response', create: withServer(() => rtkRestStore('Response')) },
  { lib: 'data-client + setTimeout', create: withServer(dataClientStore, 'timeout') },
];

export { idle };
