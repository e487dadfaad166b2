/**
 * Own-property access that is safe for hostile keys: a pk, field or query key named `__proto__`,
 * `constructor` or `prototype` is stored and read as an own property, and no prototype changes.
 *
 * Tables are ordinary objects (they must round-trip through JSON), so a lookup such as
 * `table['constructor']` would find `Object.prototype.constructor` and an assignment to
 * `table['__proto__']` would replace the prototype. Every keyed read and write of user data
 * goes through these helpers.
 */
/** `Object.prototype.hasOwnProperty`, for hot paths that call it directly (`hasOwnProperty.call(obj, key)`). */
export const hasOwnProperty = Object.prototype.hasOwnProperty;

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

/**
 * `Object.assign(target, source)` that defines an own `__proto__` instead of setting the
 * prototype (Object.assign would call the `__proto__` setter before any fix-up could run).
 */
export function assignOwn<T extends object>(target: T, source: object): T {
  if (!hasOwnProperty.call(source, '__proto__')) return Object.assign(target, source);
  const from = source as Record<string, unknown>;
  for (const key of Object.keys(from)) setOwn(target as Record<string, unknown>, key, from[key]);
  return target;
}
