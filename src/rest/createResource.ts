import { ArraySchema, CollectionSchema, InvalidateSchema, isEntityClass, isUnion, toNode } from '../schema';
import { createOptimistic, fallbackToParams, fallbackToSent, parsePkText, patchOptimistic, removeOptimistic, sentOptimistic } from './memberBehaviour';
import { compilePath } from './path';
import { deriveEndpoint, RestEndpoint } from './RestEndpoint';
import type { Resource, ResourceMembers, ResourceOptions } from './resourceTypes';

type Members = Record<string, unknown>;
type Extension = Record<string, Record<string, unknown>> | ((base: Members) => Members);

const TYPE_ONLY = ['searchParams', 'body'] as const;

/**
 * The implementation of `createResource`, typed loosely; the public signature is applied once
 * below.
 */
export function createResourceImpl(options: ResourceOptions): Members {
  const { path, schema, optimistic, Endpoint = RestEndpoint, Collection = CollectionSchema, ...shared } = options as ResourceOptions & Record<string, any>;
  if (!isClassOf(Endpoint, RestEndpoint)) {
    throw new TypeError(`createResource: bad Endpoint option${process.env.NODE_ENV !== 'production' ? ': it must be RestEndpoint or a class that extends it' : ''}`);
  }
  if (!isClassOf(Collection, CollectionSchema)) {
    throw new TypeError(`createResource: bad Collection option${process.env.NODE_ENV !== 'production' ? ': it must be schema.Collection or a class that extends it' : ''}`);
  }
  for (const lower of ['endpoint', 'collection'] as const) {
    if (typeof shared[lower] === 'function') {
      if (process.env.NODE_ENV !== 'production') console.warn(`[rtk-rest] createResource: option "${lower}" is ignored; did you mean "${lower[0]!.toUpperCase()}${lower.slice(1)}"?`);
      delete shared[lower];
    }
  }
  for (const key of TYPE_ONLY) delete shared[key];
  if (typeof path !== 'string') throw new Error('RestEndpoint: path is required');
  const item = compilePath(path);
  // listTemplate() throws createResource's error for a template without parameters.
  const list = compilePath(item.listTemplate());
  const entityName = isEntityClass(schema) ? schema.key : (toNode(schema)?.describe() ?? 'Resource');
  const baseProcess = (shared.process ?? Endpoint.prototype.process) as (value: unknown, ...args: unknown[]) => unknown;
  const baseParse = (shared.parseResponse ?? Endpoint.prototype.parseResponse) as (response: Response) => Promise<unknown>;
  const withOptimistic = (response: unknown) => (optimistic ? { getOptimisticResponse: response } : {});
  // A collection needs entity items; any other item schema is listed as a plain array.
  const entityItems = isEntityClass(schema) || isUnion(schema);
  // One function for both updates: it keeps no state of its own (`this` is the calling endpoint).
  const sentProcess = fallbackToSent(item, baseProcess);

  const get = new Endpoint({ ...shared, path, schema, name: `${entityName}.get` });
  const getList = new Endpoint({
    ...shared,
    path: list.template,
    schema: entityItems ? new Collection([schema]) : new ArraySchema(schema),
    name: `${entityName}.getList`,
    ...withOptimistic(createOptimistic(list)),
  });
  const deleteSchema = entityItems ? new InvalidateSchema(schema) : schema;
  const members: Members = {
    get,
    getList,
    update: deriveEndpoint(get, {
      method: 'PUT',
      name: `${entityName}.update`,
      process: sentProcess,
      ...withOptimistic(sentOptimistic(item)),
    }),
    partialUpdate: deriveEndpoint(get, {
      method: 'PATCH',
      name: `${entityName}.partialUpdate`,
      process: sentProcess,
      ...withOptimistic(patchOptimistic(item, schema)),
    }),
    delete: deriveEndpoint(get, {
      method: 'DELETE',
      schema: deleteSchema,
      name: `${entityName}.delete`,
      process: fallbackToParams(item, baseProcess),
      parseResponse: parsePkText(baseParse),
      ...withOptimistic(removeOptimistic(item)),
    }),
  };
  return withExtend(members, entityName);
}

/** Whether `value` is `base` or a class that extends it. */
function isClassOf(value: unknown, base: abstract new (...args: any[]) => unknown): boolean {
  return value === base || (typeof value === 'function' && value.prototype instanceof base);
}

/** Adds `extend` in its three forms (see docs/concepts.md#resources); every form returns a new resource. */
function withExtend(members: Members, entityName: string): Members {
  const resource: Members = { ...members };
  Object.defineProperty(resource, 'extend', {
    value(nameOrExtension: string | Extension, options?: Record<string, unknown>): Members {
      const next: Members = { ...members };
      if (typeof nameOrExtension === 'string') {
        const existing = members[nameOrExtension];
        next[nameOrExtension] =
          existing instanceof RestEndpoint
            ? existing.extend(options ?? {})
            : (members.get as RestEndpoint).extend({ ...options, name: (options?.name as string | undefined) ?? `${entityName}.${nameOrExtension}` });
      } else if (typeof nameOrExtension === 'function') {
        Object.assign(next, nameOrExtension(resource));
      } else {
        for (const [name, memberOptions] of Object.entries(nameOrExtension)) {
          const existing = members[name];
          if (!(existing instanceof RestEndpoint)) {
            throw new TypeError(`createResource extend: "${name}" is not a member${process.env.NODE_ENV !== 'production' ? `; add it with extend("${name}", options)` : ''}`);
          }
          next[name] = existing.extend(memberOptions);
        }
      }
      return withExtend(next, entityName);
    },
    enumerable: false,
  });
  return resource;
}

/**
 * A group of CRUD endpoints sharing one path and schema (see docs/concepts.md#resources): `get`, `getList` (with
 * `push`, `unshift`, `getPage`), `update`, `partialUpdate`, `delete`, and `extend`. The list
 * template drops the last parameter (`/:group/posts/:id` → `/:group/posts`). Members are typed
 * from the options.
 *
 * @example
 * const PostResource = createResource({
 *   path: '/:group/posts/:id',
 *   schema: Post,
 *   urlPrefix: 'https://api.example.com',
 *   searchParams: {} as { author?: string },
 *   paginationField: 'page',
 * });
 * const posts = await store.dispatch(rest.fetch(PostResource.getList, { group: 'react', author: 'ann' }));
 * await store.dispatch(rest.fetch(PostResource.getList.push, { group: 'react' }, { title: 'new' }));
 * await store.dispatch(rest.fetch(PostResource.partialUpdate, { group: 'react', id: 5 }, { title: 'renamed' }));
 */
export const createResource = createResourceImpl as unknown as <const O extends ResourceOptions>(
  options: O,
) => Resource<ResourceMembers<O>>;
