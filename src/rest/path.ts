/**
 * Path templates (see docs/concepts.md#endpoints, docs/concepts.md#resources): one tokenizer that validates with the messages of
 * an invalid template (say which token, where, and the fix), and on top of it `fill` (params → path), `matchPath`/`matchUrl` (path → params) and the
 * list template of `createResource`.
 *
 * Why no path-to-regexp at runtime. Of its lines, 6.x has the old grammar (`(\d+)` patterns,
 * `? * +` modifiers, no `*name`, no `:"quoted"`, no nested `{}`), so it parses templates this
 * grammar must reject. 8.4.2 and 9.0.0 have exactly our grammar (docs/concepts.md#endpoints) minus `:name?`
 * (9.0 is the same code, ESM-only, so Jest's CommonJS transform and CommonJS consumers cannot
 * load it); 8.4.2 serves the grammar best. Even 8.4.2 cannot do any of the three jobs here as
 * we define them: its names are Unicode `ID_Start`/`ID_Continue` (ours are ASCII
 * letters, digits, `_`, `$`, which is also what the inferred parameter types can agree with); its errors carry
 * code-point indices and none of the fixes our template errors give, and it has no positions for the list template
 * (see docs/concepts.md#resources); its matcher lets a parameter hold `?`, lets a wildcard hold empty segments and a trailing
 * `/` (see docs/concepts.md#endpoints), gives up beyond 8 groups, and rejects `/:a:b`; its `compile` takes strings only and
 * throws its own messages (see docs/concepts.md#endpoints). Feeding it would need a rewrite layer as large as this file,
 * so path-to-regexp@8.4.2 is a devDependency instead: the property tests check this tokenizer and
 * `fill` against its `parse` and `compile` on the grammar the two share.
 */
import { getOwn, setOwn } from '../internal/own';
import { parsePath } from './pathParser';
import type { ParsedPath, PathNode } from './pathParser';

/** One parameter or wildcard of a template, in template order. */
export interface PathParam {
  readonly name: string;
  /** Inside a `{…}` group or marked with `?`: omitted when `undefined`, `null` or `''` (see docs/concepts.md#endpoints). */
  readonly optional: boolean;
  /** `*name`: the value is an array of segments joined with `/` (see docs/concepts.md#endpoints). */
  readonly wildcard: boolean;
}

/** Params rebuilt from a URL (see docs/getting-started.md#5-test-it-without-a-server): decoded values, wildcards as arrays of segments. */
export type MatchedParams = Record<string, string | string[]>;

/** A matched URL tail: its path parameters and its query string (without `?`/`&`), if any. */
export interface UrlMatch {
  readonly params: MatchedParams;
  readonly search: string | undefined;
}

/** A validated template; get one with `compilePath`. */
export interface CompiledPath {
  readonly template: string;
  readonly params: readonly PathParam[];
  readonly paramNames: ReadonlySet<string>;
  /** The template holds an escaped `?`, so its query string continues with `&` (see docs/concepts.md#endpoints). */
  readonly hasLiteralQuery: boolean;
  /** The path for `params` (see docs/concepts.md#endpoints). Throws a `TypeError` naming `endpointName` on bad values. */
  /** `bodyOnly`: the values are `BODY_ONLY` (a missing parameter's error then says why). */
  fill(params: Readonly<Record<string, unknown>>, endpointName: string, bodyOnly?: boolean): string;
  /** Inverse of `fill` on the path part of a URL (after the prefix, before the query), or `undefined`. */
  matchPath(pathPart: string): MatchedParams | undefined;
  /** Like `matchPath` on everything after the prefix, splitting off the query part (`?…`, or `&…` after an escaped `?`). */
  matchUrl(rest: string): UrlMatch | undefined;
  /** The list template (see docs/concepts.md#resources). Throws createResource's error when the template has no parameter. */
  listTemplate(): string;
  /**
   * The parameter the template ends with (a trailing `/` aside), as an item template does
   * (`/articles/:slug`); `undefined` when it ends with text (`/users/:id/profile`) or a wildcard.
   */
  readonly lastParam: PathParam | undefined;
}

/** A value's type for error messages: `null`, `array`, or its `typeof`. */
export function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** The error for a path parameter's value: `${endpointName}: path parameter "${name}" ${problem}`. */
function badParam(endpointName: string, name: string, problem: string): TypeError {
  return new TypeError(`${endpointName}: path parameter "${name}" ${problem}`);
}

function encodeValue(text: string, endpointName: string, name: string): string {
  // `.` and `..` are left as is by encodeURIComponent, and URL parsers resolve them (even as
  // `%2E%2E`): `/users/:id/posts` with id `..` would request `/posts`. No value may move the path.
  if (text === '.' || text === '..') {
    throw badParam(endpointName, name, `is "${text}", a dot segment that would change which path is requested${process.env.NODE_ENV !== 'production' ? '; pass another value' : ''}`);
  }
  return encodeWellFormed(text, endpointName, 'path', name);
}

/** `encodeURIComponent`, or the `TypeError` naming the path or search parameter whose value holds a lone surrogate. */
export function encodeWellFormed(text: string, endpointName: string, kind: 'path' | 'search', name: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    throw new TypeError(`${endpointName}: ${kind} parameter "${name}" is not well-formed Unicode (it holds a lone surrogate)`);
  }
}

/** The encoded text of one value, `undefined` when missing; throws on a wrong type (see docs/concepts.md#endpoints). */
function paramText(value: unknown, param: PathParam, endpointName: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const { name } = param;
  if (!param.wildcard) {
    if (typeof value === 'string' || typeof value === 'number') return encodeValue(String(value), endpointName, name);
    throw badParam(endpointName, name, `must be a string or number, got ${typeName(value)}`);
  }
  if (!Array.isArray(value)) {
    throw badParam(endpointName, name, `must be an array of strings or numbers, got ${typeName(value)}`);
  }
  let out: string | undefined;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    // An empty segment would yield `a//b`, a path no template can match back (see docs/concepts.md#endpoints).
    if ((typeof item !== 'string' || item === '') && typeof item !== 'number') {
      throw badParam(endpointName, name, `must be an array of non-empty strings or numbers, got ${item === '' ? 'an empty string' : typeName(item)} at index ${i}`);
    }
    const segment = encodeValue(String(item), endpointName, name);
    out = out === undefined ? segment : `${out}/${segment}`;
  }
  return out;
}

/** Writes `nodes`; `undefined` when a parameter directly inside is missing, so the enclosing group is dropped (see docs/concepts.md#endpoints). */
function emit(nodes: readonly PathNode[], texts: readonly (string | undefined)[]): string | undefined {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += node.value;
    else if (node.type === 'group') out += emit(node.nodes, texts) ?? '';
    else {
      const text = texts[node.index];
      if (text === undefined) return undefined;
      out += text;
    }
  }
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

// Matching (docs/concepts.md#endpoints): a parameter is one or more characters other than `/` and `?`; a wildcard is such
// segments joined by `/`. Lazy, so a parameter in a literal query stops before an appended `&…`.
/**
 * The URL parameters of a call whose one argument was read as its body (an endpoint that sends
 * one, see `splitArgs`): none. Its own object, so that a template it cannot fill can say why.
 */
export const BODY_ONLY: Readonly<Record<string, unknown>> = /* @__PURE__ */ Object.freeze({});

const PARAM_SOURCE = '([^/?]+?)';
const WILDCARD_SOURCE = '([^/?]+?(?:/[^/?]+?)*?)';

function regExpSource(nodes: readonly PathNode[], params: readonly PathParam[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += escapeRegExp(node.value);
    else if (node.type === 'group') out += `(?:${regExpSource(node.nodes, params)})?`;
    else out += params[node.index]!.wildcard ? WILDCARD_SOURCE : PARAM_SOURCE;
  }
  return out;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a malformed escape is kept as written (it still matched, see docs/concepts.md#endpoints)
  }
}

/** The list template (the item template without its last parameter, see docs/concepts.md#resources), cut where the tokenizer says. */
function listTemplateOf(template: string, parsed: ParsedPath): string {
  if (parsed.listCut === undefined) {
    throw new Error(`createResource: path "${template}" needs at least one parameter${process.env.NODE_ENV !== 'production' ? `, e.g. "${template.replace(/\/$/, '')}/:id"` : ''}`);
  }
  return template.slice(0, parsed.listCut) || '/';
}

/** The parameter `nodes` end with, a trailing `/` and enclosing groups aside; none when it is a wildcard (see `CompiledPath.lastParam`). */
function endingParam(nodes: readonly PathNode[], params: readonly PathParam[]): PathParam | undefined {
  const last = nodes[nodes.length - 1];
  if (last === undefined) return undefined;
  if (last.type === 'param') return params[last.index]!.wildcard ? undefined : params[last.index];
  if (last.type === 'group') return endingParam(last.nodes, params);
  return last.value === '/' ? endingParam(nodes.slice(0, -1), params) : undefined;
}

function buildCompiledPath(template: string): CompiledPath {
  const parsed = parsePath(template);
  const { root: nodes, hasLiteralQuery } = parsed;
  // Compiled paths are cached and shared between endpoints: nobody may change them.
  const params = Object.freeze(parsed.params.map((param) => Object.freeze(param)));
  const pathRegExp = new RegExp(`^${regExpSource(nodes, params)}/?$`);
  let list: string | undefined;

  const matchPath = (pathPart: string): MatchedParams | undefined => {
    const match = pathRegExp.exec(pathPart);
    if (match === null) return undefined;
    const out: MatchedParams = {};
    for (let i = 0; i < params.length; i++) {
      const raw = match[i + 1];
      if (raw === undefined) continue;
      const param = params[i]!;
      setOwn(out, param.name, param.wildcard ? raw.split('/').map(decode) : decode(raw));
    }
    return out;
  };

  const matchUrl = (rest: string): UrlMatch | undefined => {
    const query = rest.indexOf('?');
    // Where the path part may end, in the order tried. After the template's own escaped `?` the
    // query continues with `&`, or starts with `?` when the group holding the literal `?` was
    // omitted (see docs/concepts.md#endpoints): the shortest path part holding a `?` first, then
    // the whole rest, then the part before the first `?`.
    const cuts: number[] = [];
    if (hasLiteralQuery) {
      for (let cut = rest.indexOf('&'); cut >= 0; cut = rest.indexOf('&', cut + 1)) if (query >= 0 && query < cut) cuts.push(cut);
      cuts.push(rest.length);
    }
    cuts.push(query < 0 ? rest.length : query);
    for (const cut of cuts) {
      const params = matchPath(rest.slice(0, cut));
      if (params) return { params, search: cut < rest.length ? rest.slice(cut + 1) : undefined };
    }
    return undefined;
  };

  return Object.freeze({
    template,
    params,
    paramNames: new Set(params.map((p) => p.name)),
    hasLiteralQuery,
    fill(values: Readonly<Record<string, unknown>>, endpointName: string, bodyOnly = false): string {
      const texts: (string | undefined)[] = [];
      let missing: string[] | undefined;
      for (const param of params) {
        const text = paramText(getOwn(values, param.name), param, endpointName);
        if (text === undefined && !param.optional) (missing ??= []).push(`"${param.name}"`);
        texts.push(text);
      }
      if (missing) {
        // Development builds say when the parameters were there but read as the body (`selectError(state, Post.partialUpdate, { id })`).
        const hint = process.env.NODE_ENV !== 'production' && bodyOnly ? `. ${endpointName} sends a body, so it takes (params, body): its one argument was read as the body. Pass the URL parameters first: (params, body), or (params, undefined) for its key` : '';
        throw new TypeError(`${endpointName}: missing path parameter(s) ${missing.join(', ')} for path "${template}"${hint}`);
      }
      return emit(nodes, texts) ?? '';
    },
    matchPath,
    matchUrl,
    listTemplate: () => (list ??= listTemplateOf(template, parsed)),
    lastParam: endingParam(nodes, params),
  });
}

const compiledPaths = new Map<string, CompiledPath>();

/**
 * Validates and compiles a path template (see docs/concepts.md#endpoints), once per template string. Throws an
 * `Error` naming the offending token, its index and the fix for every invalid form (see docs/concepts.md#endpoints).
 * @example compilePath('/:group/posts/:id').fill({ group: 'react', id: 5 }, 'Post.get') // '/react/posts/5'
 */
export function compilePath(template: string): CompiledPath {
  let compiled = compiledPaths.get(template);
  if (compiled === undefined) {
    if (typeof template !== 'string') throw new TypeError(`Invalid path: expected a string template, got ${typeName(template)}`);
    compiled = buildCompiledPath(template);
    compiledPaths.set(template, compiled);
  }
  return compiled;
}
