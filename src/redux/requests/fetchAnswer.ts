import { isInvalidate, isUnion } from '../../schema';
import type { InvalidateSchema } from '../../schema';
import type { Entity, EntityMeta } from '../../schema';
import { endpointPathParams } from '../../rest';
import type { RestEndpoint, StoreEndpoint } from '../../rest';
import { paramsOnlyDelete } from './deleteByParams';
import { warnMissingFeature } from '../instance/missingFeature';
import { viewIn } from '../instance/context';
import type { HandlerContext } from '../instance/handlerContext';
import { normalizeResponse, updatesOf } from './normalizeResponse';
import type { WritePayload } from '../types';

/**
 * A response's write, and for a delete that had to find what it deleted from its URL parameters
 * what the promise resolves to: that entity as it was. A delete that found nothing
 * removes nothing and expires the lists holding its entity type instead, with a dev warning.
 */
export function responseWrite(
  hctx: HandlerContext,
  endpoint: StoreEndpoint,
  value: unknown,
  args: readonly unknown[],
  key: string,
  meta: EntityMeta,
): { payload: WritePayload; answer?: unknown } {
  const { rest, selectors, keys } = hctx;
  const slice = hctx.slice();
  const reader = rest.reader(slice);
  const byParams = hctx.deleteByParams;
  const target = byParams?.find(endpoint, value, args, reader);
  if (target === undefined) {
    if (process.env.NODE_ENV !== 'production' && byParams === undefined && paramsOnlyDelete(endpoint, value, args) !== undefined) {
      warnMissingFeature(endpoint, 'a delete answered by URL parameters that hold no pk', 'deleteByParams');
    }
    return { payload: normalizeResponse(endpoint, value, args, key, meta, slice, rest.tables, reader, undefined, keys) };
  }
  if (target.pk !== undefined) {
    return { payload: normalizeResponse(endpoint, target.pk, args, key, meta, slice, rest.tables, reader), answer: selectors.queryOf(slice, target.entity, [target.pk]) };
  }
  const expired = byParams!.unmatched(endpoint, key, target, slice, reader, keys, selectors.readAs);
  return { payload: { result: null, entities: {}, entitiesMeta: {}, indexes: {}, expired, ...updatesOf(endpoint, null, args, slice, rest.tables) } };
}

/**
 * What `rest.fetch` resolves to after the commit (see docs/internals.md#the-fetch-lifecycle, docs/concepts.md#resources): a
 * read's key read back; a mutation's own normalized `result` (never stored under its key) read
 * through the store, so its entities are the ones every reader sees.
 */
export function resolvedAnswer({ rest, selectors }: HandlerContext, state: unknown, endpoint: StoreEndpoint, args: unknown[], value: unknown, key: string, mutation?: { result: unknown }): unknown {
  const schema = endpoint.schema;
  if (isInvalidate(schema)) return deletedInstance(schema, endpoint, args, value);
  const base = rest.slice(state);
  const view = viewIn(rest, state);
  if (mutation !== undefined) return selectors.resultOf(view, endpoint as RestEndpoint, mutation.result, args);
  const committed = rest.tables.get(base.endpoints, key);
  // Another pending optimistic request of this key (a second creation sent before the first
  // answered) shows its own result over the one just committed: read this request's own.
  if (view !== base && committed !== undefined && rest.tables.get(view.endpoints, key) !== committed) return selectors.resultOf(view, endpoint as RestEndpoint, committed, args);
  return selectors.responseOf(view, endpoint as RestEndpoint, args, true).data;
}

/** The instance a delete resolves to: the answered object, else the URL parameters (see docs/concepts.md#resources). */
function deletedInstance(schema: InstanceType<typeof InvalidateSchema>, endpoint: StoreEndpoint, args: unknown[], value: unknown): unknown {
  const pathParams = endpointPathParams(endpoint, args);
  const props = typeof value === 'object' && value !== null && Object.keys(value).length > 0 ? (value as Record<string, unknown>) : pathParams;
  const target = schema.schema as unknown;
  if (isUnion(target)) {
    const member = target.memberOf(props, undefined, undefined);
    return member ? member[1].cls.fromJS(props as any) : undefined;
  }
  return (target as typeof Entity).fromJS(props as any);
}
