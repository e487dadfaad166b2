/**
 * Part 1 of the fuzz suite: random path templates from the path grammar, random
 * hostile parameter values, and an independent model of what `url()` must produce.
 *
 * The model is deliberately separate from the library: it never calls `compilePath`, it fills a
 * template from its own piece list with `encodeURIComponent` and writes the query string
 * with `URLSearchParams` (form-urlencoded, as WHATWG writes it).
 */
import fc from 'fast-check';

// ---------------------------------------------------------------------------------------------
// Templates

/** One piece of a template, kept both as source text and as what it emits. */
export type Piece =
  /** Literal text inside one path segment: `src` is the template text, `out` what it emits. */
  | { kind: 'text'; src: string; out: string }
  /** An unescaped `/`: a segment boundary. */
  | { kind: 'slash' }
  | { kind: 'param'; slot: number; quoted: boolean }
  | { kind: 'wild'; slot: number }
  /** `{…}`; `sugar` groups are written `/:name?` or `/*name?` (the `/` belongs to the optional part). */
  | { kind: 'group'; pieces: Piece[]; sugar: boolean }
  /** A literal query written `\?key=value` or `\?key=:name`: what follows is query text. */
  | { kind: 'query'; key: string; value: string | { slot: number } };

/** A generated template: pieces whose parameters are numbered slots, then the names given to the slots. */
export interface TemplateCase {
  /** `https\://host\:port` written before the path, or '' */
  absolute: { src: string; out: string };
  pieces: Piece[];
  names: { name: string; quoted: boolean }[];
  urlPrefix: string;
  method: 'GET' | 'DELETE' | 'POST' | 'PUT' | 'PATCH';
}

export interface SlotInfo {
  slot: number;
  name: string;
  wildcard: boolean;
  optional: boolean;
}

/** Serializes a template in the path syntax. */
export function templateOf(c: TemplateCase): string {
  return c.absolute.src + serialize(c.pieces, c.names);
}

function paramSrc(names: TemplateCase['names'], slot: number, sigil: ':' | '*'): string {
  const { name, quoted } = names[slot]!;
  return quoted ? `${sigil}"${name}"` : `${sigil}${name}`;
}

function serialize(pieces: readonly Piece[], names: TemplateCase['names']): string {
  let out = '';
  for (const piece of pieces) {
    switch (piece.kind) {
      case 'text':
        out += piece.src;
        break;
      case 'slash':
        out += '/';
        break;
      case 'param':
        out += paramSrc(names, piece.slot, ':');
        break;
      case 'wild':
        out += paramSrc(names, piece.slot, '*');
        break;
      case 'group':
        if (piece.sugar) {
          const inner = piece.pieces[1]!;
          out += '/' + (inner.kind === 'wild' ? paramSrc(names, inner.slot, '*') : paramSrc(names, (inner as { slot: number }).slot, ':')) + '?';
        } else out += `{${serialize(piece.pieces, names)}}`;
        break;
      case 'query':
        out += `\\?${piece.key}=` + (typeof piece.value === 'string' ? piece.value : paramSrc(names, piece.value.slot, ':'));
        break;
    }
  }
  return out;
}

/** Every slot in template order, with optionality (inside any group) and kind. */
export function slotsOf(c: TemplateCase): SlotInfo[] {
  const out: SlotInfo[] = [];
  const walk = (pieces: readonly Piece[], optional: boolean) => {
    for (const piece of pieces) {
      if (piece.kind === 'param' || piece.kind === 'wild') {
        out.push({ slot: piece.slot, name: c.names[piece.slot]!.name, wildcard: piece.kind === 'wild', optional });
      } else if (piece.kind === 'group') walk(piece.pieces, true);
      else if (piece.kind === 'query' && typeof piece.value !== 'string') {
        out.push({ slot: piece.value.slot, name: c.names[piece.value.slot]!.name, wildcard: false, optional });
      }
    }
  };
  walk(c.pieces, false);
  return out;
}

/**
 * Whether filled URLs of this template parse back unambiguously (so a matcher must return the
 * very values filled in): at most one construct of variable length (a wildcard or an optional part).
 */
export function isUnambiguous(c: TemplateCase): boolean {
  let variable = 0;
  const walk = (pieces: readonly Piece[]) => {
    for (const piece of pieces) {
      if (piece.kind === 'wild') variable++;
      else if (piece.kind === 'group') {
        variable++;
        // a nested chain `{/:a{/:b}}` or `{…*w…}` adds more freedom than one count covers
        if (piece.pieces.some((p) => p.kind === 'group' || p.kind === 'wild')) variable++;
      }
    }
  };
  walk(c.pieces);
  return variable <= 1;
}

// --- arbitraries -------------------------------------------------------------------------------

/** Literal text for a whole static segment; never only dots (WHATWG would resolve it). */
const staticText: fc.Arbitrary<{ src: string; out: string }> = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9~_.-]{0,6}$/).map((s) => ({ src: s, out: s })),
  fc.constantFrom(
    { src: 'posts', out: 'posts' },
    { src: 'v1.2', out: 'v1.2' },
    { src: '\\(x\\)', out: '(x)' },
    { src: 'a\\*b', out: 'a*b' },
    { src: '\\{v\\}', out: '{v}' },
    { src: '\\[0\\]', out: '[0]' },
    { src: 'x\\!', out: 'x!' },
    { src: 'a\\+b', out: 'a+b' },
    { src: 'k\\:v', out: 'k:v' },
    { src: 'é', out: 'é' },
    { src: '~me', out: '~me' },
    { src: 'at@home', out: 'at@home' },
    { src: 'a=b,c;d', out: 'a=b,c;d' },
  ),
);

/** Text right after a parameter inside its segment: never starts with a name character. */
const suffixText = fc.constantFrom(
  { src: '.json', out: '.json' },
  { src: '.tar.gz', out: '.tar.gz' },
  { src: ',raw', out: ',raw' },
  { src: '\\)', out: ')' },
  { src: '@v2', out: '@v2' },
  { src: ';x', out: ';x' },
  { src: '\\!', out: '!' },
);

/** Text right before a parameter inside its segment. */
const prefixText = fc.constantFrom({ src: 'v', out: 'v' }, { src: '\\(', out: '(' }, { src: 'id=', out: 'id=' }, { src: '@', out: '@' }, { src: 'é', out: 'é' });

/** Separators between two parameters of one segment: characters `encodeURIComponent` always escapes. */
const separator = fc.constantFrom(
  { src: ',', out: ',' },
  { src: ';', out: ';' },
  { src: '@', out: '@' },
  { src: '=', out: '=' },
  { src: '\\:', out: ':' },
  { src: '\\+', out: '+' },
);

const SLOT = -1; // numbered afterwards
const param = (): Piece => ({ kind: 'param', slot: SLOT, quoted: false });
const text = (t: { src: string; out: string }): Piece => ({ kind: 'text', ...t });

/** One path segment (starting with its `/`), or an optional group of segments. */
function segmentArb(depth: number): fc.Arbitrary<Piece[]> {
  const plain: fc.Arbitrary<Piece[]>[] = [
    staticText.map((t) => [{ kind: 'slash' }, text(t)]),
    fc.constant([{ kind: 'slash' }, param()]),
    fc
      .record({ pre: fc.option(prefixText, { nil: undefined }), second: fc.option(separator, { nil: undefined }), suf: fc.option(suffixText, { nil: undefined }) })
      .map(({ pre, second, suf }) => {
        const pieces: Piece[] = [{ kind: 'slash' }];
        if (pre) pieces.push(text(pre));
        pieces.push(param());
        if (second) pieces.push(text(second), param());
        if (suf) pieces.push(text(suf));
        return pieces;
      }),
    // `/:a{,:b}`: an optional part inside one segment
    separator.map((sep) => [{ kind: 'slash' }, param(), { kind: 'group', sugar: false, pieces: [text(sep), param()] }]),
    fc.constant([{ kind: 'slash' }, { kind: 'wild', slot: SLOT }]),
    fc.constantFrom('param', 'wild').map((k) => [{ kind: 'group', sugar: true, pieces: [{ kind: 'slash' }, k === 'wild' ? { kind: 'wild', slot: SLOT } : param()] }]),
  ];
  if (depth > 0) {
    plain.push(
      fc.array(segmentArb(depth - 1), { minLength: 1, maxLength: 2 }).map((segments) => [{ kind: 'group', sugar: false, pieces: segments.flat() }]),
    );
  }
  return fc.oneof(...plain);
}

const queryPieceArb: fc.Arbitrary<Piece[]> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Piece[]>([]) },
  { weight: 1, arbitrary: fc.constant<Piece[]>([{ kind: 'query', key: 'per_page', value: '50' }]) },
  { weight: 1, arbitrary: fc.constant<Piece[]>([{ kind: 'query', key: 'q', value: { slot: SLOT } }]) },
  { weight: 1, arbitrary: fc.constant<Piece[]>([{ kind: 'group', sugar: false, pieces: [{ kind: 'query', key: 'q', value: { slot: SLOT } }] }]) },
);

/** Parameter names: identifiers (hostile ones included) and quoted names of any text. */
const nameArb: fc.Arbitrary<{ name: string; quoted: boolean }> = fc.oneof(
  fc.constantFrom('id', 'group', 'a', 'b', '$x', '_y', 'A1', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf').map((name) => ({ name, quoted: false })),
  fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$]{0,6}$/).map((name) => ({ name, quoted: false })),
  fc.constantFrom('post-id', 'a b', 'é😀', '1st', 'x.y', '__proto__', 'constructor', 'has:colon', 'a&b', 'k=v').map((name) => ({ name, quoted: true })),
);

/** Numbers the slots of freshly generated pieces in template order; returns the count. */
function numberSlots(pieces: Piece[], next = { n: 0 }): number {
  for (const piece of pieces) {
    if (piece.kind === 'param' || piece.kind === 'wild') piece.slot = next.n++;
    else if (piece.kind === 'group') numberSlots(piece.pieces, next);
    else if (piece.kind === 'query' && typeof piece.value !== 'string') piece.value = { slot: next.n++ };
  }
  return next.n;
}

const clonePieces = (pieces: readonly Piece[]): Piece[] =>
  pieces.map((p) => (p.kind === 'group' ? { ...p, pieces: clonePieces(p.pieces) } : p.kind === 'query' && typeof p.value !== 'string' ? { ...p, value: { ...p.value } } : { ...p }));

const absoluteArb = fc.constantFrom(
  { src: '', out: '' },
  { src: '', out: '' },
  { src: '', out: '' },
  { src: 'https\\://api.example.com', out: 'https://api.example.com' },
  { src: 'https\\://api.example.com\\:8443/v1', out: 'https://api.example.com:8443/v1' },
);

const prefixArb = fc.constantFrom('', 'https://api.example.com', 'https://api.example.com/v1', '/api', 'http://[::1]:8080');

export const templateCaseArb: fc.Arbitrary<TemplateCase> = fc
  .tuple(absoluteArb, fc.array(segmentArb(2), { minLength: 1, maxLength: 4 }), queryPieceArb, prefixArb, fc.constantFrom('GET', 'GET', 'DELETE', 'POST', 'PUT', 'PATCH') as fc.Arbitrary<TemplateCase['method']>)
  .chain(([absolute, segments, query, prefix, method]) => {
    const pieces = clonePieces([...segments.flat(), ...query]);
    const count = numberSlots(pieces);
    const names = fc.uniqueArray(nameArb, { minLength: count, maxLength: count, selector: (n) => n.name });
    return names.map((n) => ({ absolute, pieces, names: n, urlPrefix: absolute.src === '' ? prefix : '', method }));
  });

// ---------------------------------------------------------------------------------------------
// Values

/** Strings that break naive URL building. */
export const HOSTILE_TEXT = [
  '/', '//', '..', '.', '../x', '%2F', '%', '%25', '%E0%A4%A', '?', '??', '#', '#frag', '&', '&x=1', '=', 'a=b&c=d', '+', ' ', '\\', ':', ';',
  ',', '@', '!', '*', "'", '(', ')', '~', 'é', '😀', 'e\u0301', '\u0000', '\n', '\r\n', '\t', '\u2028', '\ufeff', '\u00a0', '__proto__', 'constructor',
  'prototype', 'toString', '<script>', '"', '{}', '[]', 'null', 'undefined', 'NaN',
];

/** A lone surrogate somewhere in a string: not well-formed Unicode (rejected with a TypeError). */
export const LONE_SURROGATES = ['\ud800', 'a\udc00b', '\udbff', 'x\ud83d'];

const hostileString = fc.string({
  unit: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) }, { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) }),
  minLength: 1,
  maxLength: 6,
});

const numberArb = fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.constantFrom(0, -0, 1.5, 1e21, -1e-7, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity));

/** A present (non-missing) scalar path value: a non-empty string or a number. */
export const scalarValue: fc.Arbitrary<string | number> = fc.oneof({ weight: 4, arbitrary: hostileString }, { weight: 1, arbitrary: numberArb });

/** What a test assigns to one parameter; `kind` says what the library must do with it. */
export type ValueCase =
  | { kind: 'present'; value: string | number | (string | number)[] }
  | { kind: 'absent'; value: undefined | null | '' | []; own: boolean }
  | { kind: 'badType'; value: unknown; type: string }
  | { kind: 'badElement'; value: unknown[] }
  | { kind: 'lone'; value: string | string[] };

const BAD_FOR_PARAM: [() => unknown, string][] = [
  [() => true, 'boolean'],
  [() => ({}), 'object'],
  [() => ['a'], 'array'],
  [() => () => 1, 'function'],
  [() => Symbol('s'), 'symbol'],
  [() => BigInt(5), 'bigint'],
];
const BAD_FOR_WILD: [() => unknown, string][] = [
  [() => 'x', 'string'],
  [() => 5, 'number'],
  [() => true, 'boolean'],
  [() => ({ 0: 'a', length: 1 }), 'object'],
];

/** A value that is present, or absent when the parameter is optional. */
export function cleanValueArb(wildcard: boolean, optional: boolean): fc.Arbitrary<ValueCase> {
  const present: fc.Arbitrary<ValueCase> = wildcard
    ? fc.array(scalarValue, { minLength: 1, maxLength: 4 }).map((value) => ({ kind: 'present', value }))
    : scalarValue.map((value) => ({ kind: 'present', value }));
  if (!optional) return present;
  return fc.oneof({ weight: 7, arbitrary: present }, { weight: 3, arbitrary: absentArb(wildcard) });
}

function absentArb(wildcard: boolean): fc.Arbitrary<ValueCase> {
  const absentValues: (undefined | null | '' | [])[] = wildcard ? [undefined, null, '', []] : [undefined, null, ''];
  return fc
    .record({ value: fc.constantFrom(...absentValues), own: fc.boolean() })
    .map(({ value, own }) => ({ kind: 'absent' as const, value: Array.isArray(value) ? [] : value, own }));
}

/** A value the library rejects (missing, of the wrong type, a bad wildcard element, a lone surrogate). */
export function faultyValueArb(wildcard: boolean): fc.Arbitrary<ValueCase> {
  return fc.oneof(
    absentArb(wildcard),
    fc.constantFrom(...(wildcard ? BAD_FOR_WILD : BAD_FOR_PARAM)).map(([make, type]) => ({ kind: 'badType' as const, value: make(), type })),
    fc.constantFrom(...LONE_SURROGATES).map((s) => ({ kind: 'lone' as const, value: wildcard ? ['ok', s] : s })),
    ...(wildcard ? [fc.constantFrom<unknown>('', true, null, {}).map((bad) => ({ kind: 'badElement' as const, value: ['a', bad] }))] : []),
  );
}

// --- search parameters -------------------------------------------------------------------------

export const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '', ' ', 'a b', 'a&b', 'a=b', '?', '#', '+', '%', 'é', '😀', '[]', 'k[0]', 'page', '1', 'A', '_'];

export type SearchValueCase =
  | { kind: 'dropped'; value: undefined | null }
  | { kind: 'ok'; value: unknown }
  | { kind: 'object'; value: unknown }
  | { kind: 'lone'; value: unknown };

const searchScalar = fc.oneof(
  { weight: 4, arbitrary: fc.oneof(hostileString, fc.constant('')) },
  { weight: 2, arbitrary: numberArb },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.bigInt({ min: BigInt(-1e20), max: BigInt(1e20) }) },
);

export const searchValueArb: fc.Arbitrary<SearchValueCase> = fc.oneof(
  { weight: 10, arbitrary: searchScalar.map((value) => ({ kind: 'ok' as const, value })) },
  {
    weight: 5,
    arbitrary: fc
      .array(fc.oneof({ weight: 5, arbitrary: searchScalar }, { weight: 1, arbitrary: fc.constantFrom(null, undefined) }), { maxLength: 4 })
      .map((value) => ({ kind: 'ok' as const, value })),
  },
  { weight: 2, arbitrary: fc.constantFrom(undefined, null).map((value) => ({ kind: 'dropped' as const, value })) },
);

/** Query values the library rejects, and lone surrogates. */
export const faultySearchValueArb: fc.Arbitrary<SearchValueCase> = fc.oneof(
  fc
    .constantFrom<() => unknown>(() => ({ tag: 'a' }), () => ['a', { x: 1 }], () => [() => 1], () => [Symbol('s')], () => new Map())
    .map((make) => ({ kind: 'object' as const, value: make() })),
  fc.constantFrom(...LONE_SURROGATES).map((s) => ({ kind: 'lone' as const, value: s })),
);

export const searchKeyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
  { weight: 2, arbitrary: fc.string({ unit: fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), maxLength: 4 }) },
);

export const faultySearchKeyArb: fc.Arbitrary<string> = fc.constantFrom(...LONE_SURROGATES);

// ---------------------------------------------------------------------------------------------
// The model

export const hasLoneSurrogate = (s: string): boolean => /\p{Surrogate}/u.test(s);

/** Own-property read that ignores prototypes (a slot may be named `__proto__` or `constructor`). */
export function own(obj: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? Object.getOwnPropertyDescriptor(obj, key)!.value : undefined;
}

/** The expected failure of `url()`: each descriptor is one acceptable error (the order of the checks is not part of the contract). */
export type Expected =
  | { ok: true; url: string; segments: string[]; literalPairs: [string, string][]; searchPairs: [string, string][]; emitted: Record<string, string | string[]> }
  | { ok: false; errors: ExpectedError[] };

export type ExpectedError =
  | { kind: 'missing'; names: string[] }
  | { kind: 'badType'; name: string }
  | { kind: 'lone'; name: string }
  | { kind: 'dot'; name: string }
  | { kind: 'searchObject'; key: string }
  | { kind: 'searchLone'; key: string };

/**
 * A value that is exactly `.` or `..` is rejected: written bare (encodeURIComponent leaves dots)
 * URL parsers resolve it as a dot segment and the request would go to another path. (The fuzz
 * suite found this: `url({ id: '..' })` on '/users/:id/posts' requested '/posts'.)
 */
const isDotValue = (text: string): boolean => text === '.' || text === '..';

const isMissing = (v: unknown, wildcard: boolean): boolean => v === undefined || v === null || v === '' || (wildcard && Array.isArray(v) && v.length === 0);

/** Per slot: the encoded text and the raw segments, or undefined when missing. */
function slotTexts(c: TemplateCase, params: Record<string, unknown>, errors: ExpectedError[], missing: string[]) {
  const texts = new Map<number, { enc: string; raw: string[] }>();
  for (const slot of slotsOf(c)) {
    const v = own(params, slot.name);
    if (isMissing(v, slot.wildcard)) {
      if (!slot.optional) missing.push(slot.name);
      continue;
    }
    if (!slot.wildcard) {
      if (typeof v !== 'string' && typeof v !== 'number') {
        errors.push({ kind: 'badType', name: slot.name });
        continue;
      }
      const s = String(v);
      if (hasLoneSurrogate(s)) {
        errors.push({ kind: 'lone', name: slot.name });
        continue;
      }
      if (isDotValue(s)) {
        errors.push({ kind: 'dot', name: slot.name });
        continue;
      }
      texts.set(slot.slot, { enc: encodeURIComponent(s), raw: [s] });
      continue;
    }
    if (!Array.isArray(v) || v.some((item) => (typeof item !== 'string' || item === '') && typeof item !== 'number')) {
      errors.push({ kind: 'badType', name: slot.name });
      continue;
    }
    const raw = v.map(String);
    if (raw.some(hasLoneSurrogate)) {
      errors.push({ kind: 'lone', name: slot.name });
      continue;
    }
    if (raw.some(isDotValue)) {
      errors.push({ kind: 'dot', name: slot.name });
      continue;
    }
    texts.set(slot.slot, { enc: raw.map(encodeURIComponent).join('/'), raw });
  }
  return texts;
}

type Token = { t: 'lit'; enc: string; raw: string } | { t: 'sep' } | { t: 'query'; key: string; value: string; enc: string; slot?: number } | { t: 'val'; slot: number };

/** A group is written only when every parameter directly inside it has a value. */
function emitPieces(pieces: readonly Piece[], texts: Map<number, { enc: string; raw: string[] }>): Token[] | undefined {
  const out: Token[] = [];
  for (const piece of pieces) {
    switch (piece.kind) {
      case 'text':
        out.push({ t: 'lit', enc: piece.out, raw: piece.out });
        break;
      case 'slash':
        out.push({ t: 'sep' });
        break;
      case 'param':
      case 'wild':
        if (!texts.has(piece.slot)) return undefined;
        out.push({ t: 'val', slot: piece.slot });
        break;
      case 'group':
        out.push(...(emitPieces(piece.pieces, texts) ?? []));
        break;
      case 'query': {
        if (typeof piece.value === 'string') out.push({ t: 'query', key: piece.key, value: piece.value, enc: piece.value });
        else {
          const text = texts.get(piece.value.slot);
          if (text === undefined) return undefined;
          out.push({ t: 'query', key: piece.key, value: text.raw[0]!, enc: text.enc, slot: piece.value.slot });
        }
      }
    }
  }
  return out;
}

/** The query pairs in order, or the errors of bad query values (and lone surrogates). */
function searchPairsOf(search: Record<string, unknown>, errors: ExpectedError[]): [string, string][] {
  const pairs: [string, string][] = [];
  const keys = Object.keys(search)
    .filter((k) => own(search, k) !== undefined && own(search, k) !== null)
    .sort();
  for (const key of keys) {
    const v = own(search, key);
    const items = Array.isArray(v) ? v : [v];
    if (hasLoneSurrogate(key)) {
      errors.push({ kind: 'searchLone', key });
      continue;
    }
    const keyPairs: [string, string][] = [];
    for (const item of items) {
      if (item === undefined || item === null) continue;
      if (typeof item === 'object' || typeof item === 'function' || typeof item === 'symbol') {
        errors.push({ kind: 'searchObject', key });
        break;
      }
      const text = String(item);
      if (hasLoneSurrogate(text)) {
        errors.push({ kind: 'searchLone', key });
        break;
      }
      keyPairs.push([key, text]);
    }
    pairs.push(...keyPairs);
  }
  return pairs;
}

/** What `url(params)` must give for this template, computed without the library. */
export function expectedUrl(c: TemplateCase, params: Record<string, unknown>): Expected {
  const slots = slotsOf(c);
  const slotNames = new Set(slots.map((s) => s.name));
  const pathParams: Record<string, unknown> = {};
  const search: Record<string, unknown> = {};
  for (const key of Object.keys(params)) {
    const v = own(params, key);
    if (v === undefined || v === null) continue; // absent values are dropped before anything else
    Object.defineProperty(slotNames.has(key) ? pathParams : search, key, { value: v, enumerable: true, writable: true, configurable: true });
  }
  const errors: ExpectedError[] = [];
  const missing: string[] = [];
  const texts = slotTexts(c, pathParams, errors, missing);
  if (missing.length > 0) errors.push({ kind: 'missing', names: missing });
  const searchErrors: ExpectedError[] = [];
  const searchPairs = searchPairsOf(search, searchErrors);
  // Path errors come first (the path is filled before the query is written); either kind is a
  // clear TypeError, and no order between them is promised, so any listed error is accepted.
  if (errors.length > 0 || searchErrors.length > 0) return { ok: false, errors: errors.length > 0 ? errors : searchErrors };

  const tokens = emitPieces(c.pieces, texts) ?? [];
  let path = '';
  const segments: string[] = [];
  let current: string | undefined;
  const literalPairs: [string, string][] = [];
  let literalQuery = '';
  const emitted: Record<string, string | string[]> = {};
  for (const token of tokens) {
    if (token.t === 'sep') {
      if (current !== undefined) segments.push(current);
      current = '';
      path += '/';
    } else if (token.t === 'lit') {
      current = (current ?? '') + token.raw;
      path += token.enc;
    } else if (token.t === 'val') {
      const text = texts.get(token.slot)!;
      const slot = slots.find((s) => s.slot === token.slot)!;
      Object.defineProperty(emitted, slot.name, { value: slot.wildcard ? text.raw : text.raw[0]!, enumerable: true, writable: true, configurable: true });
      text.raw.forEach((raw, i) => {
        if (i > 0) {
          segments.push(current ?? '');
          current = '';
        }
        current = (current ?? '') + raw;
      });
      path += text.enc;
    } else {
      // A literal query: its own parameter is emitted too, after the `?`.
      literalPairs.push([token.key, token.value]);
      literalQuery = `?${token.key}=${token.enc}`;
      if (token.slot !== undefined) {
        const slot = slots.find((s) => s.slot === token.slot)!;
        Object.defineProperty(emitted, slot.name, { value: token.value, enumerable: true, writable: true, configurable: true });
      }
    }
  }
  if (current !== undefined) segments.push(current);
  const searchText = new URLSearchParams(searchPairs).toString();
  const head = c.urlPrefix + c.absolute.out + path + literalQuery;
  const url = searchText === '' ? head : head + (literalQuery !== '' ? '&' : '?') + searchText;
  return { ok: true, url, segments, literalPairs, searchPairs, emitted };
}

/** Whether an error thrown by `url()` is one of the expected ones, with the content the docs promise. */
export function describesExpectedError(error: unknown, expected: ExpectedError[], endpointName: string, template: string): boolean {
  if (!(error instanceof TypeError)) return false;
  const message = error.message;
  if (!message.includes(endpointName)) return false;
  return expected.some((e) => {
    switch (e.kind) {
      case 'missing':
        return message.includes(`missing path parameter(s) ${e.names.map((n) => `"${n}"`).join(', ')}`) && message.includes(`"${template}"`);
      case 'badType':
        return message.includes(`path parameter "${e.name}"`) && /must be/.test(message) && /got \S/.test(message);
      case 'lone':
        return message.includes(`path parameter "${e.name}"`) && /surrogate|Unicode/i.test(message);
      case 'dot':
        return message.includes(`path parameter "${e.name}"`) && /dot segment/.test(message);
      case 'searchObject':
        return message.includes(`search parameter "${e.key}"`) && message.includes('searchToString');
      case 'searchLone':
        return message.includes(`search parameter "${e.key}"`) && /surrogate|Unicode/i.test(message);
    }
    return false;
  });
}
