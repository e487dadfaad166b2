/**
 * How a `static schema` deserializer is called (see docs/concepts.md#entities): with `new` for ES classes,
 * built-in constructors other than the primitive wrappers, and pre-class constructors whose
 * prototype carries methods; as a plain call otherwise (`Number`, arrow functions, …).
 */
const PLAIN_CALL_BUILTINS = new Set<unknown>([Number, String, Boolean, BigInt, Symbol]);

export function classifyDeserializer(fn: (raw: unknown) => unknown): (raw: unknown) => unknown {
  // Development only: in production a non-function fails anyway, below (Function.prototype.toString).
  if (process.env.NODE_ENV !== 'production' && typeof fn !== 'function') {
    throw new TypeError(`[rtk-rest] static schema entries must be schemas or deserializer functions, got ${typeof fn}`);
  }
  if (isConstructor(fn)) {
    const Ctor = fn as unknown as new (raw: unknown) => unknown;
    return (raw) => new Ctor(raw);
  }
  return (raw) => fn(raw);
}

function isConstructor(fn: (raw: unknown) => unknown): boolean {
  if (PLAIN_CALL_BUILTINS.has(fn)) return false;
  const source = Function.prototype.toString.call(fn);
  if (source.startsWith('class')) return true;
  const proto = (fn as { prototype?: object }).prototype;
  if (proto === undefined || proto === null) return false;
  if (source.includes('[native code]')) return true;
  return Object.getOwnPropertyNames(proto).some((name) => name !== 'constructor');
}
