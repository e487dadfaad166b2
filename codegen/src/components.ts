/** Classifies component schemas: Entities (they have a pk), discriminated Unions of Entities, plain types. */
import type { CodegenConfig } from './config';
import { CodegenError, pointerKey, type Warnings } from './errors';
import { type NameRegistry, pascalCase } from './names';
import { inferPk } from './inferPk';
import { follow } from './read';
import type { Api, JsonSchema } from './types';

export interface Component {
  /** The name in the description. */
  readonly name: string;
  readonly pointer: string;
  readonly kind: 'entity' | 'union' | 'type';
  /** The class, union constant or type name in the generated code. */
  readonly ident: string;
  /** The name of the plain-JSON type (what is sent and received on the wire). */
  readonly dataName: string;
  /** The schema with `allOf` parts merged (for Entities) or as written. */
  readonly schema: JsonSchema;
  readonly pk: readonly string[];
  /** For unions: discriminator values → component names, and the discriminator field. */
  readonly union?: { readonly field: string; readonly members: readonly (readonly [string, string])[] };
}

/** The component schemas of a description, classified, with lookup by `$ref`. */
export class Components {
  readonly list: Component[] = [];
  private readonly byName = new Map<string, Component>();
  /** Inline schemas the config's `inlineEntities` names the Entity of (an operation's list items). */
  readonly inlineNames = new WeakMap<JsonSchema, string>();

  constructor(
    readonly api: Api,
    config: CodegenConfig,
    names: NameRegistry,
    warnings: Warnings,
    private readonly file: string,
  ) {
    const kinds = new Map<string, { pk: string[]; merged: JsonSchema }>();
    for (const [name, schema] of Object.entries(api.schemas)) {
      const merged = this.merge(schema);
      const pk = this.pkOf(name, schema, merged, config, warnings);
      if (pk.length > 0) kinds.set(name, { pk, merged });
    }
    for (const [name, schema] of Object.entries(api.schemas)) {
      const ident = names.claim(pascalCase(name));
      const entity = kinds.get(name);
      const union = entity ? undefined : unionOf(api, schema, (n) => kinds.has(n));
      const kind = entity ? 'entity' : union ? 'union' : 'type';
      const component: Component = {
        name,
        pointer: `${api.refPrefix}${pointerKey(name)}`,
        kind,
        ident,
        dataName: kind === 'type' ? ident : names.claim(`${ident}Data`),
        schema: entity?.merged ?? schema,
        pk: entity?.pk ?? [],
        union,
      };
      this.list.push(component);
      this.byName.set(name, component);
    }
    for (const [operationId, name] of Object.entries(config.inlineEntities ?? {})) this.nameInline(operationId, name);
  }

  /** Marks the inline items (or the inline wrapped object) of an operation's answer as the Entity `name`. */
  private nameInline(operationId: string, name: string): void {
    const where = `#/inlineEntities/${pointerKey(operationId)}`;
    const op = this.api.operations.find((o) => o.operationId === operationId);
    if (!op) throw new CodegenError('the config', where, `no operation has the operationId "${operationId}"`);
    if (this.byName.get(name)?.kind !== 'entity') throw new CodegenError('the config', where, `"${name}" is not an Entity component (it needs a pk: "pk" in the config)`);
    const answer = follow(this.api.doc, op.response);
    const values = answer?.type === 'array' || answer?.items ? [answer.items] : Object.values<JsonSchema>(answer?.properties ?? {}).map((p) => (p?.type === 'array' || p?.items ? p.items : p));
    const inline = values.filter((v): v is JsonSchema => typeof v === 'object' && v !== null && typeof v.$ref !== 'string' && v.properties !== undefined);
    if (inline.length !== 1) throw new CodegenError('the config', where, `the answer of ${operationId} has ${inline.length} inline objects; name one with x-rtk-rest-entity in the description instead`);
    this.inlineNames.set(inline[0]!, name);
  }

  /** The component a `$ref` names, when it points at one. */
  ofRef(ref: unknown): Component | undefined {
    if (typeof ref !== 'string' || !ref.startsWith(this.api.refPrefix)) return undefined;
    const name = ref.slice(this.api.refPrefix.length).replace(/~1/g, '/').replace(/~0/g, '~');
    return this.byName.get(name) ?? this.byName.get(decodeURIComponent(name));
  }

  byComponentName(name: string): Component | undefined {
    return this.byName.get(name);
  }

  /** `allOf` parts (followed through `$ref`s) merged into one object schema. */
  merge(schema: JsonSchema, depth = 0): JsonSchema {
    if (!Array.isArray(schema.allOf) || depth > 10) return schema;
    const properties: Record<string, JsonSchema> = {};
    const required = new Set<string>();
    const { allOf, ...rest } = schema;
    for (const part of [...allOf, rest]) {
      const merged = this.merge(follow(this.api.doc, part) ?? {}, depth + 1);
      Object.assign(properties, merged.properties ?? {});
      for (const r of merged.required ?? []) required.add(r);
    }
    return { ...rest, type: 'object', properties, required: [...required] };
  }

  private pkOf(name: string, schema: JsonSchema, merged: JsonSchema, config: CodegenConfig, warnings: Warnings): string[] {
    const pointer = `${this.api.refPrefix}${pointerKey(name)}`;
    const configured = config.pk?.[name];
    const extension = schema['x-rtk-rest-pk'] as unknown;
    const wanted = configured ?? extension;
    const properties: JsonSchema = merged.properties ?? {};
    if (wanted !== undefined) {
      const fields = typeof wanted === 'string' ? [wanted] : Array.isArray(wanted) ? wanted.map(String) : [];
      const missing = fields.filter((f) => !(f in properties));
      if (fields.length > 0 && missing.length === 0) return fields;
      const where = configured !== undefined ? 'the config\'s "pk"' : 'x-rtk-rest-pk';
      if (configured !== undefined) throw new CodegenError(this.file, pointer, `${where} names ${missing.join(', ') || 'no field'}, which ${name} does not have; its fields are ${Object.keys(properties).join(', ') || 'none'}`);
      warnings.add(pointer, 'x-rtk-rest-pk names a missing field', `${where} of ${name} names ${missing.join(', ') || 'no field'}; generated as a plain type`);
      return [];
    }
    const field = config.pkField ?? 'id';
    const pkSchema = follow(this.api.doc, properties[field]);
    const pkType = pkSchema?.type;
    if (pkSchema && (pkType === 'string' || pkType === 'integer' || pkType === 'number')) return [field];
    const inferred = inferPk(this.api, name, properties);
    if (inferred) warnings.infer(`${name} pk "${inferred.field}" (${inferred.from})`);
    return inferred ? [inferred.field] : [];
  }
}

/** A `oneOf`/`anyOf` with a discriminator whose members are all Entities. */
function unionOf(api: Api, schema: JsonSchema, isEntity: (name: string) => boolean): Component['union'] {
  const options: JsonSchema[] | undefined = schema.oneOf ?? schema.anyOf;
  const field = schema.discriminator?.propertyName;
  if (!Array.isArray(options) || typeof field !== 'string') return undefined;
  const names = options.map((o) => (typeof o.$ref === 'string' && o.$ref.startsWith(api.refPrefix) ? o.$ref.slice(api.refPrefix.length) : ''));
  if (names.some((n) => !n || !isEntity(n))) return undefined;
  const mapping: Record<string, string> = schema.discriminator.mapping ?? {};
  const members: [string, string][] = [];
  for (const name of names) {
    const values = Object.entries(mapping)
      .filter(([, ref]) => ref === `${api.refPrefix}${name}` || ref === name)
      .map(([value]) => value);
    for (const value of values.length > 0 ? values : [name]) members.push([value, name]);
  }
  return { field, members };
}
