import { hasStableKey } from './RestEndpoint';
import type { RestEndpoint } from './RestEndpoint';

/**
 * `endpoint.key(...args)` remembered by the endpoint for the arguments it saw last. Selectors run
 * on every render and after every action, and building a URL (path template, sorted and encoded
 * query string) costs more than the rest of a read; `useSelector((s) => rest.selectData(s, ep,
 * { page }))` passes a new but equal object on every call, so arguments are remembered by value.
 *
 * Only one plain object of primitive fields is remembered, compared field by field with
 * `Object.is` (so `1` and `'1'`, `0` and `-0` never match) in the same order: an object value (an
 * array of tags, a nested filter) may have been changed in place and is never trusted, and a class
 * instance may carry fields the URL reads (inherited, getters) that own fields do not show.
 */

/** A remembered key: `[name, value, …]` of the arguments' own fields, and the key they gave. */
interface Remembered {
  readonly fields: readonly unknown[];
  readonly key: string;
}

/** Per endpoint, the most recent arguments, newest first (a few components per endpoint). */
const recentKeys = new WeakMap<RestEndpoint, Remembered[]>();
const RECENT = 4;
const noArgsKeys = new WeakMap<RestEndpoint, string>();

/** The key of `endpoint` for `args`, remembered as described above. */
export function keyOf(endpoint: RestEndpoint, args: readonly unknown[]): string {
  // A key read at call time (a urlPrefix function, a url() override) cannot be remembered.
  if (!hasStableKey(endpoint)) return endpoint.key(...args);
  if (args.length === 0) {
    let key = noArgsKeys.get(endpoint);
    if (key === undefined) noArgsKeys.set(endpoint, (key = endpoint.key()));
    return key;
  }
  const params = args.length === 1 ? args[0] : undefined;
  if (typeof params !== 'object' || params === null || !isPlain(params)) return endpoint.key(...args);
  const object = params as Record<string, unknown>;
  const recent = recentKeys.get(endpoint);
  if (recent !== undefined) {
    for (let i = 0; i < recent.length; i++) {
      const entry = recent[i]!;
      if (sameFields(object, entry.fields)) return entry.key;
    }
  }
  const key = endpoint.key(...args);
  const fields = primitiveFields(object);
  if (fields === undefined) return key;
  if (recent === undefined) recentKeys.set(endpoint, [{ fields, key }]);
  else {
    if (recent.length === RECENT) recent.pop();
    recent.unshift({ fields, key });
  }
  return key;
}

function isPlain(object: object): boolean {
  const proto: unknown = Object.getPrototypeOf(object);
  return proto === Object.prototype || proto === null;
}

/** `[name, value, …]` of an object whose own fields are all primitives, else undefined. */
function primitiveFields(object: Record<string, unknown>): unknown[] | undefined {
  const out: unknown[] = [];
  for (const name of Object.keys(object)) {
    const value = object[name];
    if ((typeof value === 'object' && value !== null) || typeof value === 'function') return undefined;
    out.push(name, value);
  }
  return out;
}

function sameFields(object: Record<string, unknown>, fields: readonly unknown[]): boolean {
  const names = Object.keys(object);
  if (names.length * 2 !== fields.length) return false;
  for (let i = 0; i < names.length; i++) {
    if (names[i] !== fields[2 * i] || !Object.is(object[names[i]!], fields[2 * i + 1])) return false;
  }
  return true;
}
