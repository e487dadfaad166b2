/**
 * rtk-rest — declare REST endpoints and resources once; keep a normalized, always-consistent
 * entity cache in your Redux Toolkit store.
 *
 * Public surface of `rtk-rest` (docs/concepts.md): schemas, endpoints and resources, and the Redux
 * Toolkit integration. React hooks live in `rtk-rest/react`, the fake `fetch` in `rtk-rest/mock`.
 */
export { Entity, schema, normalize, denormalize, MemoCache, MemoResult, NormalizeError } from './schema';
export { RestEndpoint, createResource, hookifyResource, NetworkError, AbortOptimistic, nextPageNumber, nextOffset } from './rest';
export { createRest, buildCreateRest, optimisticUpdates, polling, streams, garbageCollection, refetchOnEvents, persistence, entityChanges, retries, conditionalRequests, shardedTables, deleteByParams, linkPagination, ResetError, serializeForScript, receiveRestScripts } from './redux';
export type { CreateRestOptions, RestFeature, RequestPolicyDefaults, Rest, RestState, KeyMeta, StoredError, ResponseState, ExpiryStatus, RequestStatus, Environment, Timers, EntitiesChangedAction, ChangedEntities, ExtractRehydrationInfo, ReceiveRestScriptsOptions } from './redux';
// Types that the inferred types of public values name (the instance's actions, the schema classes
// behind `schema.X`, `push`'s creation schema): exported under their own names so that a library or
// a monorepo package can export its `rest`, resources and endpoints under `declaration: true`
// (TS4023 / TS2742 "cannot be named" otherwise; a class behind the `schema` namespace cannot be named).
export type { OptimisticLayer, EntityWrite, WritePayload, FetchMeta, KeyWriteMeta } from './redux';
export type {
  CollectionSchema,
  ArraySchema,
  ValuesSchema,
  ObjectSchema,
  UnionSchema,
  InvalidateSchema,
  QuerySchema,
  AllSchema,
  CollectionCreation,
  CreationMode,
  CollectionOptions,
} from './schema';
export type {
  RestGenerics,
  RestEndpointOptions,
  RequestPolicyOptions,
  RetryOption,
  RetryOptions,
  EndpointArgs,
  ProcessedOf,
  DataOf,
  OptimisticSnapshot,
  RequestStore,
  GetNextPageParam,
  StreamContext,
  StreamOption,
  PathParams,
  ResourceOptions,
  ResourceMembers,
  Resource,
  HookifiedResource,
} from './rest';
export type {
  AbstractInstanceType,
  Denormalize,
  DenormalizeNullable,
  Deserializer,
  EntityClass,
  EntityMeta,
  EntityMetaTables,
  EntityPath,
  EntityTables,
  IndexTables,
  NormalizedTables,
  NormalizeResult,
} from './schema';
