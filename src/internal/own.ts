/**
 * Own-property access that is safe for hostile keys (D26).
 *
 * Tables are ordinary objects (they must round-trip through JSON), so a lookup such as
 * `table['constructor']` would find `Object.prototype.constructor` and an assignment to
 * `table['__proto__']` would replace the prototype. Every keyed read and write of user data
 * goes through these helpers.
 */
const hasOwnProperty = Object.prototype.hasOwnProperty;

export function hasOwn(obj: object, key: string): boolean {
  return hasOwnProperty.call(obj, key);
}

export function getOwn<T>(obj: Record<string, T> | undefined, key: string): T | undefined {
  return obj !== undefined && hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    obj[key] = value;
  }
}

/** `Object.assign(target, source)` that defines an own `__proto__` instead of setting the prototype. */
export function assignOwn<T extends object>(target: T, source: object): T {
  Object.assign(target, source);
  if (hasOwnProperty.call(source, '__proto__')) {
    setOwn(target as Record<string, unknown>, '__proto__', (source as Record<string, unknown>)['__proto__']);
  }
  return target;
}
