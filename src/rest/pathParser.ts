/**
 * The path-template tokenizer (see docs/concepts.md#endpoints): validates (an invalid template throws with the token, its index
 * and the fix) and records the source position where the list template ends (see docs/concepts.md#resources).
 *
 * Written as one closure over local state rather than a class: a minifier renames locals but
 * never property names, so the parser's state (`text`, `nodes`, `endsWithSlash`, …) and its
 * steps cost a letter each in bundles instead of `this.name`.
 */
import type { PathParam } from './path';

export type PathNode =
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'param'; readonly index: number }
  | { readonly type: 'group'; readonly nodes: readonly PathNode[] };

/** A tokenized, valid template. */
export interface ParsedPath {
  readonly params: readonly PathParam[];
  /**
   * Where the list template ends (see docs/concepts.md#resources): before the outermost `{` around
   * the last parameter; else before the last unescaped `/` ahead of it (or before the `{` of the
   * closed group holding that `/`); else at the parameter. `undefined` without a parameter.
   */
  readonly listCut: number | undefined;
  readonly root: readonly PathNode[];
  readonly hasLiteralQuery: boolean;
}

const NAME = /[A-Za-z_$][A-Za-z0-9_$]*/y;
const ESCAPE_IT = 'Escape it with \\ to use it literally';

/** An ASCII name (see docs/concepts.md#endpoints) at `index`, or `''`. */
function nameAt(template: string, index: number): string {
  NAME.lastIndex = index;
  return NAME.exec(template)?.[0] ?? '';
}

/** Throws at the invalid token; `fix` (how to write it instead) is development advice, '' in production bundles. */
function fail(template: string, index: number, token: string, fix: string): never {
  throw new Error(`Invalid path "${template}": unexpected "${token}" at index ${index}.${fix ? ` ${fix}` : ''}`);
}

/** The name after the `:` or `*` at `start`, quoted or not, and the index after it. */
function readName(template: string, start: number): { name: string; end: number } {
  let end = start + 1;
  if (template[end] !== '"') {
    const name = nameAt(template, end);
    // The token is the `:` or `*` itself; the advice depends on which.
    if (name === '') {
      fail(
        template,
        start,
        template[start]!,
        process.env.NODE_ENV !== 'production'
          ? template[start] === '*'
            ? `A wildcard needs a name, as in *path. ${ESCAPE_IT}`
            : `A parameter needs a name, as in :id or :"post-id". ${ESCAPE_IT}; for a scheme or port write https\\://`
          : '',
      );
    }
    return { name, end: end + name.length };
  }
  let name = '';
  for (end++; template[end] !== '"'; end++) {
    if (end >= template.length) fail(template, start + 1, '"', process.env.NODE_ENV !== 'production' ? 'Close the quoted parameter name with a second "' : '');
    if (template[end] === '\\') end++;
    name += template[end] ?? '';
  }
  end++;
  if (name === '') fail(template, start, template.slice(start, end), process.env.NODE_ENV !== 'production' ? 'A parameter needs a name' : '');
  return { name, end };
}

/**
 * For a character that is never valid unescaped, the advice to give (`''` in production bundles:
 * only the template, the token and its index stay); `undefined` for an ordinary character.
 * The advice is one conditional expression, not a `return ''` before it: bundlers count the uses
 * in code after an early return, and would keep `ESCAPE_IT` in production bundles.
 */
function invalidCharFix(c: string): string | undefined {
  if (!'()?+![]'.includes(c)) return undefined;
  return process.env.NODE_ENV !== 'production'
    ? c === '(' || c === ')'
      ? `Parameter patterns are not supported; escape literal parentheses as \\${c}`
      : c === '?'
        ? `${ESCAPE_IT} (\\? starts a literal query string); "?" marks a parameter optional only right after its name`
        : ESCAPE_IT
    : '';
}

/** Tokenizes and validates one template (see docs/concepts.md#endpoints); throws at the first invalid token. */
export function parsePath(template: string): ParsedPath {
  const params: PathParam[] = [];
  let listCut: number | undefined;
  /** The list template's cut for a parameter after the last unescaped `/` so far (see `ParsedPath.listCut`). */
  let slashCut: number | undefined;
  const root: PathNode[] = [];
  const open: { start: number; parent: PathNode[] }[] = [];
  let hasLiteralQuery = false;
  let nodes = root;
  let text = '';
  /** `text` ends with an unescaped `/`, which a following `:name?` takes into its optional part. */
  let endsWithSlash = false;

  const flush = (): void => {
    if (text !== '') nodes.push({ type: 'text', value: text });
    text = '';
    endsWithSlash = false;
  };

  /** Reads `:name`, `:"name"` or `*name`, and a `?` right after it; returns the index after them. */
  const readParam = (start: number): number => {
    const wildcard = template[start] === '*';
    const { name, end } = readName(template, start);
    const source = template.slice(start, end);
    if (params.some((p) => p.name === name)) {
      fail(template, start, source, process.env.NODE_ENV !== 'production' ? `The parameter name "${name}" is used twice; rename one of them` : '');
    }
    const next = template[end];
    if (!wildcard && next === '+') fail(template, end, '+', process.env.NODE_ENV !== 'production' ? `Use a wildcard *${source.slice(1)}, whose value is string[]` : '');
    // `:id*` is the old zero-or-more modifier; `:id*rest` is a parameter followed by a wildcard.
    if (!wildcard && next === '*' && template[end + 1] !== '"' && nameAt(template, end + 1) === '') {
      fail(template, end, '*', process.env.NODE_ENV !== 'production' ? `Use an optional wildcard *${source.slice(1)}?` : '');
    }
    const marked = next === '?';
    const param: PathNode = { type: 'param', index: params.length };
    params.push({ name, optional: marked || open.length > 0, wildcard });
    listCut = open[0]?.start ?? slashCut ?? start;
    // Optional parameters (docs/concepts.md#endpoints): `/:id?` is `{/:id}`: a directly preceding unescaped `/` belongs to the optional part.
    const lead = marked && endsWithSlash;
    if (lead) text = text.slice(0, -1);
    flush();
    if (!marked) nodes.push(param);
    else nodes.push({ type: 'group', nodes: lead ? [{ type: 'text', value: '/' }, param] : [param] });
    return marked ? end + 1 : end;
  };

  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if (c === '\\') {
      const escaped = template[++i];
      if (escaped === undefined) fail(template, i - 1, c, process.env.NODE_ENV !== 'production' ? 'A trailing backslash escapes nothing; remove it or escape it as \\\\' : '');
      if (escaped === '?') hasLiteralQuery = true;
      text += escaped;
      endsWithSlash = false;
    } else if (c === ':' || c === '*') {
      i = readParam(i) - 1;
    } else if (c === '{') {
      flush();
      const group: PathNode[] = [];
      open.push({ start: i, parent: nodes });
      nodes.push({ type: 'group', nodes: group });
      nodes = group;
    } else if (c === '}') {
      if (open.length === 0) fail(template, i, c, process.env.NODE_ENV !== 'production' ? 'Balance the braces: this "}" closes no "{"' : '');
      if (template[i + 1] === '?') fail(template, i + 1, '?', process.env.NODE_ENV !== 'production' ? 'A {…} group is already optional; remove the "?"' : '');
      flush();
      nodes = open.pop()!.parent;
    } else {
      const fix = invalidCharFix(c);
      if (fix !== undefined) fail(template, i, c, fix);
      // A `/` inside a group cannot be a cut point once the group is closed: cut before the whole group.
      if (c === '/') slashCut = open[0]?.start ?? i;
      endsWithSlash = c === '/';
      text += c;
    }
  }
  const unclosed = open[open.length - 1];
  if (unclosed !== undefined) fail(template, unclosed.start, '{', process.env.NODE_ENV !== 'production' ? 'Balance the braces: this "{" is never closed with "}"' : '');
  flush();
  return { params, listCut, root, hasLiteralQuery };
}
