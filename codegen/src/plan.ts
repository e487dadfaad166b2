/** Groups operations: CRUD-looking path pairs become resources, everything else endpoints. */
import type { Component, Components } from './components';
import type { CodegenConfig, OperationFilter } from './config';
import { inlineEntity } from './inlineEntity';
import { camelCase, type NameRegistry, pascalCase } from './names';
import { follow } from './read';
import type { JsonSchema, Operation } from './types';

export type MemberName = 'get' | 'getList' | 'create' | 'update' | 'partialUpdate' | 'delete';

export interface ResourcePlan {
  readonly ident: string;
  readonly component: Component;
  /** The item path (`/pets/{petId}`); the list path is it without its last segment. */
  readonly itemPath: string;
  readonly members: Partial<Record<MemberName, Operation>>;
  /** Whether the item parameter holds the Entity's pk (it is then named after the pk field). */
  readonly pkParam: boolean;
  /** The property single answers wrap the Entity in (`{ article: Article }`), per member. */
  readonly wrappers: Partial<Record<MemberName, string>>;
}

export interface EndpointPlan {
  readonly ident: string;
  readonly op: Operation;
}

export interface Plan {
  readonly resources: ResourcePlan[];
  readonly endpoints: EndpointPlan[];
}

function matches(op: Operation, filter: OperationFilter | undefined): boolean {
  if (!filter) return false;
  return (filter.tags ?? []).some((t) => op.tags.includes(t)) || (op.operationId !== undefined && (filter.operations ?? []).includes(op.operationId));
}

/** The operations `include` and `exclude` keep. */
export function selectOperations(operations: readonly Operation[], config: CodegenConfig): Operation[] {
  return operations.filter((op) => (!config.include || matches(op, config.include)) && !matches(op, config.exclude));
}

/** The Entity (or Union of Entities) an answer is or lists, and the property it is wrapped in. */
interface Answer {
  readonly component: Component;
  readonly wrapper?: string;
}

/** The Entity or Union a schema is: a `$ref` to it, or an inline object with its fields. */
function entityOf(components: Components, schema: JsonSchema | undefined): Component | undefined {
  const component = components.ofRef(schema?.$ref ?? follow(components.api.doc, schema)?.$ref);
  if (component) return component.kind !== 'type' ? component : undefined;
  return schema ? inlineEntity(components, schema)?.component : undefined;
}

/** The single Entity a response is, as it is or alone in an object (`{ article: Article }`). */
function singleAnswer(components: Components, op: Operation | undefined): Answer | undefined {
  const schema = op?.response;
  const direct = components.ofRef(schema?.$ref);
  if (direct?.kind === 'entity' || direct?.kind === 'union') return { component: direct };
  return wrapped(components, follow(components.api.doc, schema), false);
}

/** The Entity a list response lists: an array of it, or an object with one such array and other leaves (`{ articles, articlesCount }`). */
function listAnswer(components: Components, op: Operation | undefined): Answer | undefined {
  const schema = follow(components.api.doc, op?.response);
  if (schema?.type === 'array' || schema?.items) {
    const component = entityOf(components, schema.items);
    return component ? { component } : undefined;
  }
  return wrapped(components, schema, true);
}

function wrapped(components: Components, schema: JsonSchema | undefined, list: boolean): Answer | undefined {
  const entries = Object.entries<JsonSchema>(schema?.properties ?? {});
  const holding = entries.flatMap(([name, property]) => {
    const value = follow(components.api.doc, property);
    const component = list ? (value?.type === 'array' || value?.items ? entityOf(components, value.items) : undefined) : entityOf(components, property);
    return component ? [{ component, wrapper: name }] : [];
  });
  // A single answer is the wrapper alone; a list may have counts and cursors beside its items.
  if (holding.length !== 1 || (!list && entries.length !== 1)) return undefined;
  return holding[0];
}

export function planOperations(operations: Operation[], components: Components, config: CodegenConfig, names: NameRegistry): Plan {
  const byPath = new Map<string, Map<string, Operation>>();
  for (const op of operations) {
    if (!byPath.has(op.path)) byPath.set(op.path, new Map());
    byPath.get(op.path)!.set(op.method, op);
  }
  const used = new Set<Operation>();
  const resources: ResourcePlan[] = [];
  for (const [itemPath, ops] of byPath) {
    const last = /^(.+)\/\{[^}]+\}$/.exec(itemPath);
    if (!last) continue;
    const list = byPath.get(last[1]!);
    const got = singleAnswer(components, ops.get('get'));
    const listed = listAnswer(components, list?.get('get'));
    // Without a GET of the item, a list of the Entity and a change of the item by its pk make a resource (comments: list, add, delete).
    const component = got?.component ?? (listed && isPkParam(itemPath, listed.component) && ['put', 'patch', 'delete'].some((m) => ops.has(m)) ? listed.component : undefined);
    if (!component) continue;
    const members: ResourcePlan['members'] = {};
    const wrappers: ResourcePlan['wrappers'] = {};
    const take = (name: MemberName, op: Operation | undefined, answer: Answer | undefined) => {
      members[name] = op;
      if (answer?.wrapper !== undefined && name !== 'getList') wrappers[name] = answer.wrapper;
    };
    if (got) take('get', ops.get('get'), got);
    if (listed?.component === component) take('getList', list!.get('get'), listed);
    const created = singleAnswer(components, list?.get('post'));
    if (created?.component === component) take('create', list!.get('post'), created);
    // `delete` (and an update answered without a body) build the entity from the URL
    // parameters; where the item parameter is not the pk (`/repos/{owner}/{repo}` of a
    // repository keyed by `id`), those operations stay plain endpoints.
    const pkParam = isPkParam(itemPath, component);
    for (const [method, member] of [['put', 'update'], ['patch', 'partialUpdate']] as const) {
      const op = ops.get(method);
      const answer = singleAnswer(components, op);
      if (op && (pkParam || answer?.component === component)) take(member, op, answer?.component === component ? answer : undefined);
    }
    if (ops.get('delete') && pkParam) take('delete', ops.get('delete'), undefined);
    Object.values(members).forEach((op) => used.add(op));
    resources.push({ ident: names.claim(`${component.ident}${config.resourceSuffix ?? 'Resource'}`), component, itemPath, members, pkParam, wrappers });
  }
  const endpoints = operations.filter((op) => !used.has(op)).map((op) => ({ ident: names.claim(endpointName(op, config)), op }));
  return { resources, endpoints };
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** `{id}`, `{petId}` or `{pet_id}` for a `Pet` keyed by `id`: the last parameter names the pk. */
function isPkParam(itemPath: string, component: Component): boolean {
  const param = /\{([^}]+)\}$/.exec(itemPath)?.[1];
  if (param === undefined || component.pk.length !== 1) return false;
  const pk = squash(component.pk[0]!);
  return [pk, squash(component.name) + pk, squash(component.ident) + pk].includes(squash(param));
}

/** The configured name, else the `operationId`, else the method and the path: `getPetsPetId`. */
export function endpointName(op: Operation, config: CodegenConfig): string {
  const configured = op.operationId === undefined ? undefined : config.names?.[op.operationId];
  if (configured) return configured;
  if (op.operationId) return camelCase(op.operationId);
  return camelCase(`${op.method} ${op.path.split('/').map((s) => pascalCase(s.replace(/[{}]/g, ''))).join(' ')}`);
}
