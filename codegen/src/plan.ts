/** Groups operations: CRUD-looking path pairs become resources, everything else endpoints. */
import type { Component, Components } from './components';
import type { CodegenConfig, OperationFilter } from './config';
import { camelCase, type NameRegistry, pascalCase } from './names';
import { follow } from './read';
import type { Operation } from './types';

export type MemberName = 'get' | 'getList' | 'create' | 'update' | 'partialUpdate' | 'delete';

export interface ResourcePlan {
  readonly ident: string;
  readonly component: Component;
  /** The item path (`/pets/{petId}`); the list path is it without its last segment. */
  readonly itemPath: string;
  readonly members: Partial<Record<MemberName, Operation>>;
  /** Whether the item parameter holds the Entity's pk (it is then named after the pk field). */
  readonly pkParam: boolean;
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

/** The Entity (or Union of Entities) a response is, or is a list of. */
function responseComponent(components: Components, op: Operation | undefined, list: boolean): Component | undefined {
  let schema = op?.response;
  if (list) schema = schema?.type === 'array' || schema?.items ? schema.items : undefined;
  const component = components.ofRef(schema?.$ref ?? follow(components.api.doc, schema)?.$ref);
  return component && component.kind !== 'type' ? component : undefined;
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
    const component = responseComponent(components, ops.get('get'), false);
    if (!last || !component) continue;
    const list = byPath.get(last[1]!);
    const members: ResourcePlan['members'] = { get: ops.get('get') };
    if (responseComponent(components, list?.get('get'), true) === component) members.getList = list!.get('get');
    if (responseComponent(components, list?.get('post'), false) === component) members.create = list!.get('post');
    // `delete` (and an update answered without a body) build the entity from the URL
    // parameters; where the item parameter is not the pk (`/repos/{owner}/{repo}` of a
    // repository keyed by `id`), those operations stay plain endpoints.
    const pkParam = isPkParam(itemPath, component);
    for (const [method, member] of [['put', 'update'], ['patch', 'partialUpdate']] as const) {
      const op = ops.get(method);
      if (op && (pkParam || responseComponent(components, op, false) === component)) members[member] = op;
    }
    if (ops.get('delete') && pkParam) members.delete = ops.get('delete');
    Object.values(members).forEach((op) => used.add(op));
    resources.push({ ident: names.claim(`${component.ident}${config.resourceSuffix ?? 'Resource'}`), component, itemPath, members, pkParam });
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
