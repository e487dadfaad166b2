/**
 * The `Link` response header (RFC 8288), read for Link pagination: GitHub, GitLab
 * and many others put the next page's URL there, often with a different path from the first
 * request's, so the client must follow it as given rather than rebuild it from parameters.
 */

/**
 * The URLs of a `Link` header by relation type (`{ next, prev, first, last, … }`), each resolved
 * against `base` (the request URL) and otherwise kept exactly as sent. Relation names are
 * lower-cased (they are case-insensitive); a link with several (`rel="next last"`) counts for each;
 * the first link of a relation wins; links without `rel` and malformed parts are skipped.
 *
 * @example
 * parseLinkHeader('<https://api.github.com/repositories/1/issues?page=2>; rel="next"', url).next
 * // 'https://api.github.com/repositories/1/issues?page=2'
 */
export function parseLinkHeader(header: string | null | undefined, base: string): Record<string, string> {
  const links: Record<string, string> = {};
  for (const [, target, params] of (header ?? '').matchAll(LINK)) {
    let rel: string | undefined;
    // The first `rel` counts (RFC 8288, section 3.3); quoted values may hold `,` and `;`.
    for (const [, name, quoted, token] of params!.matchAll(PARAM)) {
      if (rel === undefined && name!.toLowerCase() === 'rel') rel = quoted === undefined ? token!.trim() : quoted.replace(/\\(.)/g, '$1');
    }
    const url = resolve(target!.trim(), base);
    for (const name of rel?.toLowerCase().split(/\s+/) ?? []) {
      if (name !== '' && url !== '' && !(name in links)) links[name] = url;
    }
  }
  return links;
}

// Literals, not built from a `String.raw` template: a tagged template is a call, which bundlers keep
// at module level in every app that bundles this chunk. A parameter's value is a quoted-string
// (backslash escapes allowed) or a token.
/** One `; name[=value]` parameter. */
const PARAM = /;\s*([^\s=;,]+)(?:\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;,]*)))?/g;
/** One link: `<target>` and its parameters, up to the comma that ends it. */
const LINK = /<([^>]*)>((?:\s*;\s*[^\s=;,]+(?:\s*=\s*(?:"(?:[^"\\]|\\.)*"|[^;,]*))?)*)/g;

/** `target` resolved against `base`; as given when it is relative and there is no usable base. */
function resolve(target: string, base: string): string {
  try {
    return new URL(target, base || undefined).href;
  } catch {
    return target;
  }
}
