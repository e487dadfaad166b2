/**
 * Query strings and whole URLs (see docs/concepts.md#endpoints), and the inverse the mock needs (see docs/getting-started.md#5-test-it-without-a-server).
 */
import { describeType } from '../internal/json';
import { getOwn, setOwn } from '../internal/own';
import { BODY_ONLY, encodeWellFormed, typeName } from './path';
import type { CompiledPath } from './path';
import { joinPrefix } from './urlPrefix';

/** An endpoint's `searchToString`: the query parameters → the query string, without a leading `?`. */
export type SearchToString = (params: Record<string, unknown>) => string;

/** URL parameters split: keys the template names go to the path, the others (without `undefined`/`null` values) to the query (see docs/concepts.md#endpoints); both objects are fresh and owned by the caller. */
export interface SplitParamsResult {
  readonly path: Record<string, unknown>;
  readonly search: Record<string, unknown>;
}

/**
 * Splits URL parameters (see docs/concepts.md#endpoints): keys the template names go to `path`, every other own
 * enumerable key to `search`; keys whose value is `undefined` or `null` are dropped.
 */
export function splitParams(compiled: CompiledPath, urlParams: Readonly<Record<string, unknown>>): SplitParamsResult {
  const path: Record<string, unknown> = {};
  const search: Record<string, unknown> = {};
  for (const key of Object.keys(urlParams)) {
    const value = urlParams[key];
    if (value === undefined || value === null) continue;
    setOwn(compiled.paramNames.has(key) ? path : search, key, value);
  }
  return { path, search };
}

// application/x-www-form-urlencoded (WHATWG URL, as `URLSearchParams` writes it): what
// `encodeURIComponent` leaves alone except `*-._` is percent-encoded, and a space is `+`.
const FORM_EXTRA = /%20|[!'()~]/g;
const formChar = (match: string): string => (match === '%20' ? '+' : `%${match.charCodeAt(0).toString(16).toUpperCase()}`);

/** Text that form encoding leaves as is (the common case: skips two scans and a copy). */
const FORM_SAFE = /^[A-Za-z0-9*._-]*$/;

function formEncode(text: string, endpointName: string, key: string): string {
  if (FORM_SAFE.test(text)) return text;
  return encodeWellFormed(text, endpointName, 'search', key).replace(FORM_EXTRA, formChar);
}

/** `describeType`, with the class of a class instance: `a Date object`. */
function describe(value: unknown): string {
  const proto: unknown = typeof value === 'object' && value !== null ? Object.getPrototypeOf(value) : null;
  const ctor = proto === null || proto === Object.prototype || Array.isArray(value) ? undefined : (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof ctor === 'string' && ctor !== '' ? `a ${ctor} object` : describeType(value);
}

/** The text of one query value, or the `TypeError` for a nested object that suggests a `searchToString` override (see docs/concepts.md#endpoints). */
function scalarText(value: unknown, endpointName: string, key: string, index: number | undefined): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
  }
  const where = index === undefined ? `is ${describe(value)}` : `holds ${describe(value)} at index ${index}`;
  // The advice inside the template: as a local constant it may stay behind as `let x = ""` in production.
  throw new TypeError(
    `${endpointName}: search parameter "${key}" ${where}.${process.env.NODE_ENV !== 'production' ? ' Query strings hold strings, numbers, booleans and arrays of them; override searchToString() to encode nested values.' : ''}`,
  );
}

/**
 * The default `searchToString` (see docs/concepts.md#endpoints): keys sorted by UTF-16 code unit, one pair per
 * array element, numbers, booleans and bigints through `String()`, form-urlencoded, joined with `&`.
 * @example searchToString({ tag: ['b', 'a'], q: 'a b' }, 'Post.getList') // 'q=a+b&tag=b&tag=a'
 */
export function searchToString(params: Readonly<Record<string, unknown>>, endpointName: string): string {
  let out = '';
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value === undefined || value === null) continue;
    const name = formEncode(key, endpointName, key);
    if (!Array.isArray(value)) {
      out += `${out === '' ? '' : '&'}${name}=${formEncode(scalarText(value, endpointName, key, undefined), endpointName, key)}`;
      continue;
    }
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === undefined || item === null) continue;
      out += `${out === '' ? '' : '&'}${name}=${formEncode(scalarText(item, endpointName, key, i), endpointName, key)}`;
    }
  }
  return out;
}

/**
 * `url()` without its prefix logic spelled out (see docs/concepts.md#endpoints): `urlPrefix` joined to the filled
 * template, then the query string after `?`, or after `&` when the filled template already holds
 * a literal `?`. `toSearch` is the endpoint's (possibly overridden) `searchToString`.
 */
export function buildUrl(
  compiled: CompiledPath,
  urlPrefix: string,
  urlParams: Readonly<Record<string, unknown>>,
  endpointName: string,
  toSearch: SearchToString,
): string {
  if (typeof urlParams !== 'object' || urlParams === null || Array.isArray(urlParams)) {
    throw new TypeError(`${endpointName}: URL parameters must be an object${process.env.NODE_ENV !== 'production' ? ' such as { id: 5 }' : ''}, got ${typeName(urlParams)}`);
  }
  const { path, search } = splitParams(compiled, urlParams);
  const filled = compiled.fill(path, endpointName, urlParams === BODY_ONLY);
  const query = toSearch(search);
  // Values are percent-encoded by `fill`, so a `?` in `filled` is always the template's own.
  const joined = joinPrefix(urlPrefix, filled);
  return query === '' ? joined : `${joined}${filled.includes('?') ? '&' : '?'}${query}`;
}

/**
 * Query parameters rebuilt from a query string (see docs/getting-started.md#5-test-it-without-a-server): values as strings, a repeated key as
 * an array in order. Form-decoded (`+` is a space); a malformed escape is kept as written.
 */
export function parseSearch(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const previous = getOwn(out, key);
    if (previous === undefined) setOwn(out, key, value);
    else if (Array.isArray(previous)) previous.push(value);
    else setOwn(out, key, [previous, value]);
  }
  return out;
}
