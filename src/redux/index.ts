export { createRest } from './createRest';
export type { Rest } from './createRest';
export { buildCreateRest } from './buildCreateRest';
export type { CreateRestOptions } from './buildCreateRest';
export type { RestFeature } from './feature';
export { optimisticUpdates } from './optimistic';
export { polling } from './polling';
export { streams } from './streams';
export { garbageCollection } from './gc';
export { refetchOnEvents } from './refetchOnEvents';
export { persistence } from './rehydrate';
export { entityChanges } from './changeTracking';
export type { RequestPolicyDefaults } from './policies';
export { ResetError } from './errors';
export type { RestState, KeyMeta, StoredError } from './types';
export type { Environment, Timers } from './environment';
export type { ResponseState, ExpiryStatus, RequestStatus } from './selectors';
export type { EntitiesChangedAction, ChangedEntities } from './entityChanges';
export type { ExtractRehydrationInfo } from './rehydrate';

// Internal to the package: what `rtk-rest/react` builds on (not exported from the package root).
export { runtimeOf, installedIn } from './middleware';
export type { InstalledRest } from './middleware';
export type { HookRuntime, StoreRuntime } from './handlerContext';
export { INACTIVE, isInactive } from './selectors';
export { rebuildError } from './errors';
export { nextPageOf, pageStateOf } from './nextPage';
export type { NextPage } from './nextPage';
