/**
 * The primary key of a component that has no `id`: a string field that an item path names as
 * its only parameter (`GET /articles/{slug}` answering an `Article`, or `{ article: Article }`)
 * identifies one entity, so it is the key. What was inferred is reported in the run's summary.
 */
import { pointerKey } from './errors';
import { follow } from './read';
import type { Api, JsonSchema } from './types';

export interface InferredPk {
  readonly field: string;
  /** The operation that shows it: `GET /articles/{slug}`. */
  readonly from: string;
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether `schema` is the component `ref`, or an object holding only it (`{ article: Article }`). */
export function answersComponent(doc: JsonSchema, schema: JsonSchema | undefined, ref: string): boolean {
  if (schema?.$ref === ref) return true;
  const resolved = follow(doc, schema);
  const properties = Object.values<JsonSchema>(resolved?.properties ?? {});
  return properties.length === 1 && properties[0]?.$ref === ref;
}

/** The string field of component `name` that the last parameter of a GET answering it names. */
export function inferPk(api: Api, name: string, properties: JsonSchema): InferredPk | undefined {
  const ref = `${api.refPrefix}${pointerKey(name)}`;
  for (const op of api.operations) {
    const param = /\{([^}]+)\}$/.exec(op.path)?.[1];
    // Only a path whose one parameter it is: under `/repos/{owner}/{repo}/…` a name is unique per
    // repository, not in the store, so two repositories' entities would share one key.
    if (op.method !== 'get' || param === undefined || (op.path.match(/\{[^}]+\}/g) ?? []).length !== 1 || !answersComponent(api.doc, op.response, ref)) continue;
    const field = Object.keys(properties).find((f) => [squash(f), squash(name + f)].includes(squash(param)));
    if (field !== undefined && follow(api.doc, properties[field])?.type === 'string') return { field, from: `GET ${op.path}` };
  }
  return undefined;
}
