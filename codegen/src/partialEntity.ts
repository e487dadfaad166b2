/**
 * Entities that answers carry partially: a list's inline items with some of the component's fields
 * (`missing`), such as article summaries without their `body`. The list is a Collection of the
 * Entity itself; the Entity class names the fields such lists leave out in `static detailFields`,
 * so that the store treats a stored article without them as a summary and a detail read of it
 * fetches the whole article instead of showing the list's (see docs/codegen.md).
 */
import type { Component, Components } from './components';
import { type InlineEntity, inlineEntity } from './inlineEntity';
import { follow } from './read';
import type { JsonSchema, Operation } from './types';

export function partialEntitySchema({ component }: InlineEntity): string {
  return component.ident;
}

/**
 * Per Entity, the fields that some list leaves out of its inline items and its detail answer
 * carries: what its `detailFields` names, in the component's field order. The lists looked at are
 * the ones the generated code stores as the Entity: in the answers of `operations` and in the
 * fields of Entities. `details` are the item reads (a resource's `get`): a detail answer is
 * usually the component, but one described inline may leave fields out as well, and a field no
 * detail answer carries would make every stored entity a summary. A single answer with fewer
 * fields is no list's summary; it is merged over what is stored.
 */
export function summaryFields(components: Components, operations: readonly Operation[], details: readonly Operation[]): ReadonlyMap<Component, readonly string[]> {
  const entityFields = components.list.flatMap((c) => (c.kind === 'entity' ? Object.values<JsonSchema>(c.schema.properties ?? {}) : []));
  const listed = leftOut(components, [...operations.map((op) => op.response), ...entityFields], true);
  const detailLacks = leftOut(components, details.map((op) => op.response), false);
  const out = new Map<Component, readonly string[]>();
  for (const [component, fields] of listed) {
    const named = Object.keys(component.schema.properties ?? {}).filter((f) => fields.has(f) && !detailLacks.get(component)?.has(f));
    if (named.length > 0) out.set(component, named);
  }
  return out;
}

/**
 * Per Entity, the fields its inline schemas in `schemas` leave out: the ones that are list items
 * (`items`), or the ones that are not.
 */
function leftOut(components: Components, schemas: readonly (JsonSchema | undefined)[], items: boolean): Map<Component, Set<string>> {
  const left = new Map<Component, Set<string>>();
  // Schemas looked at, as list items and elsewhere.
  const seen = { true: new Set<JsonSchema>(), false: new Set<JsonSchema>() };
  // The same paths the generated schemas take (entityFields.ts): through `$ref`s to plain types,
  // arrays, objects and a lone `allOf`/`oneOf`/`anyOf` part; an Entity ends the path (its class
  // maps its fields, which are looked at on their own).
  const visit = (schema: JsonSchema | undefined, list: boolean, depth: number): void => {
    if (!schema || typeof schema !== 'object' || depth > 8 || seen[`${list}`].has(schema)) return;
    seen[`${list}`].add(schema);
    const component = components.ofRef(schema.$ref);
    // A plain object type is looked into for the Entities its fields hold; it is not an Entity itself, even when it fits one.
    if (component) return component.kind === 'type' && component.schema.properties ? visit(component.schema, false, depth + 1) : undefined;
    if (typeof schema.$ref === 'string') return visit(follow(components.api.doc, schema), list, depth + 1);
    const parts: JsonSchema[] | undefined = schema.allOf ?? schema.oneOf ?? schema.anyOf;
    if (Array.isArray(parts)) {
      const rest = parts.filter((p) => p?.type !== 'null');
      return rest.length === 1 && !schema.properties ? visit(rest[0], list, depth + 1) : undefined;
    }
    if (schema.type === 'array' || schema.items) return visit(schema.items, true, depth + 1);
    if (!schema.properties || typeof schema.properties !== 'object') return;
    const inline = inlineEntity(components, schema);
    if (!inline) return Object.values<JsonSchema>(schema.properties).forEach((p) => visit(p, false, depth + 1));
    if (list !== items) return;
    const fields = left.get(inline.component) ?? new Set<string>();
    inline.missing.forEach((f) => fields.add(f));
    left.set(inline.component, fields);
  };
  for (const schema of schemas) visit(schema, false, 0);
  return left;
}
