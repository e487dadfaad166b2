/** Writes the endpoints of a tag's module (`RestEndpoint`), and the options resources share with them. */
import type { Components } from './components';
import type { CodegenConfig } from './config';
import type { EntityFields } from './entityFields';
import type { Warnings } from './errors';
import { emitErrorType } from './errorTypes';
import { pathTemplate, propertyKey, tsdoc, type NameRegistry } from './names';
import type { EndpointPlan } from './plan';
import { follow } from './read';
import { mappedRequirement, securedOption, securityWhenSet, type Scheme } from './security';
import type { JsonSchema, Operation, Param } from './types';
import type { WireTypes } from './wireType';

const PAGE_PARAMS = ['page', 'cursor', 'after', 'offset', 'pageToken', 'page_token', 'starting_after'];
/** Query parameters that choose a page of a list rather than which items belong to it. */
const PAGING_PARAMS = [...PAGE_PARAMS, 'limit', 'per_page', 'perPage', 'pageSize', 'page_size'];
const PRIMITIVE_LEAF: Record<string, string> = { string: "''", integer: '0', number: '0', boolean: 'false' };

export interface EmitContext {
  readonly components: Components;
  readonly wire: WireTypes;
  readonly entities: EntityFields;
  readonly names: NameRegistry;
  readonly warnings: Warnings;
  readonly schemes: Map<string, Scheme>;
  readonly config: CodegenConfig;
}

/** `{ limit?: number; tags?: Array<string> }` for query parameters, `undefined` for none. */
export function paramsType(ctx: EmitContext, params: readonly Param[]): string | undefined {
  if (params.length === 0) return undefined;
  const fields = params.map((p) => `${tsdoc(p.description)}${propertyKey(p.name)}${p.required ? '' : '?'}: ${ctx.wire.type(p.schema)};`);
  return `{ ${fields.join('\n')} }`;
}

/** The type-only `headerParams` / `cookieParams` options and `...secured(…)`: what goes into a request besides its URL and body. */
export function requestOptions(ctx: EmitContext, op: Operation, withSecurity = true): string[] {
  const options: string[] = [];
  const headers = paramsType(ctx, op.headerParams);
  const cookies = paramsType(ctx, op.cookieParams);
  if (headers) options.push(`headerParams: {} as ${headers}`);
  if (cookies) options.push(`cookieParams: {} as ${cookies}`);
  const security = withSecurity ? securityOf(ctx, op) : undefined;
  if (security) options.push(security);
  return options;
}

export function securityOf(ctx: EmitContext, op: Operation): string | undefined {
  const requirement = mappedRequirement(securityWhenSet(op, ctx.schemes, ctx.config.authWhenSet === true), ctx.schemes);
  return requirement ? securedOption(requirement) : undefined;
}

export function bodyOption(ctx: EmitContext, op: Operation): string | undefined {
  if (op.method === 'get' || op.method === 'delete') return undefined;
  if (!op.body) return 'body: undefined';
  if (op.body.form) return 'body: {} as FormData';
  return `body: {} as ${ctx.wire.type(op.body.schema)}`;
}

/**
 * The response schema: Entities as they are, lists of them as a Collection on GETs, wrapped
 * lists as an object schema whose required primitive fields are typed by leaf values.
 */
export function responseSchema(ctx: EmitContext, op: Operation): string | undefined {
  const response = op.response;
  if (!response) return undefined;
  const mapped = ctx.entities.map(response);
  if (mapped.schema === undefined) return undefined;
  const collection = (s: string) => (op.method === 'get' && /^\[[A-Za-z_$][\w$]*\]$/.test(s) ? listCollection(op, s) : s);
  const resolved = follow(ctx.components.api.doc, response) ?? response;
  if (!resolved.properties || ctx.components.ofRef(response.$ref)?.kind === 'entity') return collection(mapped.schema);
  const required = new Set<string>(resolved.required ?? []);
  const entries = Object.entries<JsonSchema>(resolved.properties).flatMap(([name, property]) => {
    const nested = ctx.entities.map(property).schema;
    if (nested !== undefined) return [`${propertyKey(name)}: ${collection(nested)}`];
    const leaf = primitiveLeaf(property, required.has(name));
    return leaf ? [`${propertyKey(name)}: ${leaf}`] : [];
  });
  return `{ ${entries.join(', ')} }`;
}

/**
 * `new schema.Collection([Article])` for a list: its paging parameters (`limit`, `offset`, `page`…)
 * and the `order…` ones do not decide which items belong, so a create reaches a list loaded with
 * `{ limit: 20 }` as well as one loaded with `{}`.
 */
export function listCollection(op: Operation, items: string): string {
  const keys = op.queryParams.map((p) => p.name).filter((n) => PAGING_PARAMS.includes(n) || n.startsWith('order'));
  return `new schema.Collection(${items}${keys.length > 0 ? `, { nonFilterArgumentKeys: ${JSON.stringify(keys)} }` : ''})`;
}

/**
 * The leaf value that types a primitive field of a wrapped list: `0` when required, and cast to
 * what may arrive otherwise (`'' as string | null | undefined` for an optional nullable cursor),
 * so optional and nullable fields such as `next` are kept too.
 */
function primitiveLeaf(property: JsonSchema | undefined, required: boolean): string | undefined {
  const types: unknown[] = Array.isArray(property?.type) ? property.type : [property?.type];
  const primitive = types.filter((t) => t !== 'null');
  const leaf = primitive.length === 1 ? PRIMITIVE_LEAF[String(primitive[0])] : undefined;
  if (!leaf || !property) return undefined;
  const nullable = property.nullable === true || types.includes('null');
  if (required && !nullable) return leaf;
  // The base type, not the wire type: an enum's literals would not accept the '' leaf.
  const base = String(primitive[0]) === 'integer' ? 'number' : String(primitive[0]);
  return `${leaf} as ${[base, ...(nullable ? ['null'] : []), ...(required ? [] : ['undefined'])].join(' | ')}`;
}

export function pageField(op: Operation, schemaCode: string | undefined): string | undefined {
  if (op.method !== 'get' || !schemaCode?.includes('Collection')) return undefined;
  return op.queryParams.map((p) => p.name).find((n) => PAGE_PARAMS.includes(n));
}

/** The options of a `RestEndpoint` for one operation. */
function endpointOptions(ctx: EmitContext, op: Operation, name: string): string[] {
  const schemaCode = responseSchema(ctx, op);
  const search = paramsType(ctx, op.queryParams);
  const page = pageField(op, schemaCode);
  const body = bodyOption(ctx, op);
  const options = ['urlPrefix', `path: ${JSON.stringify(pathTemplate(op.path).template)}`];
  if (op.method !== 'get') options.push(`method: '${op.method.toUpperCase()}'`);
  options.push(`name: ${JSON.stringify(name)}`);
  if (schemaCode) options.push(`schema: ${schemaCode}`);
  else if (op.response && op.method !== 'delete') {
    const type = ctx.wire.type(op.response);
    if (type !== 'unknown') options.push(`process: (value: unknown) => value as ${type}`);
  }
  if (search) options.push(`searchParams: {} as ${search}`);
  if (page) options.push(`paginationField: ${JSON.stringify(page)}`);
  if (body) options.push(body);
  return [...options, ...requestOptions(ctx, op)];
}

export function opDoc(op: Operation, extra?: string): string {
  return tsdoc(op.summary, op.description, op.deprecated ? '@deprecated' : undefined, extra);
}

export function emitEndpoint(ctx: EmitContext, { ident, op }: EndpointPlan): string {
  const endpoint = `${opDoc(op, `\`${op.method.toUpperCase()} ${op.path}\``)}export const ${ident} = new RestEndpoint({ ${endpointOptions(ctx, op, ident).join(',\n')} });`;
  return [endpoint, emitErrorType(ctx, op)].filter(Boolean).join('\n\n');
}
