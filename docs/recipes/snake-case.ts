// #region recipe
import { Entity, RestEndpoint, createResource } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';

const toCamel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const toSnake = (key: string) => key.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

/** Renames the keys of plain objects, deeply; FormData, Dates and other objects pass through. */
const mapKeys = (value: any, rename: (key: string) => string): any =>
  Array.isArray(value)
    ? value.map((item) => mapKeys(item, rename))
    : value && Object.getPrototypeOf(value) === Object.prototype
      ? Object.fromEntries(Object.entries(value).map(([key, item]) => [rename(key), mapKeys(item, rename)]))
      : value;

export class CamelEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  // Request bodies, before they are encoded.
  override getRequestInit(body: unknown) {
    return super.getRequestInit(mapKeys(body, toSnake));
  }
  // Query parameters: used by url() and key() alike.
  override searchToString(params: Record<string, unknown>) {
    return super.searchToString(mapKeys(params, toSnake));
  }
  // Responses, before pk() and normalization see them.
  override process(value: unknown, ..._args: unknown[]): any {
    return mapKeys(value, toCamel);
  }
}

export class Activity extends Entity {
  id = 0;
  userId = 0;
  createdAt = new Date(0);
  pk() {
    return `${this.id}`;
  }
  static override key = 'Activity';
  static override schema = { createdAt: Date };
}

export const ActivityResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/activities/:id',
  schema: Activity,
  searchParams: {} as { sortBy?: string },
  Endpoint: CamelEndpoint,
});
// #endregion recipe
