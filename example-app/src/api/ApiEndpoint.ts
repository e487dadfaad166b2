/**
 * The endpoint class every request of the example goes through: snake_case on the wire and
 * camelCase in the app, the access token on every request once logged in, and
 * the demo's failure switch on the next optimistic change.
 */
import { RestEndpoint } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';
import { takeFailure } from './failSwitch';
import { accessToken } from './session';

const toCamel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const toSnake = (key: string) => key.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

/** Rewrites the keys of plain objects (deeply); FormData, Dates and the like pass through. */
export const mapKeys = (value: any, rename: (key: string) => string): any =>
  Array.isArray(value)
    ? value.map((item) => mapKeys(item, rename))
    : value && Object.getPrototypeOf(value) === Object.prototype
      ? Object.fromEntries(Object.entries(value).map(([key, item]) => [rename(key), mapKeys(item, rename)]))
      : value;

/** A server answer as the app stores it: camelCase keys. For JSON that arrives outside a request (the live posts). */
export const fromWire = (value: unknown): any => mapKeys(value, toCamel);

export class ApiEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  override getHeaders(headers: Record<string, string>) {
    const token = accessToken();
    return token ? { ...headers, 'Access-Token': token } : headers;
  }
  override getRequestInit(body: unknown) {
    return super.getRequestInit(mapKeys(body, toSnake));
  }
  override fetchResponse(input: RequestInfo, init: RequestInit) {
    // Only optimistic changes take the armed failure (failSwitch.ts): never a read or the login.
    if (this.getOptimisticResponse === undefined || !takeFailure()) return super.fetchResponse(input, init);
    const headers = new Headers(init.headers);
    headers.set('X-Fail', '500');
    return super.fetchResponse(input, { ...init, headers });
  }
  override searchToString(params: Record<string, unknown>) {
    return super.searchToString(mapKeys(params, toSnake));
  }
  override process(value: unknown, ..._args: unknown[]): any {
    return fromWire(value);
  }
}
