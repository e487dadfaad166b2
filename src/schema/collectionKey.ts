/**
 * Whether an entity table holds a `schema.Collection`'s lists (`[Post]` for a list, `{Post}` for
 * values: the keys Collection.ts builds): one cell per argument set, a table written by every
 * list request, as the request-key tables are (the store gives it their size threshold). A file
 * of its own so that the store tells a collection's table apart without bundling the schema.
 */
export function isCollectionKey(key: string): boolean {
  return key[0] === '[' || key[0] === '{';
}
