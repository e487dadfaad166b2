import { isNotModified, validatorsOf, withValidators } from '../../../rest';
import type { Validators } from '../../../rest';
import type { FeatureImpl, RestFeature } from '../../instance/feature';
import type { PolicyPart, PolicyRequest } from '../../requests/policies';
import type { Tables } from '../../store/tables';

/**
 * Conditional requests: a read of a key whose stored answer came with an `ETag` or
 * `Last-Modified` sends them back; whatever the answer carries replaces them in the key's meta.
 * Not for mutations, pages (their answers merge into a list) or `conditional: false` (the
 * endpoint's, else the store's default); a key
 * without data (never fetched, invalidated) sends none, so a 304 always has data to keep.
 */
export function conditionalRead({ slice, endpoint, key, read, page }: PolicyRequest, byDefault: boolean, tables: Tables): PolicyPart | undefined {
  if (!read || page || endpoint.sideEffect || !(endpoint.conditional ?? byDefault)) return undefined;
  let received: Record<string, string> = {};
  const meta = tables.get(slice.meta, key);
  const stored: Validators = {};
  if (meta?.etag !== undefined) stored.etag = meta.etag;
  if (meta?.lastModified !== undefined) stored.lastModified = meta.lastModified;
  const usable = Object.keys(stored).length > 0 && meta?.invalidated !== true && tables.has(slice.endpoints, key);
  return {
    policies: {
      conditional: {
        prepare: (init) => (usable ? withValidators(init, stored) : init),
        // A success brings its own validators (or none); a 304 keeps the stored ones unless it sends new ones.
        answered: (response, notModified) => void (received = { ...(notModified ? stored : {}), ...(response ? validatorsOf(response) : {}) }),
        notModified: (error) => usable && isNotModified(error),
      },
    },
    received: () => received,
  };
}

/** The feature's part: its request policy. */
const feature: FeatureImpl = {
  feature: 'conditionalRequests',
  build: ({ ctx }) => ({ policy: () => (request) => conditionalRead(request, ctx.options.conditional, ctx.tables) }),
};

/**
 * Conditional requests (see docs/concepts.md#request-policies): a refetch sends the stored
 * answer's `ETag` / `Last-Modified`, and a 304 keeps the data and refreshes its expiry. In
 * `createRest`; give it to `buildCreateRest` to keep it.
 */
export const conditionalRequests: RestFeature = feature;
