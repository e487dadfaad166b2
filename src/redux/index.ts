export { createRest } from './createRest';
export type { CreateRestOptions, Rest } from './createRest';
export { ResetError } from './errors';
export type { RestState, KeyMeta, StoredError } from './types';
export type { Environment } from './environment';
export type { Timers } from './polling';
export type { ResponseState, ExpiryStatus, RequestStatus } from './selectors';
