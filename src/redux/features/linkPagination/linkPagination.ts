import { parseLinkHeader } from '../../../rest';
import type { FeatureImpl, RestFeature } from '../../instance/feature';

/** The feature's part: a request policy that keeps the answer's `Link` header URLs with the key's meta (`links`). */
const feature: FeatureImpl = {
  feature: 'linkPagination',
  build: () => ({
    policy: () => () => {
      let links: Record<string, string> | undefined;
      return {
        policies: { links: (header, base) => void (links = parseLinkHeader(header, base)) },
        received: () => (links === undefined ? {} : { links }),
      };
    },
  }),
};

/**
 * Link pagination (see docs/concepts.md#resources): the store keeps the URLs of each answer's
 * `Link` header (`rel="next"`, …) with its key, and `usePaginated` / the next page follow the
 * `next` one as the server sent it (GitHub, GitLab). In `createRest`; give it to
 * `buildCreateRest` to keep it.
 */
export const linkPagination: RestFeature = feature;
