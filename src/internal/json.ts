import { hasOwn, setOwn } from './own';

/**
 * A value met on its way into Redux state whose content JSON cannot carry: a `Blob`, an
 * `ArrayBuffer`, a typed array, a `Map`, `FormData`, a stream… `JSON.stringify` would write `{}`
 * (or index keys), silently losing the data, so `toJSONValue` throws this instead.
 * `kind` is the object's class (`'Blob'`), `path` where it sat (`''`, `.files[0]`).
 */
export class NotJSONError extends TypeError {
  path = '';
  constructor(readonly kind: string) {
    super();
    this.at('');
  }

  /** Records one more step of the path, from the innermost outwards, and rewrites the message. */
  at(step: string | number): this {
    this.path = (typeof step === 'number' ? `[${step}]` : step && `.${step}`) + this.path;
    const article = /^[AEIO]/.test(this.kind) ? 'an' : 'a';
    this.message = `${this.path ? `the value at ${this.path}` : 'the response'} is ${article} ${this.kind}, which Redux state (plain JSON) cannot hold`;
    return this;
  }
}

/** A thrown value on its way out of one step of a walk: a `NotJSONError` records the step, anything else passes as is. */
function atStep(error: unknown, step: string | number): unknown {
  return error instanceof NotJSONError ? error.at(step) : error;
}

/**
 * Brings a value to the form `JSON.stringify` would write (see docs/internals.md#the-state): `toJSON()` is applied,
 * functions, symbols and `undefined` fields are dropped (they become `null` inside arrays),
 * non-finite numbers become `null`, bigints become decimal strings, boxed primitives are unboxed,
 * and class instances become plain objects of their own enumerable fields. Returns the same
 * reference when the value is already JSON, so the common case allocates nothing.
 *
 * Built-in objects whose content lives outside their own fields (`Blob`, `ArrayBuffer`, typed
 * arrays, `Map`, `Set`, `FormData`, streams, `RegExp`, `Error`…) throw a `NotJSONError`: written
 * as `JSON.stringify` would, they would become `{}` and their data would be lost without a word.
 * `strict: false` keeps `JSON.stringify`'s lossy form instead, for cache keys,
 * where no data is stored.
 */
export function toJSONValue(value: unknown, strict = true): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value.toString();
    case 'object':
      return value === null ? null : objectToJSON(value, '', strict);
    default:
      return undefined;
  }
}

function objectToJSON(value: object, key: string, strict: boolean): unknown {
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return toJSONValue(toJSON.call(value, key), strict);
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    let i = 0;
    try {
      for (; i < value.length; i++) {
        const item: unknown = value[i];
        const next = toJSONValue(item, strict) ?? null;
        if (next !== item && out === undefined) out = value.slice(0, i);
        if (out !== undefined) out.push(next);
      }
    } catch (error) {
      throw atStep(error, i);
    }
    return out ?? value;
  }
  const proto = Object.getPrototypeOf(value);
  // Symbol-keyed properties are not JSON: an object holding any is copied without them.
  const plain = (proto === Object.prototype || proto === null) && Object.getOwnPropertySymbols(value).length === 0;
  if (!plain) {
    // Whether JSON can carry an object that is neither plain nor has `toJSON`: class instances
    // keep their own fields; objects of built-in classes (whose `Object.prototype.toString` tag is
    // not `Object`) keep theirs in internal slots. A boxed primitive is unboxed.
    const tag = Object.prototype.toString.call(value).slice(8, -1);
    if (tag === 'String' || tag === 'Number' || tag === 'Boolean') return toJSONValue((value as { valueOf(): unknown }).valueOf(), strict);
    if (strict && tag !== 'Object' && tag !== 'Array') throw new NotJSONError(tag);
  }
  let out: Record<string, unknown> | undefined = plain ? undefined : {};
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  let i = 0;
  try {
    for (; i < keys.length; i++) {
      const k = keys[i]!;
      const item = source[k];
      const next = typeof item === 'object' && item !== null ? objectToJSON(item, k, strict) : toJSONValue(item, strict);
      if (out === undefined && next !== item) {
        out = {};
        for (let j = 0; j < i; j++) setOwn(out, keys[j]!, source[keys[j]!]);
      }
      if (out !== undefined && next !== undefined) setOwn(out, k, next);
    }
  } catch (error) {
    throw atStep(error, keys[i]!);
  }
  return out ?? value;
}

/** Structural equality of two JSON values (see docs/concepts.md#entities): same own keys, each value equal. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let count = 0;
  for (const k in ra) {
    if (!hasOwn(ra, k)) continue;
    count++;
    if (!hasOwn(rb, k) || !jsonEqual(ra[k], rb[k])) return false;
  }
  for (const k in rb) if (hasOwn(rb, k)) count--;
  return count === 0;
}

/**
 * Deterministic key of an argument object (see docs/concepts.md#schemas): `undefined` values dropped, top-level
 * numbers and booleans as strings, `null` kept, keys sorted by UTF-16 code unit.
 */
export function stableArgsKey(args: unknown): string {
  if (args === undefined || args === null) return '{}';
  if (typeof args !== 'object') return JSON.stringify(String(args));
  const source = args as Record<string, unknown>;
  const keys = Object.keys(source).sort();
  let out = '{';
  for (const k of keys) {
    const encoded = encodeArgValue(source[k]);
    if (encoded === undefined) continue;
    if (out.length > 1) out += ',';
    out += JSON.stringify(k) + ':' + encoded;
  }
  return out + '}';
}

/**
 * Cache key of a whole argument list: objects encoded as `stableArgsKey` does (so key order and
 * number-versus-string do not matter, see docs/concepts.md#endpoints, docs/concepts.md#schemas), other values as JSON.
 */
export function argsCacheKey(args: readonly unknown[]): string {
  let out = '';
  for (const arg of args) {
    const encoded =
      typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? stableArgsKey(arg) : JSON.stringify(toJSONValue(arg, false));
    out += (encoded ?? 'undefined') + '\u0001';
  }
  return out;
}

/** JSON text of one top-level argument value as `stableArgsKey` writes it, or `undefined` when dropped. */
export function encodeArgValue(value: unknown): string | undefined {
  switch (typeof value) {
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'number':
    case 'boolean':
    case 'bigint':
      return JSON.stringify(String(value));
    default:
      return JSON.stringify(toJSONValue(value, false));
  }
}

/** JSON preview of a value for error messages, cut to `max` characters (see docs/concepts.md#endpoints, docs/concepts.md#errors-and-errorpolicy). */
export function preview(value: unknown, max = 200): string {
  let text: string;
  try {
    text = value === undefined ? 'undefined' : (JSON.stringify(toJSONValue(value, false)) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? text.slice(0, max) + '…' : text;
}

/** `'an array'`, `'null'`, `'a string'` … for shape errors. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const t = typeof value;
  return t === 'object' ? 'an object' : t === 'undefined' ? 'undefined' : `a ${t}`;
}

/**
 * Brings every field of a processed entity to JSON form (see docs/internals.md#the-state), in place. Object values of
 * the fields in `skip` are already JSON (normalized schema members) and are not walked again.
 * Symbol-keyed properties are removed when `checkSymbols` is set: objects made by user code
 * (`process()` output) may carry them; a copy of parsed JSON cannot, so the hot path skips it.
 * A field JSON cannot carry throws a `NotJSONError` whose path starts at the field.
 */
export function jsonifyFields(fields: Record<string, unknown>, skip?: readonly string[], checkSymbols = false): void {
  if (checkSymbols) for (const symbol of Object.getOwnPropertySymbols(fields)) delete (fields as Record<symbol, unknown>)[symbol];
  for (const k in fields) {
    const value = fields[k];
    switch (typeof value) {
      case 'string':
      case 'boolean':
        continue;
      case 'number':
        if (value - value !== 0) setOwn(fields, k, null);
        continue;
      case 'object':
        if (value !== null && (skip === undefined || !skip.includes(k))) {
          let json: unknown;
          try {
            json = toJSONValue(value);
          } catch (error) {
            throw atStep(error, k);
          }
          if (json !== value) setOwn(fields, k, json);
        }
        continue;
      case 'bigint':
        setOwn(fields, k, value.toString());
        continue;
      default:
        delete fields[k];
    }
  }
}

/**
 * The message of a thrown value. Duck-typed rather than `instanceof Error`: errors from another
 * realm (an iframe, Node's `fetch` seen from a test VM, a `DOMException` from a polyfill) are
 * Errors that fail `instanceof`, and their message must still reach the user (see docs/concepts.md#endpoints).
 */
export function errorMessage(error: unknown): string | undefined {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}
