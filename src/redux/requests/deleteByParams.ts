import { hasOwn } from '../../internal/own';
import { isEntityClass, isInvalidate } from '../../schema';
import type { Entity, EntityReader } from '../../schema';
import { endpointPathParams } from '../../rest';
import type { StoreEndpoint } from '../../rest';
import type { KeyRecord } from './keyRecord';
import type { Selectors } from '../read/selectors';
import type { RestState } from '../types';

/**
 * A delete whose answer and URL carry no pk. An empty answer (204, `null`, `{}`) stands for the
 * URL parameters (see docs/concepts.md#resources), but a URL such as
 * `/repos/:owner/:repo/labels/:name` does not name a Label keyed by `id`. `pk` is the one stored
 * entity the parameters name, or `undefined` when they name none (or several).
 */
export interface DeleteTarget {
  readonly entity: typeof Entity;
  readonly params: Record<string, unknown>;
  readonly pk: string | undefined;
}

/**
 * What the `deleteByParams` feature gives the fetch lifecycle and the optimistic layers: finding
 * the entity such a delete removes, and, when it finds none, the keys to expire instead.
 */
export interface DeleteByParams {
  /** The delete's target when `value` is its URL parameters without a pk; `undefined` for anything else (normalized as it is). */
  find(endpoint: StoreEndpoint, value: unknown, args: readonly unknown[], reader: EntityReader): DeleteTarget | undefined;
  /** A delete that found nothing (`target.pk` undefined): the keys of the lists holding its type, which expire; warns in development. */
  unmatched(endpoint: StoreEndpoint, key: string, target: DeleteTarget, slice: RestState, reader: EntityReader, keys: KeyRecord, readAs: Selectors['readAs']): string[];
}

/**
 * The entity type and URL parameters of a delete answered by exactly its URL parameters, which
 * hold no pk; `undefined` for anything else (an answer with a pk, an object answer, another schema).
 */
export function paramsOnlyDelete(endpoint: StoreEndpoint, value: unknown, args: readonly unknown[]): { entity: typeof Entity; params: Record<string, unknown> } | undefined {
  const schema = endpoint.schema as unknown;
  if (!isInvalidate(schema) || !isEntityClass(schema.schema) || !isObject(value)) return undefined;
  const entity = schema.schema;
  const params = endpointPathParams(endpoint, args);
  const names = Object.keys(params);
  // Only the URL parameters themselves (an empty answer), and only when they hold no pk.
  if (names.length === 0 || !sameFields(value, params, names) || hasPk(entity, value, args)) return undefined;
  return { entity, params };
}

function hasPk(entity: typeof Entity, value: Record<string, unknown>, args: readonly unknown[]): boolean {
  try {
    const processed: unknown = entity.process(value, undefined, undefined, args);
    return entity.pk(isObject(processed) ? processed : value, undefined, undefined, args) !== undefined;
  } catch {
    // A throwing process() is reported by the normal path.
    return true;
  }
}

/** A plain object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameFields(value: Record<string, unknown>, params: Record<string, unknown>, names: readonly string[]): boolean {
  return Object.keys(value).length === names.length && names.every((name) => hasOwn(value, name) && Object.is(value[name], params[name]));
}
