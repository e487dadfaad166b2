import { resolveRetry, retryAfterOf } from '../../../rest';
import type { FeatureImpl, RestFeature } from '../../instance/feature';

/** The feature's part: its request policy. */
const feature: FeatureImpl = {
  feature: 'retries',
  build: ({ ctx: { options } }) => ({
    // Reads retry by the store's default, mutations only with their own option, polls never (the next poll is their retry).
    policy: () => ({ endpoint, poll }) => {
      const retry = resolveRetry(poll ? false : (endpoint.retry ?? (endpoint.sideEffect ? undefined : options.retry)));
      return retry === undefined ? undefined : { policies: { retryAfter: retryAfterOf(retry, options.now) } };
    },
  }),
};

/**
 * The `retry` request policy (see docs/concepts.md#request-policies): failures that mean "try
 * again" are retried with jittered backoff, `Retry-After` honoured. In `createRest`; give it to
 * `buildCreateRest` to keep it.
 */
export const retries: RestFeature = feature;
