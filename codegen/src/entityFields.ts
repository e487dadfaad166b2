/** The fields of an Entity class: instance types, defaults by type, and `static schema` entries. */
import type { Component, Components } from './components';
import { inlineEntity } from './inlineEntity';
import { propertyKey, tsdoc } from './names';
import { partialEntitySchema } from './partialEntity';
import { follow } from './read';
import type { JsonSchema } from './types';
import { isNullable, literal, type WireTypes } from './wireType';

/** A value's instance type, and its nested schema when it holds Entities (`User`, `[User]`, `{ a: User }`). */
export interface Mapped {
  readonly type: string;
  readonly schema?: string;
  /** The Entity a field refers to directly (its default is `X.fromJS()`). */
  readonly entity?: Component;
}

export interface Field {
  /** The property key as written (`name` or `"x-rate"`). */
  readonly key: string;
  /** The class member: `author: User = User.fromJS();` with its TSDoc. */
  readonly code: string;
  /** The `static schema` entry value, when the field needs one. */
  readonly schema?: string;
  /** Other components the schema entry refers to (for declaration order). */
  readonly refs: readonly string[];
  /** A date deserializer the module must declare: `toDate` or `toDateOrNull`. */
  readonly helper?: 'toDate' | 'toDateOrNull';
}

const INFERRED: Record<string, RegExp> = { string: /^['"]/, number: /^-?[0-9]/, boolean: /^(true|false)$/ };
const SIMPLE_DEFAULTS: Record<string, string> = { string: "''", number: '0', boolean: 'false' };

/** `allOf: [X]`, `oneOf: [X]` and 3.1's `anyOf: [X, { type: 'null' }]` read as `X`. */
function unwrap(schema: JsonSchema): { inner: JsonSchema; nullable: boolean } {
  const parts: JsonSchema[] | undefined = schema.allOf ?? schema.oneOf ?? schema.anyOf;
  if (Array.isArray(parts)) {
    const rest = parts.filter((p) => p?.type !== 'null');
    if (rest.length === 1 && !schema.properties) return { inner: rest[0]!, nullable: isNullable(schema) || rest.length < parts.length };
  }
  return { inner: schema, nullable: isNullable(schema) };
}

export class EntityFields {
  constructor(
    private readonly components: Components,
    private readonly wire: WireTypes,
  ) {}

  /** The instance type and nested schema of a value; plain JSON when no Entity is inside. */
  map(schema: JsonSchema | undefined, depth = 0): Mapped {
    if (!schema || depth > 8) return { type: 'unknown' };
    const { inner, nullable } = unwrap(schema);
    const mapped = this.mapInner(inner, depth);
    if (mapped.schema === undefined) return { type: this.wire.type(schema) };
    return nullable ? { ...mapped, type: `${mapped.type} | null` } : mapped;
  }

  private mapInner(schema: JsonSchema, depth: number): Mapped {
    const component = this.components.ofRef(schema.$ref);
    if (component?.kind === 'entity') return { type: component.ident, schema: component.ident, entity: component };
    if (component?.kind === 'union') return { type: this.unionType(component), schema: component.ident };
    if (component) {
      // A plain component that holds Entities (`SingleArticle = { article: Article }`) is normalized through its fields.
      const held = component.schema.properties && depth < 4 ? this.mapInner(component.schema, depth + 1) : undefined;
      return held?.schema !== undefined && held.entity === undefined ? held : { type: component.dataName };
    }
    if (typeof schema.$ref === 'string') {
      const resolved = follow(this.components.api.doc, schema);
      return resolved && resolved !== schema ? this.map(resolved, depth + 1) : { type: '' };
    }
    if (schema.type === 'array' || schema.items) {
      const item = this.map(schema.items, depth + 1);
      return item.schema === undefined ? { type: '' } : { type: `Array<${item.type}>`, schema: `[${item.schema}]` };
    }
    if (schema.properties && !schema.allOf && !schema.oneOf && !schema.anyOf) {
      // An inline object with an Entity's fields (or a subset) is that Entity.
      const inline = inlineEntity(this.components, schema);
      if (inline) return { type: inline.component.ident, schema: partialEntitySchema(inline), entity: inline.component };
      return this.object(schema, depth);
    }
    return { type: '' };
  }

  private object(schema: JsonSchema, depth: number): Mapped {
    const required = new Set<string>(schema.required ?? []);
    const fields = Object.entries<JsonSchema>(schema.properties).map(([name, property]) => ({ name, mapped: this.map(property, depth + 1) }));
    const nested = fields.filter((f) => f.mapped.schema !== undefined);
    if (nested.length === 0) return { type: '' };
    const type = fields.map((f) => `${propertyKey(f.name)}${required.has(f.name) ? '' : '?'}: ${f.mapped.type};`).join(' ');
    const entries = nested.map((f) => `${propertyKey(f.name)}: ${f.mapped.schema}`).join(', ');
    return { type: `{ ${type} }`, schema: `{ ${entries} }` };
  }

  unionType(component: Component): string {
    const names = new Set(component.union!.members.map(([, name]) => this.components.byComponentName(name)!.ident));
    return [...names].join(' | ');
  }

  /** One class member of an Entity, with its default. */
  field(name: string, schema: JsonSchema, required: boolean): Field {
    const doc = tsdoc(schema.description);
    const key = propertyKey(name);
    const unwrapped = unwrap(schema);
    const { nullable } = unwrapped;
    // A `$ref` to a primitive component schema (an enum, a string, a date-time) follows the rule of an inline one.
    const inner = this.primitiveTarget(unwrapped.inner);
    if (inner.type === 'string' && (inner.format === 'date-time' || inner.format === 'date')) {
      const helper = nullable ? 'toDateOrNull' : 'toDate';
      return { key, code: `${doc}${key}: Date${nullable ? ' | null = null' : ' = new Date(0)'};`, schema: helper, helper, refs: [] };
    }
    const mapped = this.map(schema);
    const refs = mapped.schema === undefined ? [] : (mapped.schema.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []);
    // A referenced primitive is typed by its alias (`Sku`); its default is its base type's.
    const base = inner !== unwrapped.inner ? SIMPLE_DEFAULTS[inner.type === 'integer' ? 'number' : inner.type] : undefined;
    const init = this.defaultOf(inner, nullable, mapped, required) ?? base;
    // `pages = 100` reads as a number already; a union or an array needs its type written.
    const annotation = init !== undefined && INFERRED[mapped.type]?.test(init) ? '' : `: ${mapped.type}`;
    const code = init === undefined ? `${doc}${key}?${annotation};` : `${doc}${key}${annotation} = ${init};`;
    return { key, code, schema: mapped.schema, refs };
  }

  /** The schema a `$ref` points at when that is a primitive (no object, no array); the schema itself otherwise. */
  private primitiveTarget(inner: JsonSchema): JsonSchema {
    if (typeof inner.$ref !== 'string') return inner;
    const target = follow(this.components.api.doc, inner);
    return target && ['string', 'number', 'integer', 'boolean'].includes(target.type) ? target : inner;
  }

  /** A default of the field's type; `undefined` when there is none that fits (the field is then optional). */
  private defaultOf(inner: JsonSchema, nullable: boolean, mapped: Mapped, required: boolean): string | undefined {
    if (nullable) return 'null';
    if (mapped.entity) return required ? `${mapped.entity.ident}.fromJS()` : undefined;
    if (mapped.schema !== undefined && mapped.type.startsWith('Array<')) return '[]';
    if (mapped.schema !== undefined) return undefined;
    const given = literal(inner.default);
    if (given !== undefined && given !== 'null' && (!Array.isArray(inner.enum) || inner.enum.includes(inner.default))) return given;
    if (Array.isArray(inner.enum)) return literal(inner.enum.find((v: unknown) => v !== null));
    if ('const' in inner) return literal(inner.const);
    if (mapped.type in SIMPLE_DEFAULTS) return SIMPLE_DEFAULTS[mapped.type];
    if (mapped.type.startsWith('Array<')) return '[]';
    if (mapped.type.startsWith('Record<string, ')) return '{}';
    return undefined;
  }
}
