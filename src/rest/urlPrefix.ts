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

/**
 * What goes before the filled path, so that prefix and path meet at exactly one slash, as RTK
 * Query's `fetchBaseQuery` joins `baseUrl` and `url`: `'/'` + `'/posts'` is `/posts`, not
 * `//posts` (which a browser sends to a host named `posts`), and `'https://a.example/v2'` +
 * `'pokemon'` gains the slash it lacks. A path starting with `?` follows the prefix as written.
 * It depends on the template only (a filled path starts as its template does), so `url()`,
 * `key()`, `testKey()` and `mockFetch` agree on it.
 */
export function joinedPrefix(prefix: string, path: string): string {
  if (prefix === '' || path.startsWith('?')) return prefix;
  const endsWithSlash = prefix.endsWith('/');
  if (path.startsWith('/')) return endsWithSlash ? prefix.slice(0, -1) : prefix;
  return endsWithSlash ? prefix : `${prefix}/`;
}
