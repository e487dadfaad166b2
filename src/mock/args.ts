/**
 * The call arguments rebuilt from a request (see docs/getting-started.md#5-test-it-without-a-server), for response functions: the URL
 * parameters (path parameters decoded, query parameters as strings or arrays), then the body for
 * endpoints that take one.
 */
import { assignOwn } from '../internal/own';
import { compilePath, parseSearch, pathsAfterPrefix, takesBody } from '../rest';
import type { RestEndpoint, UrlMatch } from '../rest';
import type { MockableEndpoint, MockUrlParams } from './types';

function compiledPathOf(endpoint: MockableEndpoint) {
  try {
    return compilePath(endpoint.path);
  } catch {
    return undefined; // not a RestEndpoint template: only the query string can be read
  }
}

/** The template match of a URL: after `urlPrefix`, else (a `url()` override, see docs/concepts.md#endpoints) after any `/`. */
function matchUrl(endpoint: MockableEndpoint, url: string): UrlMatch | undefined {
  const compiled = compiledPathOf(endpoint);
  if (compiled === undefined) return undefined;
  const prefix = typeof endpoint.urlPrefix === 'string' ? endpoint.urlPrefix : '';
  for (const path of pathsAfterPrefix(prefix, url)) {
    const match = compiled.matchUrl(path);
    if (match !== undefined) return match;
  }
  for (let at = url.indexOf('/'); at >= 0; at = url.indexOf('/', at + 1)) {
    const match = compiled.matchUrl(url.slice(at));
    if (match !== undefined) return match;
  }
  return undefined;
}

/** URL parameters of a request URL for an endpoint; path parameters win over a query key of the same name. */
export function urlParamsOf(endpoint: MockableEndpoint, url: string): MockUrlParams {
  const match = matchUrl(endpoint, url);
  if (match === undefined) {
    const query = url.indexOf('?');
    return query < 0 ? {} : parseSearch(url.slice(query + 1));
  }
  const params = parseSearch(match.search ?? '');
  return assignOwn(params, match.params);
}

/** `[urlParams]`, or `[urlParams, body]` for an endpoint that takes a body (see docs/concepts.md#endpoints, docs/getting-started.md#5-test-it-without-a-server). */
export function rebuildArgs(endpoint: MockableEndpoint, url: string, body: unknown): unknown[] {
  const params = urlParamsOf(endpoint, url);
  // `takesBody` reads a mark every RestEndpoint carries; a hand-made endpoint without it has no body.
  return takesBody(endpoint as RestEndpoint) === true ? [params, body] : [params];
}
