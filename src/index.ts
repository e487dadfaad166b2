/**
 * rtk-rest — declare REST endpoints and resources once; keep a normalized, always-consistent
 * entity cache in your Redux Toolkit store.
 *
 * Public surface of `rtk-rest` (docs/concepts.md): schemas, endpoints and resources, and the Redux
 * Toolkit integration. React hooks live in `rtk-rest/react`, the fake `fetch` in `rtk-rest/mock`.
 */
export { Entity, schema, normalize, denormalize, MemoCache, MemoResult, NormalizeError } from './schema';
export { RestEndpoint, createResource, hookifyResource, NetworkError, AbortOptimistic } from './rest';
export { createRest, buildCreateRest, optimisticUpdates, polling, streams, garbageCollection, refetchOnEvents, persistence, entityChanges, retries, conditionalRequests, shardedTables, ResetError } from './redux';
export type { CreateRestOptions, RestFeature, RequestPolicyDefaults, Rest, RestState, KeyMeta, StoredError, ResponseState, ExpiryStatus, RequestStatus, Environment, Timers, EntitiesChangedAction, ChangedEntities, ExtractRehydrationInfo } from './redux';
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
