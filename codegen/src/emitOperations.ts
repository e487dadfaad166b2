/** Writes the module of one tag: its resources (`createResource`) and endpoints (`RestEndpoint`). */
import type { Components } from './components';
import type { CodegenConfig } from './config';
import type { EntityFields } from './entityFields';
import type { Warnings } from './errors';
import { emitErrorType } from './errorTypes';
import { camelCase, pathTemplate, propertyKey, tsdoc, type NameRegistry } from './names';
import type { EndpointPlan, MemberName, ResourcePlan } from './plan';
import { follow } from './read';
import { mappedRequirement, securedOption, type Scheme } from './security';
import type { JsonSchema, Operation, Param } from './types';
import type { WireTypes } from './wireType';

const PAGE_PARAMS = ['page', 'cursor', 'after', 'offset', 'pageToken', 'page_token', 'starting_after'];
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
function paramsType(ctx: EmitContext, params: readonly Param[]): string | undefined {
  if (params.length === 0) return undefined;
  const fields = params.map((p) => `${tsdoc(p.description)}${propertyKey(p.name)}${p.required ? '' : '?'}: ${ctx.wire.type(p.schema)};`);
  return `{ ${fields.join('\n')} }`;
}

/** The type-only `headerParams` / `cookieParams` options and `...secured(…)`: what goes into a request besides its URL and body. */
function requestOptions(ctx: EmitContext, op: Operation, withSecurity = true): string[] {
  const options: string[] = [];
  const headers = paramsType(ctx, op.headerParams);
  const cookies = paramsType(ctx, op.cookieParams);
  if (headers) options.push(`headerParams: {} as ${headers}`);
  if (cookies) options.push(`cookieParams: {} as ${cookies}`);
  const security = withSecurity ? securityOf(ctx, op) : undefined;
  if (security) options.push(security);
  return options;
}

function securityOf(ctx: EmitContext, op: Operation): string | undefined {
  const requirement = mappedRequirement(op.security, ctx.schemes);
  return requirement ? securedOption(requirement) : undefined;
}

function bodyOption(ctx: EmitContext, op: Operation): string | undefined {
  if (op.method === 'get' || op.method === 'delete') return undefined;
  if (!op.body) return 'body: undefined';
  if (op.body.form) return 'body: {} as FormData';
  return `body: {} as ${ctx.wire.type(op.body.schema)}`;
}

/**
 * The response schema: Entities as they are, lists of them as a Collection on GETs, wrapped
 * lists as an object schema whose required primitive fields are typed by leaf values.
 */
function responseSchema(ctx: EmitContext, op: Operation): string | undefined {
  const response = op.response;
  if (!response) return undefined;
  const mapped = ctx.entities.map(response);
  if (mapped.schema === undefined) return undefined;
  const collection = (s: string) => (op.method === 'get' && /^\[[A-Za-z_$][\w$]*\]$/.test(s) ? `new schema.Collection(${s})` : s);
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

function pageField(op: Operation, schemaCode: string | undefined): string | undefined {
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

function opDoc(op: Operation, extra?: string): string {
  return tsdoc(op.summary, op.description, op.deprecated ? '@deprecated' : undefined, extra);
}

export function emitEndpoint(ctx: EmitContext, { ident, op }: EndpointPlan): string {
  const endpoint = `${opDoc(op, `\`${op.method.toUpperCase()} ${op.path}\``)}export const ${ident} = new RestEndpoint({ ${endpointOptions(ctx, op, ident).join(',\n')} });`;
  return [endpoint, emitErrorType(ctx, op)].filter(Boolean).join('\n\n');
}

/**
 * A resource member, extended where the operation differs from the resource's options: a
 * `get` with its own query parameters, an update whose body is not the resource's `body`.
 */
function memberValue(ctx: EmitContext, name: MemberName, op: Operation, getter: string, resource: { body?: string; security?: string }): string {
  const own: string[] = [];
  const search = name === 'get' ? paramsType(ctx, op.queryParams) : undefined;
  if (search) own.push(`searchParams: {} as ${search}`);
  const body = name === 'update' || name === 'partialUpdate' ? bodyOption(ctx, op) : undefined;
  if (body && body !== resource.body && body !== 'body: undefined') own.push(body);
  own.push(...requestOptions(ctx, op, false));
  const security = securityOf(ctx, op);
  // The resource holds the members' credentials only when all share them; else each has its own.
  if (security && security !== resource.security) own.push(security);
  return own.length > 0 ? `${getter}.extend({ ${own.join(', ')} })` : getter;
}

export function emitResource(ctx: EmitContext, plan: ResourcePlan): string {
  const { members, component } = plan;
  const base = ctx.names.claim(`${camelCase(plan.ident)}Base`);
  const list = members.getList;
  const bodyOp = members.create ?? members.update ?? members.partialUpdate;
  const body = bodyOp ? bodyOption(ctx, bodyOp) : undefined;
  const search = list ? paramsType(ctx, list.queryParams) : undefined;
  const page = list ? pageField(list, 'Collection') : undefined;
  // The item parameter is named after the pk field: `delete` and an empty `update` answer
  // build the entity from the URL parameters, so `pk()` must find its field there.
  const pkField = plan.pkParam && /^[A-Za-z_$][\w$]*$/.test(component.pk[0]!) ? component.pk[0] : undefined;
  const template = pathTemplate(plan.itemPath, pkField).template;
  if (new Set(template.match(/:[\w$]+/g)).size !== (template.match(/:[\w$]+/g) ?? []).length) {
    ctx.warnings.add(component.pointer, 'resource parameter clashes with its pk', `${plan.itemPath}: another parameter is named ${pkField}; delete needs the answer to hold the pk`);
  }
  const options = ['urlPrefix', `path: ${JSON.stringify(template)}`, `schema: ${component.ident}`];
  if (search) options.push(`searchParams: {} as ${search}`);
  if (page) options.push(`paginationField: ${JSON.stringify(page)}`);
  if (body && body !== 'body: undefined') options.push(body);
  // Credentials shared by every member go to the resource; a member that differs extends its own.
  const securities = Object.values(members).map((op) => securityOf(ctx, op));
  const security = securities.every((s) => s === securities[0]) ? securities[0] : undefined;
  if (security) options.push(security);
  const getter: Record<MemberName, string> = {
    get: `${base}.get`,
    getList: `${base}.getList`,
    create: `${base}.getList.push`,
    update: `${base}.update`,
    partialUpdate: `${base}.partialUpdate`,
    delete: `${base}.delete`,
  };
  const entries = (Object.keys(getter) as MemberName[]).flatMap((name) => {
    const op = members[name];
    if (!op) return [];
    return [`${opDoc(op, `\`${op.method.toUpperCase()} ${op.path}\``)}${name}: ${memberValue(ctx, name, op, getter[name], { body, security })}`];
  });
  return `const ${base} = createResource({ ${options.join(',\n')} });

${tsdoc(`The ${component.name} endpoints the API has (the members of \`createResource\` it describes).`)}export const ${plan.ident} = { ${entries.join(',\n')} };${Object.values(members)
    .map((op) => emitErrorType(ctx, op))
    .filter(Boolean)
    .map((code) => `\n\n${code}`)
    .join('')}`;
}
