import type { StoreEndpoint } from '../../rest';
import type { RequestPolicyPart } from '../requests/policies';

/** What an endpoint asks of a feature: the option, and when it matters (a subscription or a mounted read). */
const NEEDS: readonly { option: 'pollFrequency' | 'stream' | 'refetchOnFocus' | 'refetchOnReconnect' | 'retry'; feature: string; on: 'subscribe' | 'mount' | 'fetch' }[] = [
  { option: 'pollFrequency', feature: 'polling', on: 'subscribe' },
  { option: 'stream', feature: 'streams', on: 'subscribe' },
  { option: 'refetchOnFocus', feature: 'refetchOnEvents', on: 'mount' },
  { option: 'refetchOnReconnect', feature: 'refetchOnEvents', on: 'mount' },
  { option: 'retry', feature: 'retries', on: 'fetch' },
];

const warned = new WeakSet<object>();

/**
 * Development only (callers test `process.env.NODE_ENV`): an endpoint uses an option whose
 * feature the instance was built without (`buildCreateRest(...)` lacks it), so the option would
 * silently do nothing. Warns once per endpoint.
 */
export function checkFeatures(features: readonly string[], endpoint: StoreEndpoint, on: 'subscribe' | 'mount' | 'fetch', defaults: { refetchOnFocus: boolean; refetchOnReconnect: boolean }): void {
  if (warned.has(endpoint)) return;
  for (const need of NEEDS) {
    const value = endpoint[need.option] ?? (need.on === 'mount' ? defaults[need.option as keyof typeof defaults] : undefined);
    if (need.on !== on || value === undefined || value === false || value === 0 || features.includes(need.feature)) continue;
    return warnMissingFeature(endpoint, need.option, need.feature);
  }
}

/** Development only: warns, once per endpoint, that `option` does nothing without `feature`. */
export function warnMissingFeature(endpoint: StoreEndpoint, option: string, feature: string): void {
  if (warned.has(endpoint)) return;
  warned.add(endpoint);
  console.warn(
    `[rtk-rest] ${endpoint.name} has ${option}, but this rest instance was built without the ${feature} feature, so it does nothing. ` +
      `Add it: buildCreateRest(${feature}, …) (rtk-rest exports ${feature}), or use createRest, which has every feature.`,
  );
}

/** Development only: a store built without linkPagination meets an answer whose `Link` header names a next page, which no read can then follow. */
export const warnMissingLinks: RequestPolicyPart = ({ endpoint }) => ({
  policies: { links: (header) => void (/\bnext\b/i.test(header) && warnMissingFeature(endpoint, 'an answer with a Link header (rel="next")', 'linkPagination')) },
});

/** Development only: a store built without optimisticUpdates meets a mutation with `getOptimisticResponse` (a request policy that adds nothing). */
export const warnMissingOptimistic: RequestPolicyPart = ({ endpoint }) => {
  if (endpoint.sideEffect && typeof endpoint.getOptimisticResponse === 'function') warnMissingFeature(endpoint, 'getOptimisticResponse', 'optimisticUpdates');
  return undefined;
};
