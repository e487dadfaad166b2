import fc from 'fast-check';
import { compile as p2rCompile, parse as p2rParse } from 'path-to-regexp';
import type { Token as P2rToken } from 'path-to-regexp';
import { compilePath } from '../../src/rest/path';
import { buildUrl, parseSearch, searchToString } from '../../src/rest/search';

// A fixed seed keeps runs reproducible; fast-check prints it (and the shrunk counterexample) on
// failure. Set FC_SEED to explore other runs.
const seed = Number(process.env.FC_SEED ?? 122026);
const assertProperty = (property: fc.IProperty<never> | fc.IProperty<[unknown]>) => fc.assert(property, { seed, numRuns: 1000 });

const count = (char: string, text: string) => text.split(char).length - 1;

/** Parameter text with the characters that break naive URL building: / ? # % .. & + space, unicode. */
const nasty = fc.constantFrom('/', '?', '#', '%', '..', '.', '&', '=', '+', ' ', '%2F', '\\', ':', '{', '}', '*', '-', 'é', '😀', '\u00a0');
// A whole value of `.` or `..` is rejected (a dot segment would move the path); dots inside values stay.
const notDotSegment = (value: string) => value !== '.' && value !== '..';
const text = fc.string({ unit: fc.oneof(nasty, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), minLength: 1, maxLength: 10 }).filter(notDotSegment);
const scalar = fc.oneof(text, fc.integer(), fc.double());
const segments = fc.array(scalar, { minLength: 1, maxLength: 4 });

interface Case {
  template: string;
  /** The parameters `fill` writes, given which ones have a value. */
  emitted(has: (name: string) => boolean): string[];
  /** Literal `/` in the filled path (wildcard joins come on top). */
  slashes(emitted: readonly string[]): number;
}

const fixed = (template: string, names: string[], slashes: number): Case => ({ template, emitted: () => names, slashes: () => slashes });
const optional = (template: string, name: string, without: number, withIt: number): Case => ({
  template,
  emitted: (has) => (has(name) ? [name] : []),
  slashes: (emitted) => (emitted.length > 0 ? withIt : without),
});

// Templates whose filled paths are unambiguous, so `matchUrl` must give back exactly what was filled.
const cases: Case[] = [
  fixed('/:group/posts/:id', ['group', 'id'], 3),
  fixed('/:id.json', ['id'], 1),
  fixed('/:a,:b', ['a', 'b'], 1),
  fixed('/:"post-id"/x', ['post-id'], 2),
  fixed('/files/*path', ['path'], 2),
  fixed('/repos/:owner/*path/raw', ['owner', 'path'], 4),
  fixed('https\\://api.example.com\\:8443/v1/:id', ['id'], 4),
  fixed('/users/:login/events/public\\?per_page=50', ['login'], 4),
  fixed('/search\\?q=:q', ['q'], 1),
  fixed('/a\\/b/:id', ['id'], 3),
  fixed('/\\(:id\\)', ['id'], 1),
  optional('/posts/:id?', 'id', 1, 2),
  optional('/users{/:id}', 'id', 1, 2),
  optional('/files/*path?', 'path', 1, 2),
  {
    template: '/a{/:x/:y}',
    emitted: (has) => (has('x') && has('y') ? ['x', 'y'] : []),
    slashes: (emitted) => 1 + emitted.length,
  },
  {
    template: '/a{/:x{/:y}}',
    emitted: (has) => (has('x') ? (has('y') ? ['x', 'y'] : ['x']) : []),
    slashes: (emitted) => 1 + emitted.length,
  },
];

/** Random values for every parameter of a template; optional ones may be absent. */
function valuesFor(template: string): fc.Arbitrary<Record<string, unknown>> {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const param of compilePath(template).params) {
    const value: fc.Arbitrary<unknown> = param.wildcard ? segments : scalar;
    record[param.name] = param.optional ? fc.option(value, { nil: undefined }) : value;
  }
  return fc.record(record);
}

const asText = (value: unknown) => (Array.isArray(value) ? value.map(String) : String(value));

describe('fill then match gives back the same parameters (property)', () => {
  it('encoded values round-trip through matchUrl and never add a path segment', () => {
    const sample = fc.constantFrom(...cases).chain((c) => fc.tuple(fc.constant(c), valuesFor(c.template)));
    assertProperty(
      fc.property(sample, ([c, values]) => {
        const compiled = compilePath(c.template);
        const path = compiled.fill(values, 'P.get');
        const emitted = c.emitted((name) => values[name] !== undefined);
        const expected = Object.fromEntries(emitted.map((name) => [name, asText(values[name])]));
        expect(compiled.matchUrl(path)).toEqual({ params: expected, search: undefined });
        const wildcards = compiled.params.filter((p) => p.wildcard && emitted.includes(p.name));
        const joins = wildcards.reduce((n, p) => n + (values[p.name] as unknown[]).length - 1, 0);
        expect(count('/', path)).toBe(c.slashes(emitted) + joins);
        expect(count('?', path)).toBe(count('\\?', c.template));
        expect(path).not.toContain('#');
      }),
    );
  });

  it('a whole URL with a query string gives back its path and query parameters', () => {
    const searchKey = fc.constantFrom('author', 'page', 'tag', 'sort', 'é x');
    const search = fc.dictionary(searchKey, fc.oneof(text, fc.integer(), fc.array(text, { maxLength: 3 })));
    const sample = fc.constantFrom(...cases).chain((c) => fc.tuple(fc.constant(c), valuesFor(c.template), search));
    assertProperty(
      fc.property(sample, ([c, values, query]) => {
        const compiled = compilePath(c.template);
        const url = buildUrl(compiled, '', { ...query, ...values }, 'P.get', (params) => searchToString(params, 'P.get'));
        const match = compiled.matchUrl(url);
        const emitted = c.emitted((name) => values[name] !== undefined);
        expect(match?.params).toEqual(Object.fromEntries(emitted.map((name) => [name, asText(values[name])])));
        const expectedQuery = Object.fromEntries(
          Object.entries(query)
            .map(([key, value]): [string, unknown] => [key, Array.isArray(value) && value.length === 1 ? value[0] : value])
            .filter(([, value]) => !(Array.isArray(value) && value.length === 0))
            .map(([key, value]) => [key, asText(value)]),
        );
        expect(parseSearch(match?.search ?? '')).toEqual(expectedQuery);
      }),
    );
  });
});

describe('every rejected template names the token found at the index it reports (property)', () => {
  it('random templates from the grammar characters compile or throw a well-formed error', () => {
    const unit = fc.constantFrom(':', '*', '?', '{', '}', '(', ')', '\\', '"', '/', 'a', 'b', '+', '!', '[', ']', '-', '.');
    assertProperty(
      fc.property(fc.string({ unit, maxLength: 12 }), (template) => {
        let compiled;
        try {
          compiled = compilePath(template);
        } catch (error) {
          const match = /^Invalid path "([^]*)": unexpected "([^]+)" at index (\d+)\. \S/.exec((error as Error).message);
          expect(match?.[1]).toBe(template);
          expect(template.startsWith(match![2]!, Number(match![3]))).toBe(true);
          return;
        }
        // Whatever a valid template fills, it matches back.
        const values = Object.fromEntries(compiled.params.map((p) => [p.name, p.wildcard ? ['v/', '?'] : 'v#']));
        expect(compiled.matchUrl(compiled.fill(values, 'P'))).toBeDefined();
      }),
    );
  });
});

// ---- Differential test against path-to-regexp@8.4.2 on the grammar both share -------------------

/** A template piece; serialized twice: in our grammar and in path-to-regexp's. */
type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'escape'; char: string }
  | { kind: 'param' | 'wildcard'; quoted: boolean }
  | { kind: 'optional'; lead: boolean; wildcard: boolean }
  | { kind: 'group'; pieces: Piece[] };

const pieceArb: fc.Arbitrary<Piece> = fc.letrec<{ piece: Piece }>((tie) => ({
  piece: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ kind: fc.constant('text' as const), text: fc.stringMatching(/^[/.~-][a-z0-9/.~-]{0,3}$/) }),
    fc.record({ kind: fc.constant('escape' as const), char: fc.constantFrom(...':*?(){}[]+!\\/"') }),
    fc.record({ kind: fc.constantFrom('param' as const, 'wildcard' as const), quoted: fc.boolean() }),
    fc.record({ kind: fc.constant('optional' as const), lead: fc.boolean(), wildcard: fc.boolean() }),
    fc.record({ kind: fc.constant('group' as const), pieces: fc.array(tie('piece'), { maxLength: 3 }) }),
  ),
})).piece;

/** Serializes pieces, naming parameters p0, p1, … in order; `ours` uses `:name?`, theirs `{/:name}`. */
function serialize(pieces: Piece[], ours: boolean, counter = { n: 0 }): string {
  let out = '';
  for (const piece of pieces) {
    switch (piece.kind) {
      case 'text':
        out += piece.text;
        break;
      case 'escape':
        out += `\\${piece.char}`;
        break;
      case 'group':
        out += `{${serialize(piece.pieces, ours, counter)}}`;
        break;
      case 'param':
      case 'wildcard': {
        const name = `p${counter.n++}`;
        out += (piece.kind === 'param' ? ':' : '*') + (piece.quoted ? `"${name}"` : name);
        break;
      }
      case 'optional': {
        // Without a lead "/", a "-" keeps a "/" of the previous piece out of the optional part.
        const lead = piece.lead ? '/' : '-';
        const name = `${piece.wildcard ? '*' : ':'}p${counter.n++}`;
        out += ours ? `${lead}${name}?` : piece.lead ? `{/${name}}` : `-{${name}}`;
      }
    }
  }
  return out;
}

function flattenP2r(tokens: readonly P2rToken[], inGroup = false): { name: string; optional: boolean; wildcard: boolean }[] {
  return tokens.flatMap((token) => {
    if (token.type === 'group') return flattenP2r(token.tokens, true);
    if (token.type === 'text') return [];
    return [{ name: token.name, optional: inGroup, wildcard: token.type === 'wildcard' }];
  });
}

const attempt = (run: () => string): { ok: string } | { threw: true } => {
  try {
    return { ok: run() };
  } catch {
    return { threw: true };
  }
};

describe('the tokenizer and fill agree with path-to-regexp@8.4.2 where the grammars overlap (property)', () => {
  it('same parameters, same optionality, same filled paths', () => {
    const nonEmpty = fc.string({ unit: fc.oneof(nasty, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), minLength: 1, maxLength: 6 }).filter(notDotSegment);
    // One value per parameter (at most 12 in a template): absent, a string, or segments.
    const value = fc.option(fc.oneof(nonEmpty, fc.array(nonEmpty, { minLength: 1, maxLength: 3 })), { nil: undefined });
    const sample = fc.tuple(fc.array(pieceArb, { minLength: 1, maxLength: 6 }), fc.array(value, { minLength: 12, maxLength: 12 }));
    assertProperty(
      fc.property(sample, ([pieces, rawValues]) => {
        const ours = serialize(pieces, true);
        const theirs = serialize(pieces, false);
        const compiled = compilePath(ours);
        expect(compiled.params).toEqual(flattenP2r(p2rParse(theirs).tokens));
        const values: Record<string, string | string[]> = {};
        compiled.params.forEach((param, i) => {
          const value = rawValues[i];
          if (value === undefined) return;
          values[param.name] = param.wildcard ? [value].flat() : [value].flat().join('');
        });
        expect(attempt(() => compiled.fill(values, 'P'))).toEqual(attempt(() => p2rCompile(theirs)(values)));
      }),
    );
  });
});
