/** Shared test helpers for JSON-shaped state: strict comparison, round trips, freezing, prototypes. */

/** The error a call throws (fails the test when it does not throw). */
export function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to throw');
}

/** Freezes a value and everything under it, symbols included. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/**
 * Strict structural comparison: same prototypes, same own keys (symbols included), equal values.
 * Unlike `toStrictEqual`, it copes with own `constructor` and `__proto__` keys. Returns the first
 * difference as a path, or undefined.
 */
export function jsonDiff(a: unknown, b: unknown, path = '$'): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path}: ${String(a)} vs ${String(b)}`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: different prototypes`;
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length || ka.some((k) => !kb.includes(k))) return `${path}: keys [${ka.map(String)}] vs [${kb.map(String)}]`;
  for (const k of ka) {
    const diff = jsonDiff(Object.getOwnPropertyDescriptor(a, k)?.value, Object.getOwnPropertyDescriptor(b, k)?.value, `${path}.${String(k)}`);
    if (diff !== undefined) return diff;
  }
  return undefined;
}

/** `JSON.parse(JSON.stringify(value))` is strictly equal to `value`. */
export function expectJSONRoundTrip(value: unknown): void {
  expect(jsonDiff(JSON.parse(JSON.stringify(value)), value)).toBeUndefined();
}

/** The own keys and descriptors of Object.prototype, to show that nothing touched it. */
export function objectPrototypeSnapshot() {
  return { names: Reflect.ownKeys(Object.prototype), descriptors: Object.getOwnPropertyDescriptors(Object.prototype) };
}
