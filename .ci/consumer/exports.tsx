// Public values a library or monorepo package exports as they are, with their inferred types (new-user
// check B): under `declaration: true` every type these name must be reachable from a public entry,
// else `tsc` stops with TS4023/TS4025/TS4058 ("has or is using name … but cannot be named").
// Type-checked with the other consumers (.ci/consumer.mjs); declarations are emitted in the
// `-declaration` modes. Nothing here runs.
import { configureStore } from '@reduxjs/toolkit';
import {
  Entity,
  MemoCache,
  RestEndpoint,
  buildCreateRest,
  conditionalRequests,
  createRest,
  createResource,
  denormalize,
  entityChanges,
  garbageCollection,
  hookifyResource,
  normalize,
  optimisticUpdates,
  persistence,
  polling,
  refetchOnEvents,
  retries,
  schema,
  shardedTables,
  streams,
} from 'rtk-rest';
import * as react from 'rtk-rest/react';
import { mockFetch } from 'rtk-rest/mock';
import { A, Post, PostResource } from './example.js';

// -------------------------------------------------------------------- stores
export const rest = createRest();
export const store = configureStore({
  reducer: { [rest.reducerPath]: rest.reducer },
  middleware: (getDefault) => getDefault().concat(rest.middleware),
  devTools: rest.devTools,
});
export const createLeanRest = buildCreateRest(garbageCollection, polling, optimisticUpdates);
export const leanRest = createLeanRest({ reducerPath: 'lean' });
export const allFeatures = [garbageCollection, polling, streams, refetchOnEvents, optimisticUpdates, persistence, entityChanges, retries, conditionalRequests, shardedTables];
export const fullRest = buildCreateRest(...allFeatures)();
export const { actions, reducer, middleware, devTools } = rest;

// -------------------------------------------------------------------- thunks and selectors
export const fetchPost = rest.fetch(PostResource.get, { group: 'react', id: 5 });
export const fetchStale = rest.fetchIfStale(PostResource.getList, { group: 'react' });
export const push = rest.fetch(PostResource.getList.push, { group: 'react' }, { title: 'new' });
export const invalidate = rest.invalidate(PostResource.get, { group: 'react', id: 5 });
export const invalidateAll = rest.invalidateAll(PostResource.getList);
export const reset = rest.resetEntireStore();
export const setResponse = rest.setResponse(PostResource.get, { group: 'react', id: 5 }, { id: 5, title: 'hi' });
export const setError = rest.setError(PostResource.get, { group: 'react', id: 5 }, new Error('no'));
export const setPost = rest.set(Post, { id: 5 }, { id: 5, title: 'set' });
export const subscribe = rest.subscribe(PostResource.getList, { group: 'react' });
export const response = rest.selectResponse(store.getState(), PostResource.get, { group: 'react', id: 5 });
export const data = rest.selectData(store.getState(), PostResource.getList, { group: 'react' });
export const error = rest.selectError(store.getState(), PostResource.get, { group: 'react', id: 5 });
export const entity = rest.selectEntity(store.getState(), Post, '5');
export const entities = rest.selectEntities(store.getState(), Post);
export const changed = rest.matchEntitiesChanged(Post);
export const fulfilled = rest.actions.fetchFulfilled;

// -------------------------------------------------------------------- endpoints and resources
export class Tag extends Entity {
  id = '';
  pk() {
    return this.id;
  }
  static override key = 'ExportsTag';
}
export const TagResource = createResource({ urlPrefix: A, path: '/tags/:id', schema: Tag, paginationField: 'page' });
export const { get, getList, update, partialUpdate, delete: remove } = TagResource;
export const pushTag = TagResource.getList.push;
export const unshiftTag = TagResource.getList.unshift;
export const tagPage = TagResource.getList.getPage;
export const paginatedTags = TagResource.getList.paginated('cursor');
export const Extended = TagResource.extend('archive', { path: '/tags/:id/archive', method: 'POST' });
export const tagsById = new RestEndpoint({ urlPrefix: A, path: '/tags', schema: new schema.Collection(new schema.Values(Tag)) });
export const assignTags = tagsById.assign;
export const tagList = new RestEndpoint({ urlPrefix: A, path: '/tags', schema: new schema.Collection([Tag]) });
export const searched = tagList.extend({ searchParams: {} as { q: string } });
export const TagHooks = hookifyResource(TagResource, () => ({ headers: { 'Access-Token': 't' } }));
export const hooks = react.createRestHooks(rest);

// -------------------------------------------------------------------- schemas
export const normalized = normalize([Tag], [{ id: 'a' }], []);
export const read = denormalize([Tag], normalized.result, normalized.entities, []);
export const memo = new MemoCache();
export const memoRead = memo.denormalize([Tag], normalized.result, normalized.entities, []);
export const allTags = new schema.All(Tag);
export class Photo extends Entity {
  id = '';
  pk() {
    return this.id;
  }
  static override key = 'ExportsPhoto';
}
/** One of each schema class, used by exports-derived.ts (a module that does not import `schema`). */
export const schemas = {
  byId: new schema.Collection(new schema.Values(Tag)),
  thing: new schema.Union({ tag: Tag, photo: Photo }, 'type'),
  nested: new schema.Collection(new schema.Array(Tag)),
  object: new schema.Object({ tags: [Tag], next: '' }),
  array: new schema.Array(Tag),
  removed: new schema.Invalidate(Tag),
  count: new schema.Query(allTags, (tags) => tags.length),
};

// -------------------------------------------------------------------- hooks' results
export function useExportedHooks(group: string) {
  const post = react.useSuspense(PostResource.get, { group, id: 5 });
  const dle = react.useDLE(PostResource.getList, { group });
  const cached = react.useCache(PostResource.get, { group, id: 5 });
  const tags = react.useQuery(allTags);
  const fetching = react.useFetch(PostResource.get, { group, id: 5 });
  react.useSubscription(PostResource.getList, { group });
  const live = react.useLive(PostResource.getList, { group });
  const controller = react.useController();
  const loading = react.useLoading(async (title: string) => controller.fetch(PostResource.getList.push, { group }, { title }));
  const mutation = react.useMutation(PostResource.partialUpdate);
  const paginated = react.usePaginated(PostResource.getList, { group });
  const cancelling = react.useCancelling(PostResource.get, { group, id: 5 });
  const debounced = react.useDebounce(group, 100);
  return { post, dle, cached, tags, fetching, live, controller, loading, mutation, paginated, cancelling, debounced };
}

// -------------------------------------------------------------------- mock
export const fakeFetch = mockFetch([
  { endpoint: PostResource.get, args: [{ group: 'react', id: 5 }], response: { id: 5, title: 'hi' } },
  { endpoint: PostResource.getList, response: () => [], delay: 50 },
]);
