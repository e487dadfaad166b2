import { takesBody } from '../rest';
import type { RestEndpoint } from '../rest';

/** The options `useSubscription` and `useLive` take after the endpoint's arguments. */
export interface SubscriptionOptions {
  /**
   * ms between polls while this component is mounted, in place of the endpoint's `pollFrequency`;
   * `0` subscribes without polling. A key polls at the smallest interval among its subscribers.
   */
  pollingInterval?: number;
}

/**
 * The endpoint's arguments and the hook's options: the options are the argument after every
 * argument position of the endpoint (its parameters, and its body when it takes one), so
 * `useLive(getPosts, undefined, { pollingInterval })` for an endpoint without parameters, as
 * RTK Query's `useQuery(undefined, { pollingInterval })`. After `null` (inactive), the next argument.
 */
export function splitHookOptions(endpoint: RestEndpoint, args: unknown[]): { args: unknown[]; options: SubscriptionOptions | undefined } {
  const positions = args[0] === null ? 1 : typeof endpoint === 'function' && takesBody(endpoint) ? 2 : 1;
  if (args.length <= positions) return { args, options: undefined };
  const options = args[positions] as SubscriptionOptions | undefined;
  const own = args.slice(0, positions);
  // `useLive(endpoint, undefined, options)`: the endpoint is called without arguments.
  while (own.length > 0 && own[own.length - 1] === undefined) own.pop();
  return { args: own, options };
}

/**
 * The endpoint a subscriber polls with: a view of it whose `pollFrequency` is the hook's
 * `pollingInterval` (`0`: none), so the store's polling needs no second setting to read. Made when
 * the component subscribes, it is the same endpoint in every other respect (key, request hooks).
 */
export function pollingEndpoint(endpoint: RestEndpoint, pollingInterval: number | undefined): RestEndpoint {
  if (pollingInterval === undefined) return endpoint;
  return Object.create(endpoint, { pollFrequency: { value: pollingInterval === 0 ? undefined : pollingInterval } }) as RestEndpoint;
}

/** A `RangeError` for a `pollingInterval` that is not a number of ms ≥ 0. */
export function checkPollingInterval(hook: string, endpoint: RestEndpoint, options: SubscriptionOptions | undefined): number | undefined {
  const value = options?.pollingInterval;
  if (value === undefined || (typeof value === 'number' && Number.isFinite(value) && value >= 0)) return value;
  throw new RangeError(
    `[rtk-rest] ${hook}(${endpoint.name}): pollingInterval must be a finite number of ms ≥ 0 (0 subscribes without polling), got ${String(value)}. Pass it after the endpoint's arguments: ${hook}(endpoint, params, { pollingInterval: 5_000 }).`,
  );
}
