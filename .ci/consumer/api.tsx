/**
 * A consumer of the packed tarball that uses every public name and member of
 * the package, type-checked by .ci/pack-smoke.mjs under `moduleResolution`
 * bundler, node16 and nodenext, as ESM and as CommonJS, with `skipLibCheck: false`.
 *
 * It is only type-checked, never run: `Equal` pins the types the published declarations used to
 * lose, and the rest must simply compile. Keep it in step with the public API: when a name of the
 * list at the end lands, move it up into the code.
 */
import { configureStore, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  AbortOptimistic,
  Entity,
  MemoCache,
  NetworkError,
  ResetError,
  RestEndpoint,
  createResource,
  createRest,
  buildCreateRest,
  garbageCollection,
  optimisticUpdates,
  persistence,
  entityChanges,
  retries,
  conditionalRequests,
  shardedTables,
  polling,
  refetchOnEvents,
  streams,
  denormalize,
  hookifyResource,
  normalize,
  schema,
} from 'rtk-rest';
import type { RestFeature, EntitiesChangedAction, ExpiryStatus, OptimisticSnapshot, StreamContext, RequestStatus, ResponseState, Rest, RestGenerics, RestState, StoredError } from 'rtk-rest';
import {
  AsyncBoundary,
  createRestHooks,
  useCache,
  useCancelling,
  useController,
  useDebounce,
  useDLE,
  useFetch,
  useLive,
  useLoading,
  useMutation,
  usePaginated,
  useQuery,
  useSubscription,
  useSuspense,
} from 'rtk-rest/react';
import type { DLE, MutationResult, MutationState, PaginatedResult } from 'rtk-rest/react';
import { mockFetch } from 'rtk-rest/mock';
import { Provider } from 'react-redux';
import { A, Post, PostResource, User } from './example.js';

/** `true` only when A and B are the same type; `assert<Equal<A, B>>(true)` fails to compile otherwise. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(_ok: T): void => undefined;

// -------------------------------------------------------------------------------------- schemas

// The running example (User, Post, PostResource), copied beside this file from
// __tests__/support/example.ts; here a subclass overrides every other static.
class StrictPost extends Post {
  static override key = 'StrictPost';
  static override indexes = ['title'];
  static override merge(existing: any, incoming: any) {
    return super.merge(existing, incoming);
  }
  static override mergeWithStore(existingMeta: any, incomingMeta: any, existing: any, incoming: any) {
    return super.mergeWithStore(existingMeta, incomingMeta, existing, incoming);
  }
  static override shouldReorder(existingMeta: any, incomingMeta: any, existing: any, incoming: any) {
    return super.shouldReorder(existingMeta, incomingMeta, existing, incoming);
  }
  static override shouldUpdate(existingMeta: any, incomingMeta: any, existing: any, incoming: any) {
    return super.shouldUpdate(existingMeta, incomingMeta, existing, incoming);
  }
  static override process(input: any, parent: unknown, key: string | undefined, args: readonly unknown[]) {
    return super.process(input, parent, key, args);
  }
  static override validate(processed: any) {
    return typeof processed.title === 'string' ? undefined : 'title must be a string';
  }
}
class TextPost extends Post {
  static override key = 'TextPost';
}
class ImagePost extends Post {
  url = '';
  static override key = 'ImagePost';
}

const entityKey: string = StrictPost.key;
const entityPk: string | number | undefined = StrictPost.pk({ id: 5 }, undefined, undefined, []);
const blank: StrictPost = StrictPost.fromJS({ title: 'blank' });
const indexes: readonly string[] | undefined = User.indexes;
const userSchema = User.schema;
const base: boolean = StrictPost.prototype instanceof Entity;

const postList = new schema.Collection([Post], {
  nonFilterArgumentKeys: ['page'],
  argsKey: (params: { group: string }) => ({ group: params.group }),
});
const nestedList = new schema.Collection([Post], { nestKey: (parent: { id: number }) => ({ userId: parent.id }) });
const options: schema.CollectionOptions = { nonFilterArgumentKeys: /^page$/ };
const filter: schema.NonFilterArgumentKeys = ['cursor'];
const attribute: schema.SchemaAttribute = 'type';
const array: schema.Array<typeof Post> = new schema.Array(Post);
const values = new schema.Values(Post);
const object = new schema.Object({ posts: [Post], next: '' });
const feed = new schema.Union({ text: TextPost, image: ImagePost }, attribute);
const tombstone = new schema.Invalidate(Post);
const allPosts = new schema.All(Post);
const titles = new schema.Query(allPosts, (posts) => posts.map((post) => post.title));

const { result, entities, indexes: indexTables, entitiesMeta } = normalize([Post], [{ id: 5, title: 'hi', author: { id: 1 } }], [], {}, { date: 0, expiresAt: Infinity, fetchedAt: 0 });
const posts = denormalize([Post], result, entities, []);
assert<Equal<typeof posts, Post[] | undefined>>(true);
const memo = new MemoCache();
const { data: memoPosts, paths } = memo.denormalize([Post], result, entities, []);
export const schemas = [posts, postList, nestedList, options, filter, array, values, object, feed, tombstone, titles, indexTables, entitiesMeta, memoPosts, paths];
export const statics = [entityKey, entityPk, blank, indexes, userSchema, base];

// ------------------------------------------------------------------- endpoints and resources

const getPost = new RestEndpoint({ path: '/:group/posts/:id', schema: Post, urlPrefix: 'https://api.example.com' });
export async function endpoints() {
  const post = await getPost({ group: 'react', id: 5 });
  const url: string = getPost.url({ group: 'react', id: 5, author: 'x' });
  const key: string = getPost.key({ group: 'react', id: 5 });
  const matches: boolean = getPost.testKey('GET https://api.example.com/react/posts/5');
  const updatePost = getPost.extend({ method: 'PUT' });
  await updatePost({ group: 'react', id: 5 }, { title: 'new' });
  // urlPrefix may be a function read at call time; url, key and testKey follow it.
  let apiRoot = 'https://api.example.com';
  const tenantPosts = createResource({ path: '/posts/:id', schema: Post, urlPrefix: () => apiRoot });
  apiRoot = 'https://ghe.example.com/api/v3';
  const tenantKey: string = tenantPosts.get.key({ id: 5 });
  const tenantMatches: boolean = tenantPosts.get.testKey(tenantKey);
  const prefix: string = tenantPosts.get.urlPrefix;
  return [post, url, key, matches, tenantKey, tenantMatches, prefix];
}

// The documented resource is example.ts's PostResource; `optimistic` is its one other option.
export const OptimisticPosts = createResource({ path: '/:group/posts/:id', schema: Post, urlPrefix: A, optimistic: true });
type PostBody = { title: string };

export async function resourceMembers() {
  const post: Post = await PostResource.get({ group: 'react', id: 5 });
  const list: Post[] = await PostResource.getList({ group: 'react', author: 'ann' });
  // The members the published declarations lost (TS2339 after npm pack).
  const pushed: Post = await PostResource.getList.push({ group: 'react' }, { title: 'new' });
  const unshifted: Post = await PostResource.getList.unshift({ group: 'react' }, { title: 'new' });
  const page: Post[] = await PostResource.getList.getPage({ group: 'react', page: 2 });
  const cursorPage = PostResource.getList.paginated('cursor');
  await cursorPage({ group: 'react', cursor: 'abc' });
  const mapped = PostResource.getList.paginated(({ cursor: _cursor, ...rest }: { group: string; cursor: string }) => [rest]);
  await mapped({ group: 'react', cursor: 'abc' });
  const byId = new RestEndpoint({ path: '/posts/:group', schema: new schema.Collection(new schema.Values(Post)) });
  await byId.assign({ group: 'react' }, { 5: { id: 5, title: 'x' } });
  await PostResource.update({ group: 'react', id: 5 }, { title: 'new' });
  await PostResource.partialUpdate({ group: 'react', id: 5 }, { title: 'new' });
  await PostResource.delete({ group: 'react', id: 5 });
  return [post, list, pushed, unshifted, page];
}

export const Publishable = PostResource.extend('publish', { path: '/:group/posts/:id/publish', method: 'POST' });
export const Typed = PostResource.extend({ update: { body: {} as PostBody } });
export const ByAuthor = PostResource.extend((Base) => ({ getByAuthor: Base.getList.extend({ path: '/:group/authors/:author/posts' }) }));

let token: string | undefined;
const useToken = () => token ?? '';
class AuthedEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  override getHeaders(headers: HeadersInit) {
    return token ? { ...headers, 'Access-Token': token } : headers;
  }
}
export const AuthedPosts = createResource({ path: '/posts/:id', schema: Post, Endpoint: AuthedEndpoint });
export const { useGet, useGetList, useUpdate } = hookifyResource(PostResource, () => ({ headers: { 'Access-Token': useToken() } }));

// Every public endpoint member, read from an endpoint built with every option.
const everything = new RestEndpoint({
  path: '/:group/posts/:id',
  urlPrefix: 'https://api.example.com',
  method: 'PATCH',
  sideEffect: true,
  schema: Post,
  body: {} as PostBody,
  searchParams: {} as { draft?: boolean },
  paginationField: 'page',
  requestInit: { credentials: 'include' },
  signal: new AbortController().signal,
  dataExpiryLength: 60_000,
  errorExpiryLength: 1_000,
  pollFrequency: 5_000,
  invalidIfStale: true,
  errorPolicy: (error: NetworkError) => (error.status >= 500 ? 'soft' : undefined),
  getOptimisticResponse: (snapshot: OptimisticSnapshot, params: { group: string; id: number }, body: PostBody) => {
    if (!snapshot.get(Post, params)) throw snapshot.abort;
    return { ...params, ...body };
  },
  update: (newPk: string) => ({ [PostResource.getList.key({ group: 'react' })]: (pks: string[]) => [...pks, newPk] }),
  name: 'renamePost',
  process: (value: unknown) => value,
  retry: { attempts: 2, delay: (attempt: number) => attempt * 1000, when: (error: unknown) => (error as NetworkError).status === 503 },
  timeout: 10_000,
  conditional: false,
  refetchOnFocus: true,
  refetchOnReconnect: true,
  stream: ({ args, signal, setResponse, set, dispatch, getState }: StreamContext) => {
    const socket = new WebSocket(`wss://api.example.com/posts/${String((args[0] as { id: number }).id)}`);
    socket.onopen = () => dispatch({ type: 'socket/open', payload: getState() === undefined });
    socket.onmessage = (event: MessageEvent<string>) => setResponse(JSON.parse(event.data));
    socket.onerror = () => set(Post, { id: 5 }, { id: 5, title: 'offline' });
    signal.addEventListener('abort', () => socket.close());
  },
});
export async function endpointMembers() {
  const e = everything;
  const members = [e.path, e.urlPrefix, e.method, e.sideEffect, e.schema, e.body, e.searchParams, e.paginationField, e.requestInit, e.signal];
  const timing = [e.dataExpiryLength, e.errorExpiryLength, e.pollFrequency, e.invalidIfStale, e.errorPolicy, e.getOptimisticResponse, e.update, e.name, e.stream];
  const policies = [e.retry, e.timeout, e.conditional, e.refetchOnFocus, e.refetchOnReconnect, getPost.extend({ retry: 3 }).retry];
  const search: string = e.searchToString({ draft: true });
  const init: RequestInit = await e.getRequestInit({ title: 'x' });
  const headers: HeadersInit = await e.getHeaders({ Accept: 'application/json' });
  const response: Response = await e.fetchResponse(e.url({ group: 'react', id: 5 }), init);
  const parsed: unknown = e.process(await e.parseResponse(response), { group: 'react', id: 5 });
  const extenders = [e.extend({ name: 'other' }), e.push, e.unshift, e.assign, e.getPage, e.paginated('cursor')];
  return [members, timing, policies, search, headers, parsed, extenders];
}

export function errors(error: unknown) {
  if (error instanceof NetworkError) {
    const name: 'NetworkError' = error.name;
    // The server's parsed JSON body (a 422's field errors), also on the stored error.
    const body: unknown = error.body;
    const stored: StoredError = error.toJSON();
    const described = [name, error.status, error.response?.headers, error.url, body, stored.body];
    return described;
  }
  const abort: unknown = AbortOptimistic;
  return error instanceof ResetError ? [abort, error.message] : [abort];
}

// --------------------------------------------------------------------- Redux Toolkit integration

export const rest = createRest({
  reducerPath: 'rest',
  dataExpiryLength: 60_000,
  errorExpiryLength: 1_000,
  gc: { intervalMs: 300_000, graceMs: 120_000 },
  onUnauthorized: (_error, { dispatch, getState }) => [dispatch, getState],
  pollWhenHidden: false,
  shardTablesAbove: { entities: 2000, keys: 128 },
  retry: true,
  timeout: 30_000,
  refetchOnFocus: true,
  refetchOnReconnect: true,
});
export const typedRest: Rest = createRest({ gc: false, shardTablesAbove: 5000 });
// A createRest with only some features; the instance has createRest's type.
const features: RestFeature[] = [garbageCollection, polling, streams, refetchOnEvents, optimisticUpdates, persistence, entityChanges, retries, conditionalRequests, shardedTables];
export const leanRest = buildCreateRest(...features.slice(0, 2))({ reducerPath: 'lean', gc: { graceMs: 0 } });
export const leanPath: 'lean' = leanRest.reducerPath;
export const leanAsRest: Rest = buildCreateRest(garbageCollection)();
// The slice is plain JSON typed as such: a user reads a table as an object.
export const readPost = (state: ReturnType<typeof store.getState>): unknown => state.rest.entities.Post?.['5'];
const session = createSlice({
  name: 'session',
  initialState: { lastError: '' },
  reducers: { clear: (state, _action: PayloadAction<void>) => ({ ...state, lastError: '' }) },
  extraReducers: (builder) =>
    builder.addMatcher(rest.actions.fetchRejected.match, (state, action) => {
      state.lastError = action.error?.message ?? '';
    }),
});
export const store = configureStore({
  reducer: { [rest.reducerPath]: rest.reducer, session: session.reducer },
  middleware: (getDefault) => getDefault().concat(rest.middleware),
  devTools: rest.devTools,
});
type RootState = ReturnType<typeof store.getState>;
const slice: RestState = store.getState().rest;

export async function thunks() {
  const p5 = { group: 'react', id: 5 };
  const post: Post = await store.dispatch(rest.fetch(PostResource.get, p5));
  const list: Post[] = await store.dispatch(rest.fetchIfStale(PostResource.getList, { group: 'react' }));
  const page: Post[] = await store.dispatch(rest.fetch(PostResource.getList.getPage, { group: 'react', page: 2 }));
  await store.dispatch(rest.fetch(PostResource.getList.push, { group: 'react' }, { title: 'new' }));
  store.dispatch(rest.invalidate(PostResource.get, p5));
  store.dispatch(rest.invalidateAll({ testKey: (key: string) => key.includes('/posts') }));
  store.dispatch(rest.invalidateAll(PostResource.getList));
  store.dispatch(rest.expireAll({ testKey: (key: string) => key.startsWith('GET ') }));
  store.dispatch(rest.resetEntireStore());
  store.dispatch(rest.setResponse(PostResource.get, p5, { id: 5, title: 'from a socket' }));
  store.dispatch(rest.setError(PostResource.get, p5, new Error('offline')));
  store.dispatch(rest.set(Post, { id: 5 }, (previous: Post) => ({ ...previous, title: 'local' })));
  const unsubscribe: () => void = store.dispatch(rest.subscribe(PostResource.get.extend({ pollFrequency: 5_000 }), p5));
  unsubscribe();
  await store.dispatch(rest.fetch(PostResource.get, null));
  return [post, list, page];
}

export function selectors(state: RootState) {
  const response: ResponseState<Post> = rest.selectResponse(state, PostResource.get, { group: 'react', id: 5 });
  const { data, error, status, isLoading, isFetching, expiryStatus, fetchedAt, expiresAt } = response;
  const statuses: [RequestStatus, ExpiryStatus] = [status, expiryStatus];
  const listData: Post[] | undefined = rest.selectData(state, PostResource.getList, { group: 'react' });
  const stored: StoredError | undefined = rest.selectError(state, PostResource.get, { group: 'react', id: 5 });
  const queried: Post | undefined = rest.selectQuery(state, Post, { id: 5 });
  const queriedList: Post[] | undefined = rest.selectQuery(state, PostResource.getList.schema, { group: 'react' });
  const inactive: Post | undefined = rest.selectData(state, PostResource.get, null);
  const entity: Post | undefined = rest.selectEntity(state, Post, 5);
  const entities: Post[] = rest.selectEntities(state, Post);
  return [data, error, statuses, isLoading, isFetching, fetchedAt, expiresAt, listData, stored, queried, queriedList, inactive, slice, entity, entities];
}

// Entity changes for the rest of the app, and rehydration.
export const starred = createSlice({
  name: 'starred',
  initialState: { postIds: [] as string[] },
  reducers: {},
  extraReducers: (builder) =>
    builder.addMatcher(rest.matchEntitiesChanged(Post), (state, action: EntitiesChangedAction) => {
      const changed: readonly string[] = rest.changedPks(action, Post);
      state.postIds = state.postIds.filter((id) => !changed.includes(id));
    }),
});
export const rehydrating = createRest({
  reducerPath: 'saved',
  extractRehydrationInfo: (action, { reducerPath }) => (action.type === 'app/hydrate' ? (action.payload as Record<string, unknown>)[reducerPath] : undefined),
});
export const rehydrate = (saved: RestState) => store.dispatch(rest.actions.rehydrated(saved));

// ----------------------------------------------------------------------------------- React

const { useSuspense: useAdminSuspense, useMutation: useAdminMutation } = createRestHooks(typedRest);

function PostView({ group, id }: { group: string; id: number }) {
  const post = useSuspense(PostResource.get, { group, id });
  const same: Post = useAdminSuspense(PostResource.get, { group, id });
  const { data, loading, error } = useDLE(PostResource.getList, { group });
  const dle: DLE<Post> = useDLE(PostResource.get, { group, id });
  const fields: [RequestStatus, boolean, boolean, ExpiryStatus, number, number] = [dle.status, dle.isLoading, dle.isFetching, dle.expiryStatus, dle.fetchedAt, dle.expiresAt];
  const refetched: Promise<Post | undefined> = dle.refetch();
  const [update, updateState]: MutationResult<typeof PostResource.partialUpdate> = useMutation(PostResource.partialUpdate);
  const updated: Promise<Post> = update({ group, id }, { title: 'x' });
  const mutation: MutationState<Post> = updateState;
  const mutationFields = [mutation.data, mutation.error, mutation.status, mutation.isLoading, mutation.isSuccess, mutation.isError, mutation.reset];
  const [create] = useAdminMutation(PostResource.getList.push);
  const search: string = useDebounce(group, 300);
  const paged: PaginatedResult<Post[]> = usePaginated(PostResource.getList, { group });
  const nextPage: Promise<Post[] | undefined> = paged.fetchNextPage();
  const pageFields: [Post[] | undefined, boolean, boolean, Error | undefined] = [paged.data, paged.hasNextPage, paged.isFetchingNextPage, paged.nextPageError];
  const cancelling: DLE<Post> = useCancelling(PostResource.get, search === '' ? null : { group, id });
  const cached: Post | undefined = useCache(PostResource.get, { group, id });
  const queried: Post | undefined = useQuery(Post, { id });
  const pending: Promise<Post> | undefined = useFetch(PostResource.get, null);
  useSubscription(PostResource.get.extend({ pollFrequency: 5_000 }), { group, id });
  const live: Post = useLive(PostResource.get, { group, id });
  const { fetch, fetchIfStale, invalidate, invalidateAll, expireAll, resetEntireStore, setResponse, setError, set, subscribe } = useController();
  const [rename, saving, renameError] = useLoading((title: string) => fetch(PostResource.partialUpdate, { group, id }, { title }));
  const controller = [fetchIfStale, invalidate, invalidateAll, expireAll, resetEntireStore, setResponse, setError, set, subscribe];
  const unused = [same, data, loading, error, cached, queried, pending, live, renameError, controller, fields, refetched, updated, mutationFields, create, search, nextPage, pageFields, cancelling];
  return (
    <h1 title={String(unused.length)} onClick={() => rename('Renamed')}>
      {saving ? '…' : post.title}
    </h1>
  );
}

export const app = (
  <Provider store={store}>
    <AsyncBoundary fallback={<p>Loading…</p>}>
      <PostView group="react" id={5} />
    </AsyncBoundary>
  </Provider>
);

// ------------------------------------------------------------------------------------ mock

export const fakeFetch = mockFetch([
  { endpoint: PostResource.get, args: [{ group: 'react', id: 5 }], response: { id: 5, title: 'hi' } },
  { endpoint: PostResource.getList, response: (params: { group: string }) => [{ id: 1, title: params.group }], delay: 50 },
  { endpoint: PostResource.delete, args: [{ group: 'react', id: 5 }], error: true, response: { status: 500 } },
]);
globalThis.fetch = fakeFetch;

// --------------------------------------------------------- not implemented yet: add when it lands
// Public names that do not exist in the package yet. When
// one lands, use it above and delete its line here.
//   (`rtk-rest-codegen` ships as its own package in codegen/, checked by codegen/__tests__, not by this tarball)
