/**
 * Inline objects that are an Entity: a list's items described inline with a subset of a
 * component's fields (RealWorld's article list leaves out `body`) are that component's
 * entities, so the list becomes a Collection that creates and deletes reach. An inline schema
 * names its Entity with `x-rtk-rest-entity: Article` (or the config's `inlineEntities` for an
 * operation's items); otherwise it matches when its fields are
 * the component's (types agreeing), its pk included, and it has at least half of them.
 */
import type { Component, Components } from './components';
import { follow } from './read';
import type { JsonSchema } from './types';

export interface InlineEntity {
  readonly component: Component;
  /** The component's fields the inline schema leaves out: it carries a partial entity. */
  readonly missing: readonly string[];
}

/** Matches per description (its components) and inline schema: a schema is looked at by every list and field that holds it. */
const matches = new WeakMap<Components, WeakMap<JsonSchema, InlineEntity | null>>();

/** The Entity an inline object schema is (possibly partially), when one fits unambiguously. */
export function inlineEntity(components: Components, schema: JsonSchema): InlineEntity | undefined {
  if (typeof schema.$ref === 'string' || !schema.properties || typeof schema.properties !== 'object') return undefined;
  let matched = matches.get(components);
  if (matched === undefined) matches.set(components, (matched = new WeakMap()));
  let found = matched.get(schema);
  if (found === undefined) matched.set(schema, (found = match(components, schema) ?? null));
  return found ?? undefined;
}

function match(components: Components, schema: JsonSchema): InlineEntity | undefined {
  const fields = Object.keys(schema.properties);
  const named = components.inlineNames.get(schema) ?? schema['x-rtk-rest-entity'];
  if (typeof named === 'string') {
    const component = components.byComponentName(named);
    return component?.kind === 'entity' ? { component, missing: missingOf(component, fields) } : undefined;
  }
  let best: InlineEntity[] = [];
  for (const component of components.list) {
    if (component.kind !== 'entity' || !fits(components, component, schema, fields)) continue;
    const candidate = { component, missing: missingOf(component, fields) };
    if (best.length === 0 || candidate.missing.length < best[0]!.missing.length) best = [candidate];
    else if (candidate.missing.length === best[0]!.missing.length) best.push(candidate);
  }
  // Two components that fit equally well: which one the items are is a guess, so none is taken.
  return best.length === 1 ? best[0] : undefined;
}

function missingOf(component: Component, fields: readonly string[]): string[] {
  return Object.keys(component.schema.properties ?? {}).filter((f) => !fields.includes(f));
}

function fits(components: Components, component: Component, schema: JsonSchema, fields: readonly string[]): boolean {
  const own: Record<string, JsonSchema> = component.schema.properties ?? {};
  if (!component.pk.every((pk) => fields.includes(pk))) return false;
  if (fields.length * 2 < Object.keys(own).length || !fields.every((f) => f in own)) return false;
  return fields.every((f) => sameKind(components, schema.properties[f], own[f]));
}

/** The same `$ref`, or the same JSON type where both declare one. */
function sameKind(components: Components, a: JsonSchema | undefined, b: JsonSchema | undefined): boolean {
  if (typeof a?.$ref === 'string' || typeof b?.$ref === 'string') return a?.$ref === b?.$ref || typeOf(components, a) === typeOf(components, b);
  return typeOf(components, a) === typeOf(components, b);
}

function typeOf(components: Components, schema: JsonSchema | undefined): string | undefined {
  const resolved = follow(components.api.doc, schema);
  const type = resolved?.type;
  if (type === undefined) return resolved?.properties ? 'object' : undefined;
  return JSON.stringify(Array.isArray(type) ? type.filter((t: unknown) => t !== 'null').sort() : type).replace('integer', 'number');
}
