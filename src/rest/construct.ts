/**
 * How options and subclass defaults combine (see docs/concepts.md#endpoints): constructor and `extend` options win over
 * subclass defaults, including class fields.
 *
 * Class-field initializers of a subclass run after the base constructor returns, so they would
 * overwrite options. Two measures keep the rule:
 * - the field defaults of each subclass are read once, by constructing a probe instance, so the
 *   base constructor can validate and apply `{ ...fieldDefaults, ...options }` at once (an
 *   invalid `path` still throws at construction, see docs/concepts.md#endpoints);
 * - when options name a field the subclass initializes, the endpoint is wrapped in a proxy that
 *   ignores those re-definitions. `extend()` builds through `Reflect.construct` on the base
 *   class, which runs no subclass initializers, so it never needs the proxy.
 */
let probing = false;
const fieldDefaults = new WeakMap<object, Record<string, unknown>>();

/** Whether the current base-constructor call is a probe (it must only return a bare object). */
export function isProbing(): boolean {
  return probing;
}

/** Own fields a subclass's initializers define, read once per class. */
export function subclassFields(subclass: new (...args: any[]) => object, base: object): Record<string, unknown> {
  if (subclass === base) return {};
  let fields = fieldDefaults.get(subclass);
  if (fields === undefined) {
    probing = true;
    try {
      const probe = new subclass({}) as Record<string, unknown>;
      fields = {};
      for (const key of Object.keys(probe)) fields[key] = probe[key];
    } catch {
      fields = {}; // a subclass constructor that needs real options: no field defaults known
    } finally {
      probing = false;
    }
    fieldDefaults.set(subclass, fields);
  }
  return fields;
}

/** Wraps `target` so that later re-definitions of `guarded` keys (field initializers) are ignored. */
export function guardOptions<T extends object>(target: T, guarded: ReadonlySet<string>): T {
  return new Proxy(target, {
    defineProperty(object, key, descriptor) {
      if (typeof key === 'string' && guarded.has(key)) return true;
      return Reflect.defineProperty(object, key, descriptor);
    },
  });
}
