/** JSON Schema → the TypeScript type of its plain JSON (what is sent and received). */
import type { Components } from './components';
import { propertyKey, tsdoc } from './names';
import { follow } from './read';
import type { JsonSchema } from './types';

const MAX_DEPTH = 12;

/** Whether a schema admits `null` (`nullable` of 3.0, `type: [..., 'null']` of 3.1, `x-nullable` of 2.0). */
export function isNullable(schema: JsonSchema): boolean {
  return schema.nullable === true || schema['x-nullable'] === true || (Array.isArray(schema.type) && schema.type.includes('null'));
}

/** `A | B`, without repeats; `unknown` swallows the rest. */
export function union(types: string[]): string {
  const unique = [...new Set(types)];
  if (unique.includes('unknown')) return 'unknown';
  return unique.length === 0 ? 'never' : unique.join(' | ');
}

/** A literal type for an enum or const value; `undefined` for values TypeScript cannot write as literals. */
export function literal(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export class WireTypes {
  constructor(private readonly components: Components) {}

  /** The type of a schema's JSON; component `$ref`s become the component's data type name. */
  type(schema: JsonSchema | undefined, depth = 0): string {
    if (!schema || typeof schema !== 'object' || depth > MAX_DEPTH) return 'unknown';
    if (typeof schema.$ref === 'string') {
      const component = this.components.ofRef(schema.$ref);
      if (component) return component.dataName;
      return this.type(follow(this.components.api.doc, schema), depth + 1);
    }
    const base = this.bare(schema, depth);
    // `&` binds tighter than `|`, so appending `| null` needs no parentheses.
    return isNullable(schema) && base !== 'unknown' && base !== 'null' && !base.endsWith(' | null') ? `${base} | null` : base;
  }

  private bare(schema: JsonSchema, depth: number): string {
    if ('const' in schema) return literal(schema.const) ?? 'unknown';
    if (Array.isArray(schema.enum)) {
      const literals = schema.enum.map(literal);
      return literals.every((l: string | undefined) => l !== undefined) ? union(literals as string[]) : 'unknown';
    }
    if (Array.isArray(schema.allOf)) return this.combine(schema.allOf, ' & ', depth, schema);
    const options = schema.oneOf ?? schema.anyOf;
    if (Array.isArray(options)) return this.combine(options, ' | ', depth, schema);
    const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length === 0) return schema.properties || schema.additionalProperties ? this.object(schema, depth) : 'unknown';
    return union(types.map((t) => this.ofType(t, schema, depth)));
  }

  private ofType(type: string, schema: JsonSchema, depth: number): string {
    switch (type) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array':
        return `Array<${this.type(schema.items, depth + 1)}>`;
      case 'object':
        return this.object(schema, depth);
      default:
        return 'unknown';
    }
  }

  /** `allOf` → an intersection, `oneOf`/`anyOf` → a union; sibling properties join an intersection. */
  private combine(parts: JsonSchema[], joiner: string, depth: number, schema: JsonSchema): string {
    const types = parts.map((p) => `(${this.type(p, depth + 1)})`);
    if (schema.properties) types.push(this.object(schema, depth));
    if (joiner === ' | ') return types.includes('(unknown)') ? 'unknown' : types.join(joiner);
    const known = types.filter((t) => t !== '(unknown)');
    return known.length === 0 ? 'unknown' : known.join(joiner);
  }

  private object(schema: JsonSchema, depth: number): string {
    const required = new Set<string>(schema.required ?? []);
    const fields = Object.entries<JsonSchema>(schema.properties ?? {}).map(([name, property]) => {
      const doc = tsdoc(property?.description);
      return `${doc}${propertyKey(name)}${required.has(name) ? '' : '?'}: ${this.type(property, depth + 1)};`;
    });
    const extra = schema.additionalProperties;
    const values = extra === true || (extra && typeof extra === 'object' && Object.keys(extra).length === 0) ? 'unknown' : extra ? this.type(extra, depth + 1) : undefined;
    const shape = `{ ${fields.join('\n')} }`;
    if (values === undefined) return fields.length > 0 || extra === false ? shape : 'Record<string, unknown>';
    // With properties, the extra values are `unknown`: a typed index signature would have to
    // cover the named properties too.
    return fields.length > 0 ? `${shape} & Record<string, unknown>` : `Record<string, ${values}>`;
  }
}
