/**
 * `urlPrefix` as a function: read at call time, so one endpoint serves the API root
 * of whichever tenant is signed in, and its keys follow.
 */
import { describeType } from '../internal/json';

/**
 * `urlPrefix` given as a function: the member becomes a getter that calls it, so
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
 * The prefix and a filled path joined at exactly one slash, as RTK Query's `fetchBaseQuery` joins
 * `baseUrl` and `url`: `'/'` + `'/posts/1'` is `/posts/1`, not `//posts/1` (which a browser sends
 * to a host named `posts`), and `'https://a.example/v2'` + `'pokemon/1'` gains the slash it lacks.
 * An empty path, or one starting with `?`, follows the prefix as written. Joined per URL, not per
 * template: a template starting with an optional group (`{/posts}/:id`) fills with or without its
 * slash.
 */
export function joinPrefix(prefix: string, path: string): string {
  if (prefix === '' || path === '' || path.startsWith('?')) return prefix + path;
  const endsWithSlash = prefix.endsWith('/');
  if (path.startsWith('/')) return endsWithSlash ? prefix + path.slice(1) : prefix + path;
  return endsWithSlash ? prefix + path : `${prefix}/${path}`;
}

/**
 * The paths that `joinPrefix(prefix, path)` turns into `url`, for matching a URL against a
 * template (`testKey`, `mockFetch`): none when the URL is not under the prefix. After the shared
 * slash the path either kept it or had none (`'pokemon/1'`), so both are candidates.
 */
export function pathsAfterPrefix(prefix: string, url: string): string[] {
  if (prefix === '') return [url];
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (!url.startsWith(trimmed)) return [];
  const rest = url.slice(trimmed.length);
  if (rest.startsWith('/')) return [rest, rest.slice(1)];
  return rest === '' || rest.startsWith('?') ? [rest] : [];
}
