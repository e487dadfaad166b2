/** Writes `models.ts`: plain JSON types for every component schema, Entity classes and Unions. */
import type { Component, Components } from './components';
import type { EntityFields, Field } from './entityFields';
import { pointerKey, type Warnings } from './errors';
import { propertyKey, tsdoc } from './names';
import type { WireTypes } from './wireType';

/** Instance members of `Entity` that a field must not replace. */
const ENTITY_MEMBERS = new Set(['pk', 'constructor']);

const HELPERS = {
  toDate: '/** Reads an ISO 8601 date or date-time. */\nconst toDate = (iso: string) => new Date(iso);',
  toDateOrNull: '/** Reads an ISO 8601 date or date-time, keeping `null`. */\nconst toDateOrNull = (iso: string | null) => (iso === null ? null : new Date(iso));',
};

interface EntityCode {
  readonly component: Component;
  readonly fields: Field[];
  readonly detailFields: readonly string[];
}

/**
 * `summaries`: per Entity, the fields lists leave out of their items (partialEntity.ts), which its
 * class names in `detailFields`.
 */
export function emitModels(components: Components, wire: WireTypes, entities: EntityFields, summaries: ReadonlyMap<Component, readonly string[]>, warnings: Warnings): string {
  const types = components.list.map((c) => `${tsdoc(c.schema.title, c.schema.description)}export type ${c.dataName} = ${wireOf(c, components, wire)};`);
  const codes = components.list.filter((c) => c.kind === 'entity').map((c) => ({ component: c, fields: fieldsOf(c, entities, warnings), detailFields: summaries.get(c) ?? [] }));
  const ordered = orderByDependencies(codes);
  const declared = new Set<string>();
  const classes: string[] = [];
  const deferred: string[] = [];
  for (const code of ordered) {
    const entries = code.fields.filter((f) => f.schema !== undefined);
    // A schema that refers to a class declared further down (a cycle) or to a Union (declared
    // after every class) is assigned once everything exists: class bodies run in order.
    const inBody = entries.every((f) => f.refs.every((r) => declared.has(r) || r === 'toDate' || r === 'toDateOrNull'));
    declared.add(code.component.ident);
    classes.push(classOf(code, inBody));
    if (!inBody) deferred.push(`${code.component.ident}.schema = ${schemaLiteral(code.fields)};`);
  }
  const unions = components.list.filter((c) => c.kind === 'union').map((c) => unionOf(c, components));
  const helpers = (Object.keys(HELPERS) as (keyof typeof HELPERS)[]).filter((h) => codes.some((c) => c.fields.some((f) => f.helper === h)));
  const imports = [classes.length > 0 ? 'Entity' : '', unions.length > 0 ? 'schema' : ''].filter(Boolean);
  const cycleNote = deferred.length > 0 ? ['// Schemas that refer to Unions or to classes declared later (cycles), set once all exist.', ...deferred] : [];
  return [
    imports.length > 0 ? `import { ${imports.join(', ')} } from 'rtk-rest';` : 'export {};',
    ...helpers.map((h) => HELPERS[h]),
    ...types,
    ...classes,
    ...unions,
    ...cycleNote,
  ].join('\n\n');
}

function wireOf(component: Component, components: Components, wire: WireTypes): string {
  if (component.kind === 'union') return component.union!.members.map(([, name]) => components.byComponentName(name)!.dataName).filter((n, i, all) => all.indexOf(n) === i).join(' | ');
  return wire.type(component.schema);
}

function fieldsOf(component: Component, entities: EntityFields, warnings: Warnings): Field[] {
  const required = new Set<string>(component.schema.required ?? []);
  const fields: Field[] = [];
  for (const [name, property] of Object.entries<any>(component.schema.properties ?? {})) {
    if (ENTITY_MEMBERS.has(name)) {
      warnings.add(`${component.pointer}/properties/${pointerKey(name)}`, 'field named like an Entity member', `${component.name}.${name} is not a class field (it would replace Entity's ${name}); it stays in the data`);
      continue;
    }
    fields.push(entities.field(name, property ?? {}, required.has(name) || component.pk.includes(name)));
  }
  return fields;
}

function schemaLiteral(fields: Field[]): string {
  const keyed = fields.filter((f) => f.schema !== undefined).map((f) => `${f.key}: ${f.schema}`);
  return `{ ${keyed.join(', ')} }`;
}

function classOf({ component, fields, detailFields }: EntityCode, inBody: boolean): string {
  const pk = component.pk.map((f) => `this${/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(f) ? `.${f}` : `[${JSON.stringify(f)}]`}`);
  const pkBody = pk.length === 1 ? `\`\${${pk[0]}}\`` : `[${pk.join(', ')}].join(',')`;
  const hasSchema = fields.some((f) => f.schema !== undefined);
  const statics = [
    `static override key = ${JSON.stringify(component.name)};`,
    detailFields.length > 0 ? `/** Fields lists leave out of their items: one stored without them is a summary, which a detail read fetches. */\nstatic override detailFields = ${JSON.stringify(detailFields)};` : '',
    hasSchema && inBody ? `static override schema = ${schemaLiteral(fields)};` : '',
  ];
  return `${tsdoc(component.schema.title, component.schema.description)}export class ${component.ident} extends Entity {
${fields.map((f) => f.code).join('\n')}
pk() { return ${pkBody}; }
${statics.filter(Boolean).join('\n')}
}`;
}

function unionOf(component: Component, components: Components): string {
  const { field, members } = component.union!;
  const entries = members.map(([value, name]) => `${propertyKey(value)}: ${components.byComponentName(name)!.ident}`);
  return `${tsdoc(component.schema.description)}export const ${component.ident} = new schema.Union({ ${entries.join(', ')} }, ${JSON.stringify(field)});`;
}

/** Classes whose schemas refer to others come after them, where there is no cycle. */
function orderByDependencies(codes: EntityCode[]): EntityCode[] {
  const byIdent = new Map(codes.map((c) => [c.component.ident, c]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: EntityCode[] = [];
  const visit = (code: EntityCode) => {
    const ident = code.component.ident;
    if (done.has(ident) || visiting.has(ident)) return;
    visiting.add(ident);
    for (const ref of code.fields.flatMap((f) => f.refs)) {
      const dep = byIdent.get(ref);
      if (dep) visit(dep);
    }
    visiting.delete(ident);
    done.add(ident);
    out.push(code);
  };
  codes.forEach(visit);
  return out;
}
