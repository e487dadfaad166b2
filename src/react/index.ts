/**
 * `rtk-rest/react`: hooks over react-redux's `<Provider store>` (API.md §4, SPEC §7). The hooks
 * exported here use the one rtk-rest instance installed in the store; `createRestHooks(rest)`
 * binds the same hooks to one instance when a store has several.
 */
import type { Rest } from '../redux';
import { installedBinding, instanceBinding } from './binding';
import { buildHooks } from './hooks';
import type { RestHooks } from './types';

export { AsyncBoundary } from './AsyncBoundary';
export type { AsyncBoundaryProps, ErrorComponentProps } from './AsyncBoundary';
export { useLoading } from './useLoading';
export type { ArgsOf, NullableArgs, DLE, RestHooks, RestController } from './types';

/**
 * The hooks bound to one instance, for stores with several rtk-rest instances (SPEC 7.1).
 *
 * @example
 * export const { useSuspense, useDLE, useController } = createRestHooks(adminRest);
 */
export function createRestHooks(rest: Rest): RestHooks {
  return buildHooks(instanceBinding(rest));
}

const hooks = buildHooks(installedBinding());

export const { useSuspense, useDLE, useCache, useQuery, useFetch, useSubscription, useLive, useController } = hooks;
