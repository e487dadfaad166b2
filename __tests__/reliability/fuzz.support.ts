/**
 * Shared plumbing of the fuzz suite: the seed, case counts, failure messages that carry the seed,
 * prototype snapshots, and stack-safe JSON walks (the payloads are deeper than recursion allows).
 */
import fc from 'fast-check';

const rawSeed = process.env.FUZZ_SEED;
/** The seed of every property and of every seeded heavy case. Override with FUZZ_SEED=<integer>. */
export const SEED: number = rawSeed === undefined || rawSeed === '' ? 20260517 : Number(rawSeed);
if (!Number.isSafeInteger(SEED)) throw new Error(`FUZZ_SEED must be an integer, got ${JSON.stringify(rawSeed)}`);

/** SOAK=<anything> multiplies every case count by 10. */
export const SOAK = process.env.SOAK !== undefined && process.env.SOAK !== '' && process.env.SOAK !== '0';
export const FACTOR = SOAK ? 10 : 1;

export const RERUN = `FUZZ_SEED=${SEED}${SOAK ? ' SOAK=1' : ''} npx jest __tests__/reliability/fuzz.test.ts --selectProjects node`;

/** Runs a property with the suite seed; a failure names the seed and how to rerun it. */
export async function check<Ts>(property: fc.IAsyncProperty<Ts> | fc.IProperty<Ts>, numRuns: number): Promise<void> {
  try {
    await fc.assert(property as fc.IAsyncProperty<Ts>, { seed: SEED, numRuns });
  } catch (error) {
    throw withSeed(error);
  }
}

/** Adds the seed to any failure of a seeded (non-property) case. */
export function withSeed(error: unknown): Error {
  let message = error instanceof Error ? error.message : String(error);
  // fast-check reports the failing check as the `cause`; show it without Jest's nested dump.
  for (let cause = (error as { cause?: unknown })?.cause, i = 0; cause !== undefined && i < 3; cause = (cause as { cause?: unknown })?.cause, i++) {
    message += `\nCause: ${cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)}`;
  }
  const wrapped = new Error(`[fuzz seed ${SEED}; rerun: ${RERUN}]\n${message}`);
  if (error instanceof Error && error.stack) wrapped.stack = `${wrapped.message}\n${error.stack.split('\n').slice(1).join('\n')}`;
  return wrapped;
}

export async function seeded(run: () => unknown): Promise<void> {
  try {
    await run();
  } catch (error) {
    throw withSeed(error);
  }
}

/** A small seeded PRNG (mulberry32) for the heavy cases that are too large for fast-check. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Prototypes

const WATCHED: [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Boolean.prototype', Boolean.prototype],
];

export type PrototypeSnapshot = Map<string, { keys: (string | symbol)[]; descriptors: PropertyDescriptorMap }>;

export function snapshotPrototypes(extra: [string, object][] = []): PrototypeSnapshot {
  const out: PrototypeSnapshot = new Map();
  for (const [name, proto] of [...WATCHED, ...extra]) out.set(name, { keys: Reflect.ownKeys(proto), descriptors: Object.getOwnPropertyDescriptors(proto) });
  return out;
}

/**
 * The first change to a watched prototype since `before`, or a polluted lookup, as text; undefined
 * when untouched. `thorough` also compares every property descriptor (slower); otherwise own keys
 * and the probes are checked.
 */
export function prototypeChange(before: PrototypeSnapshot, extra: [string, object][] = [], thorough = false): string | undefined {
  for (const [name, proto] of [...WATCHED, ...extra]) {
    const was = before.get(name)!;
    const now = Reflect.ownKeys(proto);
    if (now.length !== was.keys.length || now.some((k, i) => k !== was.keys[i])) {
      const added = now.filter((k) => !was.keys.includes(k));
      return `${name} own keys changed: added [${added.map(String)}]`;
    }
    if (!thorough) continue;
    for (const key of now) {
      const a = was.descriptors[key as string];
      const b = Object.getOwnPropertyDescriptor(proto, key);
      if (a?.value !== b?.value || a?.get !== b?.get || a?.set !== b?.set) return `${name}.${String(key)} was replaced`;
    }
  }
  const probe = {} as { polluted?: unknown; isAdmin?: unknown };
  if (probe.polluted !== undefined) return `({}).polluted is ${String(probe.polluted)}`;
  if (probe.isAdmin !== undefined) return `({}).isAdmin is ${String(probe.isAdmin)}`;
  if (([] as unknown as { polluted?: unknown }).polluted !== undefined) return '([]).polluted is set';
  if (Object.getPrototypeOf(probe) !== Object.prototype || Object.getPrototypeOf(Object.prototype) !== null) return 'the prototype chain of {} changed';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Stack-safe walks

const hasOwn = (obj: object, key: PropertyKey) => Object.prototype.hasOwnProperty.call(obj, key);

/**
 * Own value, whatever the key: an own `__proto__` data property shadows the accessor on
 * Object.prototype, so a plain read is right once the property is known to be own.
 */
export function ownValue(obj: object, key: string): unknown {
  return hasOwn(obj, key) ? (obj as Record<string, unknown>)[key] : undefined;
}

/** Defines an own enumerable data property, so `__proto__` is a key like any other. */
export function define<T extends object>(obj: T, key: string, value: unknown): T {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  return obj;
}

/**
 * Iterative structural comparison of two JSON-shaped values (own keys only, order-insensitive for
 * objects). Returns the path of the first difference, or undefined. Safe at any depth.
 */
export function jsonDiff(a: unknown, b: unknown): string | undefined {
  const stack: [unknown, unknown, string][] = [[a, b, '$']];
  while (stack.length > 0) {
    const [x, y, path] = stack.pop()!;
    if (x === y || (x !== x && y !== y)) continue; // JSON has no -0: 0 and -0 are one value
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return `${shortPath(path)}: ${preview(x)} vs ${preview(y)}`;
    if (Array.isArray(x) !== Array.isArray(y)) return `${shortPath(path)}: array vs object`;
    const kx = Object.keys(x);
    const ky = Object.keys(y);
    if (kx.length !== ky.length) return `${shortPath(path)}: ${kx.length} keys vs ${ky.length}`;
    for (const k of kx) {
      if (!hasOwn(y, k)) return `${shortPath(path)}: key ${JSON.stringify(k)} missing`;
      stack.push([ownValue(x, k), ownValue(y, k), path.length < 400 ? `${path}.${k}` : path]);
    }
  }
  return undefined;
}

function shortPath(path: string): string {
  return path.length > 200 ? `${path.slice(0, 100)}…${path.slice(-100)}` : path;
}

function preview(value: unknown): string {
  try {
    const text = typeof value === 'object' && value !== null ? `${Array.isArray(value) ? 'array' : 'object'}` : JSON.stringify(value) ?? String(value);
    return text.length > 80 ? text.slice(0, 80) + '…' : text;
  } catch {
    return String(value);
  }
}

/**
 * Visits every object under `root` (iteratively) and returns the path of the first one whose
 * prototype is not Object.prototype / Array.prototype (or, for the roots of entity instances, an
 * allowed class prototype), or that is not plain JSON. Undefined when everything is plain.
 */
export function nonPlainPath(root: unknown, allowedProtos: readonly object[] = []): string | undefined {
  const stack: [unknown, string][] = [[root, '$']];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value !== 'object' || value === null) {
      if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return `${shortPath(path)}: ${typeof value}`;
      continue;
    }
    if (seen.has(value)) continue;
    seen.add(value);
    const proto = Object.getPrototypeOf(value);
    const isArray = Array.isArray(value);
    if (isArray ? proto !== Array.prototype : proto !== Object.prototype && !allowedProtos.includes(proto)) {
      return `${shortPath(path)}: prototype ${proto === null ? 'null' : (proto.constructor?.name ?? 'unknown')}`;
    }
    for (const k of Object.keys(value)) stack.push([ownValue(value, k), path.length < 400 ? `${path}.${k}` : path]);
  }
  return undefined;
}

/** Nesting depth of a value (iterative). */
export function depthOf(root: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (depth > max) max = depth;
    if (typeof value === 'object' && value !== null) for (const k of Object.keys(value)) stack.push([ownValue(value, k), depth + 1]);
  }
  return max;
}
