/** The path-template tokenizer (see docs/concepts.md#endpoints): validates (an invalid template throws with the token, its index and the fix) and records source positions for the list template (see docs/concepts.md#resources). */
import type { PathParam } from './path';

export type PathNode =
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'param'; readonly index: number }
  | { readonly type: 'group'; readonly nodes: readonly PathNode[] };

/** A source position for the list template: where it is, and the outermost `{` around it. */
export interface Mark {
  readonly index: number;
  readonly outerGroup: number | undefined;
}

const NAME = /[A-Za-z_$][A-Za-z0-9_$]*/y;
const ESCAPE_IT = 'Escape it with \\ to use it literally';

/** An ASCII name (see docs/concepts.md#endpoints) at `index`, or `''`. */
function nameAt(template: string, index: number): string {
  NAME.lastIndex = index;
  return NAME.exec(template)?.[0] ?? '';
}

/** Tokenizes and validates one template (see docs/concepts.md#endpoints); throws at the first invalid token. */
export class PathParser {
  readonly params: PathParam[] = [];
  readonly paramMarks: Mark[] = [];
  /** Every unescaped `/`, in order. */
  readonly slashMarks: Mark[] = [];
  readonly root: PathNode[] = [];
  hasLiteralQuery = false;
  private readonly template: string;
  private readonly open: { start: number; parent: PathNode[] }[] = [];
  private nodes = this.root;
  private text = '';
  /** `text` ends with an unescaped `/`, which a following `:name?` takes into its optional part. */
  private endsWithSlash = false;

  constructor(template: string) {
    this.template = template;
  }

  parse(): this {
    const { template } = this;
    let i = 0;
    while (i < template.length) {
      const c = template[i]!;
      switch (c) {
        case '\\': {
          const escaped = template[i + 1];
          if (escaped === undefined) this.fail(i, c, process.env.NODE_ENV !== 'production' ? 'A trailing backslash escapes nothing; remove it or escape it as \\\\' : '');
          if (escaped === '?') this.hasLiteralQuery = true;
          this.text += escaped;
          this.endsWithSlash = false;
          i += 2;
          continue;
        }
        case ':':
        case '*':
          i = this.readParam(i);
          continue;
        case '{': {
          this.flush();
          const group: PathNode[] = [];
          this.open.push({ start: i, parent: this.nodes });
          this.nodes.push({ type: 'group', nodes: group });
          this.nodes = group;
          break;
        }
        case '}':
          if (this.open.length === 0) this.fail(i, c, process.env.NODE_ENV !== 'production' ? 'Balance the braces: this "}" closes no "{"' : '');
          if (template[i + 1] === '?') this.fail(i + 1, '?', process.env.NODE_ENV !== 'production' ? 'A {…} group is already optional; remove the "?"' : '');
          this.flush();
          this.nodes = this.open.pop()!.parent;
          break;
        case '(':
        case ')':
          this.fail(i, c, process.env.NODE_ENV !== 'production' ? `Parameter patterns are not supported; escape literal parentheses as \\${c}` : '');
          break;
        case '?':
          this.fail(i, c, process.env.NODE_ENV !== 'production' ? `${ESCAPE_IT} (\\? starts a literal query string); "?" marks a parameter optional only right after its name` : '');
          break;
        case '+':
        case '!':
        case '[':
        case ']':
          this.fail(i, c, process.env.NODE_ENV !== 'production' ? ESCAPE_IT : '');
          break;
        default:
          if (c === '/') this.slashMarks.push({ index: i, outerGroup: this.open[0]?.start });
          this.endsWithSlash = c === '/';
          this.text += c;
      }
      i++;
    }
    const unclosed = this.open[this.open.length - 1];
    if (unclosed !== undefined) this.fail(unclosed.start, '{', process.env.NODE_ENV !== 'production' ? 'Balance the braces: this "{" is never closed with "}"' : '');
    this.flush();
    return this;
  }

  /** Throws at the invalid token; `fix` (how to write it instead) is development advice, '' in production bundles. */
  private fail(index: number, token: string, fix: string): never {
    throw new Error(`Invalid path "${this.template}": unexpected "${token}" at index ${index}.${fix ? ` ${fix}` : ''}`);
  }

  private flush(): void {
    if (this.text !== '') this.nodes.push({ type: 'text', value: this.text });
    this.text = '';
    this.endsWithSlash = false;
  }

  /** The name after the `:` or `*` at `start`, quoted or not, and the index after it. */
  private readName(start: number): { name: string; end: number } {
    const { template } = this;
    let end = start + 1;
    if (template[end] !== '"') {
      const name = nameAt(template, end);
      if (name === '' && template[start] === '*') this.fail(start, '*', process.env.NODE_ENV !== 'production' ? `A wildcard needs a name, as in *path. ${ESCAPE_IT}` : '');
      if (name === '') {
        this.fail(start, ':', process.env.NODE_ENV !== 'production' ? `A parameter needs a name, as in :id or :"post-id". ${ESCAPE_IT}; for a scheme or port write https\\://` : '');
      }
      return { name, end: end + name.length };
    }
    let name = '';
    for (end++; template[end] !== '"'; end++) {
      if (end >= template.length) this.fail(start + 1, '"', process.env.NODE_ENV !== 'production' ? 'Close the quoted parameter name with a second "' : '');
      if (template[end] === '\\') end++;
      name += template[end] ?? '';
    }
    end++;
    if (name === '') this.fail(start, template.slice(start, end), process.env.NODE_ENV !== 'production' ? 'A parameter needs a name' : '');
    return { name, end };
  }

  /** Reads `:name`, `:"name"` or `*name`, and a `?` right after it; returns the index after them. */
  private readParam(start: number): number {
    const { template } = this;
    const wildcard = template[start] === '*';
    const { name, end } = this.readName(start);
    const source = template.slice(start, end);
    if (this.params.some((p) => p.name === name)) {
      this.fail(start, source, process.env.NODE_ENV !== 'production' ? `The parameter name "${name}" is used twice; rename one of them` : '');
    }
    const next = template[end];
    if (!wildcard && next === '+') this.fail(end, '+', process.env.NODE_ENV !== 'production' ? `Use a wildcard *${source.slice(1)}, whose value is string[]` : '');
    // `:id*` is the old zero-or-more modifier; `:id*rest` is a parameter followed by a wildcard.
    if (!wildcard && next === '*' && template[end + 1] !== '"' && nameAt(template, end + 1) === '') {
      this.fail(end, '*', process.env.NODE_ENV !== 'production' ? `Use an optional wildcard *${source.slice(1)}?` : '');
    }
    const marked = next === '?';
    const param: PathNode = { type: 'param', index: this.params.length };
    this.params.push({ name, optional: marked || this.open.length > 0, wildcard });
    this.paramMarks.push({ index: start, outerGroup: this.open[0]?.start });
    // Optional parameters (docs/concepts.md#endpoints): `/:id?` is `{/:id}`: a directly preceding unescaped `/` belongs to the optional part.
    const lead = marked && this.endsWithSlash;
    if (lead) this.text = this.text.slice(0, -1);
    this.flush();
    if (!marked) this.nodes.push(param);
    else this.nodes.push({ type: 'group', nodes: lead ? [{ type: 'text', value: '/' }, param] : [param] });
    return marked ? end + 1 : end;
  }
}
