/**
 * `urlPrefix` as a function (issue 16.7): read at call time, so one endpoint serves the API root
 * of whichever tenant is signed in, and its keys follow.
 */
import { describeType } from '../internal/json';

/**
 * `urlPrefix` given as a function (issue 16.7): the member becomes a getter that calls it, so
 * `url()`, `key()`, `testKey()`, the request and anything else reading `endpoint.urlPrefix` see
 * the prefix of that moment. The function stays in the configuration, so `extend` keeps it.
 */
export function definePrefixGetter(endpoint: object, read: () => unknown, name: string): void {
  Object.defineProperty(endpoint, 'urlPrefix', {
    get() {
      const prefix = read();
      if (typeof prefix !== 'string') {
        throw new TypeError(`[rtk-rest] ${name}: urlPrefix() returned ${describeType(prefix)}, not a string.${process.env.NODE_ENV !== 'production' ? " Return the prefix as a string, e.g. 'https://api.example.com' (or '' for none)." : ''}`);
      }
      return prefix;
    },
    enumerable: true,
    configurable: true,
  });
}
