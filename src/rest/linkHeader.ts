/**
 * The `Link` response header (RFC 8288), read for Link pagination (issue 18.3): GitHub, GitLab
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
  if (!header) return links;
  let at = 0;
  while (at < header.length) {
    const open = header.indexOf('<', at);
    if (open < 0) break;
    const close = header.indexOf('>', open + 1);
    if (close < 0) break;
    const target = header.slice(open + 1, close).trim();
    const { params, end } = readParams(header, close + 1);
    at = end + 1;
    const rel = params.rel;
    if (rel === undefined || target === '') continue;
    const url = resolve(target, base);
    for (const name of rel.toLowerCase().split(/\s+/)) {
      if (name !== '' && !(name in links)) links[name] = url;
    }
  }
  return links;
}

/** The `; name=value` parameters after a link's `<…>`, up to the comma that ends the link (or the header's end). */
function readParams(header: string, from: number): { params: Record<string, string>; end: number } {
  const params: Record<string, string> = {};
  let at = from;
  while (at < header.length && header[at] !== ',') {
    if (header[at] !== ';') {
      at += 1;
      continue;
    }
    const match = /^\s*([^\s=;,]+)\s*(?:=\s*)?/.exec(header.slice(at + 1));
    if (match === null) {
      at += 1;
      continue;
    }
    at += 1 + match[0].length;
    const { value, end } = header[at] === '"' ? readQuoted(header, at + 1) : readToken(header, at);
    at = end;
    const name = match[1]!.toLowerCase();
    // The first occurrence of a parameter counts (RFC 8288 §3.3 for rel).
    if (!(name in params)) params[name] = value;
  }
  return { params, end: at };
}

/** A quoted-string's value (backslash escapes undone), and where it ends. */
function readQuoted(header: string, from: number): { value: string; end: number } {
  let value = '';
  let at = from;
  while (at < header.length && header[at] !== '"') {
    if (header[at] === '\\' && at + 1 < header.length) at += 1;
    value += header[at];
    at += 1;
  }
  return { value, end: at + 1 };
}

/** An unquoted token's value, up to the next `;` or `,`. */
function readToken(header: string, from: number): { value: string; end: number } {
  let at = from;
  while (at < header.length && header[at] !== ';' && header[at] !== ',') at += 1;
  return { value: header.slice(from, at).trim(), end: at };
}

/** `target` resolved against `base`; as given when it is relative and there is no usable base. */
function resolve(target: string, base: string): string {
  try {
    return new URL(target, base || undefined).href;
  } catch {
    return target;
  }
}
