/** Writes a resource: `createResource` and the object of the members the description has. */
import { emitErrorType } from './errorTypes';
import { bodyOption, type EmitContext, listCollection, opDoc, pageField, paramsType, requestOptions, responseSchema, securityOf } from './emitOperations';
import { camelCase, pathTemplate, propertyKey, tsdoc } from './names';
import type { MemberName, ResourcePlan } from './plan';
import type { Operation } from './types';

interface Shared {
  readonly body?: string;
  readonly security?: string;
}

/**
 * A resource member, extended where the operation differs from the resource's options: a
 * `get` with its own query parameters, an update whose body is not the resource's `body`, an
 * answer that wraps the Entity (`{ article: {…} }`, unwrapped by `process`, so that the member
 * answers the Entity and a create reaches the stored lists).
 */
function memberValue(ctx: EmitContext, plan: ResourcePlan, name: MemberName, op: Operation, getter: string, resource: Shared, own: string[] = []): string {
  const search = name === 'get' ? paramsType(ctx, op.queryParams) : undefined;
  if (search) own.push(`searchParams: {} as ${search}`);
  const body = name === 'update' || name === 'partialUpdate' ? bodyOption(ctx, op) : undefined;
  if (body && body !== resource.body && body !== 'body: undefined') own.push(body);
  const wrapper = plan.wrappers[name];
  if (wrapper !== undefined) own.push(`process: (value: ${ctx.wire.type(op.response)}) => value${/^[A-Za-z_$][\w$]*$/.test(wrapper) ? `.${wrapper}` : `[${JSON.stringify(wrapper)}]`}`);
  own.push(...requestOptions(ctx, op, false));
  const security = securityOf(ctx, op);
  // The resource holds the members' credentials only when all share them; else each has its own.
  if (security && security !== resource.security) own.push(security);
  return own.length > 0 ? `${getter}.extend({ ${own.join(', ')} })` : getter;
}

/**
 * The list's schema when it is not the resource's own `Collection([Entity])`: a wrapped list
 * (`{ articles: Collection, articlesCount: 0 }`), or a list whose paging parameters must not
 * filter (a create reaches `{ limit: 20 }` lists too).
 */
function listSchema(ctx: EmitContext, plan: ResourcePlan, list: Operation): string | undefined {
  const code = responseSchema(ctx, list);
  const own = listCollection({ ...list, queryParams: [] }, `[${plan.component.ident}]`);
  return code === own ? undefined : code;
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
  // `create` is the list's `push`, so it is the push of the list as generated (its schema, its paging).
  const ownList = list ? listSchema(ctx, plan, list) : undefined;
  const listValue = list ? memberValue(ctx, plan, 'getList', list, `${base}.getList`, { body, security }, ownList ? [`schema: ${ownList}`] : []) : undefined;
  const listName = listValue && listValue !== `${base}.getList` ? ctx.names.claim(`${camelCase(plan.ident)}List`) : `${base}.getList`;
  const getter: Record<MemberName, string> = {
    get: `${base}.get`,
    getList: listName,
    create: `${listName}.push`,
    update: `${base}.update`,
    partialUpdate: `${base}.partialUpdate`,
    delete: `${base}.delete`,
  };
  const entries = (Object.keys(getter) as MemberName[]).flatMap((name) => {
    const op = members[name];
    if (!op) return [];
    const value = name === 'getList' ? listName : memberValue(ctx, plan, name, op, getter[name], { body, security });
    return [`${opDoc(op, `\`${op.method.toUpperCase()} ${op.path}\``)}${propertyKey(name)}: ${value}`];
  });
  const listCode = listName !== `${base}.getList` ? `\n\nconst ${listName} = ${listValue};` : '';
  return `const ${base} = createResource({ ${options.join(',\n')} });${listCode}

${tsdoc(`The ${component.name} endpoints the API has (the members of \`createResource\` it describes).`)}export const ${plan.ident} = { ${entries.join(',\n')} };${Object.values(members)
    .map((op) => emitErrorType(ctx, op))
    .filter(Boolean)
    .map((code) => `\n\n${code}`)
    .join('')}`;
}
