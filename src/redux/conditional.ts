import type { RequestPolicies, StoreEndpoint, Validators } from '../rest';
import { tableGet, tableHas } from './tables';
import type { RestState, WritePayload } from './types';

/** The write of a 304: nothing but the key's meta (its data stays, its expiry is refreshed). */
export const NOT_MODIFIED_WRITE: WritePayload = { entities: {}, entitiesMeta: {}, indexes: {} };

/** A conditional read's part of the request policies, and the validators its answer came with. */
export interface ConditionalRead {
  readonly policies: Pick<RequestPolicies, 'validators' | 'onValidators'>;
  /** The validators to store with the outcome (what the answer carried; none when it carried none). */
  received(): Validators;
}

/**
 * Conditional requests (issue 18.5): a read of a key whose stored answer came with an `ETag` or
 * `Last-Modified` sends them back; whatever the answer carries replaces them in the key's meta.
 * Not for mutations, pages (their answers merge into a list) or `conditional: false`; a key
 * without data (never fetched, invalidated) sends none, so a 304 always has data to keep.
 */
export function conditionalRead(slice: RestState, endpoint: StoreEndpoint, key: string, read: boolean, page: boolean): ConditionalRead | undefined {
  if (!read || page || endpoint.sideEffect || endpoint.conditional === false) return undefined;
  let received: Validators = {};
  const meta = tableGet(slice.meta, key);
  const stored: Validators = {};
  if (meta?.etag !== undefined) stored.etag = meta.etag;
  if (meta?.lastModified !== undefined) stored.lastModified = meta.lastModified;
  const usable = Object.keys(stored).length > 0 && meta?.invalidated !== true && tableHas(slice.endpoints, key);
  return {
    policies: { ...(usable ? { validators: stored } : {}), onValidators: (validators) => void (received = validators) },
    received: () => received,
  };
}
