// #region recipe
import { Entity, RestEndpoint, createResource } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';

/** Bracket notation, `filter[tag]=a`, with sorted keys so equal parameters give equal keys. */
export function bracketQuery(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (name: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((item, i) => add(`${name}[${i}]`, item));
    else if (typeof value === 'object') {
      for (const key of Object.keys(value).sort()) add(`${name}[${encodeURIComponent(key)}]`, (value as Record<string, unknown>)[key]);
    } else pairs.push(`${name}=${encodeURIComponent(String(value))}`);
  };
  for (const key of Object.keys(params).sort()) add(encodeURIComponent(key), params[key]);
  return pairs.join('&');
}

export class BracketEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  // Receives only the query parameters; its output goes into url() and key().
  override searchToString(params: Record<string, unknown>) {
    return bracketQuery(params);
  }
}

export class Post extends Entity {
  id = 0;
  title = '';
  tag = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
}

export const PostResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/posts/:id',
  schema: Post,
  searchParams: {} as { filter?: { tag?: string; author?: string }; sort?: string[] },
  Endpoint: BracketEndpoint,
});
// #endregion recipe
