/**
 * Part 2 of the fuzz suite: entity classes whose
 * tables, pks, schema members, index fields and plain fields carry hostile names, generators of
 * payloads full of `__proto__` / `constructor` / `prototype` keys and pollution gadgets, and an
 * oracle that reads a denormalized result back against the payload it came from.
 */
import fc from 'fast-check';
import { Entity } from 'rtk-rest';
import { define, jsonDiff, ownValue } from './fuzz.support';

// ---------------------------------------------------------------------------------------------
// Entities

/** A leaf entity: index fields `name` and `constructor`, no schema members. */
export class FzLeaf extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'FzLeaf';
  static override indexes = ['name', 'constructor'];
}

/** An entity whose schema members are named `__proto__`, `constructor` and `prototype`. */
export class FzNode extends Entity {
  id = '';
  pk() {
    return this.id;
  }
  static override key = 'FzNode';
  static override schema: Record<string, unknown> = {};
}
FzNode.schema = ownObject([
  ['child', FzLeaf],
  ['__proto__', FzLeaf],
  ['constructor', FzLeaf],
  ['prototype', [FzLeaf]],
  ['next', FzNode],
]);

/** Entity tables named `__proto__` and `constructor` (classes with the same key share a table). */
export class FzProtoTable extends Entity {
  id = '';
  pk() {
    return this.id;
  }
  static override key = '__proto__';
}
export class FzCtorTable extends Entity {
  id = '';
  pk() {
    return this.id;
  }
  static override key = 'constructor';
}

/** The response schema: an object shorthand with members named `__proto__` and `constructor`. */
export const topSchema = ownObject([
  ['nodes', [FzNode]],
  ['__proto__', [FzProtoTable]],
  ['constructor', [FzCtorTable]],
]);

type EntityClass = typeof FzLeaf | typeof FzNode | typeof FzProtoTable | typeof FzCtorTable;

/** Schema members per class: field → [class, isArray]. */
const MEMBERS = new Map<EntityClass, Map<string, [EntityClass, boolean]>>([
  [FzLeaf, new Map()],
  [
    FzNode,
    new Map<string, [EntityClass, boolean]>([
      ['child', [FzLeaf, false]],
      ['__proto__', [FzLeaf, false]],
      ['constructor', [FzLeaf, false]],
      ['prototype', [FzLeaf, true]],
      ['next', [FzNode, false]],
    ]),
  ],
  [FzProtoTable, new Map()],
  [FzCtorTable, new Map()],
]);

export const ALL_CLASSES: EntityClass[] = [FzLeaf, FzNode, FzProtoTable, FzCtorTable];

export function ownObject(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) define(out, k, v);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Generators

export const HOSTILE_PKS = [
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf', 'toJSON', 'length',
  '0', '1', '-1', '01', '1e3', '4294967295', '4294967296', '9007199254740993', 'NaN', 'null', 'true', ' ', 'é', '😀', 'a/b', '{"group":"react"}',
  '[FzNode]', '\u0000', '\n', 'polluted',
];

/** Field names for plain (non-schema) fields; `id` is the pk field and never generated here. */
export const HOSTILE_FIELDS = [
  '__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__', '__lookupGetter__',
  'toJSON', 'then', 'pk', 'fromJS', 'length', '0', '', 'polluted', 'schema', 'key', 'name', 'entities',
];

/** Classic prototype-pollution payloads, as they arrive from JSON.parse (own `__proto__` keys). */
export function gadgets(): unknown[] {
  return [
    ownObject([['__proto__', { polluted: 'yes', isAdmin: true }]]),
    { constructor: { prototype: { polluted: 'yes' } } },
    ownObject([['__proto__', ownObject([['__proto__', { polluted: 'deep' }]])]]),
    [ownObject([['__proto__', { polluted: 1 }]])],
    { prototype: { polluted: 1 }, __defineGetter__: 'x', toJSON: 'not a function' },
    ownObject([['__proto__', []], ['length', 3]]),
    ownObject([['__proto__', null]]),
  ];
}

const textArb = fc.oneof(
  fc.constantFrom(...HOSTILE_PKS, ...HOSTILE_FIELDS, '', 'x'),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
);

const scalarArb: fc.Arbitrary<unknown> = fc.oneof(textArb, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));

const fieldKeyArb = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_FIELDS) }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) }).filter((k) => k !== 'id' && k !== 'deep');

/** JSON values whose objects carry hostile keys as own properties. */
export const jsonArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarArb,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.uniqueArray(fc.tuple(fieldKeyArb, tie('value')), { maxLength: 4, selector: ([k]) => k }).map(ownObject),
    fc.nat({ max: 6 }).map((i) => gadgets()[i]),
  ),
})).value;

/** A value nested `depth` levels deep through own `__proto__`, array and `constructor` levels. */
export function deepValue(depth: number, shape: 'objects' | 'arrays' | 'mixed'): unknown {
  let value: unknown = { polluted: 'at the bottom' };
  for (let i = 0; i < depth; i++) {
    if (shape === 'arrays' || (shape === 'mixed' && i % 3 === 1)) value = [value];
    else value = ownObject([[shape === 'mixed' && i % 3 === 2 ? 'constructor' : '__proto__', value]]);
  }
  return value;
}

/** A reference from a member field: a nested object, a pk of an entity in the payload, a missing pk, or null. */
export type RefSpec = { kind: 'object'; entity: EntitySpec } | { kind: 'ref'; target: number; asNumber: boolean } | { kind: 'missing' } | { kind: 'null' };

export interface EntitySpec {
  plain: [string, unknown][];
  /** FzNode only: member field → reference(s) */
  members: [string, RefSpec | RefSpec[]][];
  deep?: { depth: number; shape: 'objects' | 'arrays' | 'mixed' };
  /** FzLeaf only: index values */
  name?: string | number | null;
  ctorIndex?: string;
  idAsNumber: boolean;
}

const leafSpecArb: fc.Arbitrary<EntitySpec> = fc.record({
  plain: fc.uniqueArray(fc.tuple(fieldKeyArb.filter((k) => k !== 'name' && k !== 'constructor'), jsonArb), { maxLength: 3, selector: ([k]) => k }),
  members: fc.constant([]),
  name: fc.oneof(textArb, fc.integer(), fc.constant(null)),
  ctorIndex: fc.option(fc.constantFrom(...HOSTILE_PKS), { nil: undefined }),
  idAsNumber: fc.boolean(),
});

const refArb: fc.Arbitrary<RefSpec> = fc.oneof(
  { weight: 3, arbitrary: leafSpecArb.map((entity) => ({ kind: 'object' as const, entity })) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('ref' as const), target: fc.nat(), asNumber: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'missing' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'null' as const }) },
);

const nodeFieldArb = fieldKeyArb.filter((k) => !MEMBERS.get(FzNode)!.has(k));

/** The value or, one time in four, no value (the field is absent). */
function maybe<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: 3, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(undefined) });
}

function nodeSpecArb(depth: number): fc.Arbitrary<EntitySpec> {
  const next: fc.Arbitrary<RefSpec> =
    depth > 0
      ? fc.oneof(
          { weight: 1, arbitrary: nodeSpecArb(depth - 1).map((entity) => ({ kind: 'object' as const, entity })) },
          { weight: 2, arbitrary: fc.constantFrom<RefSpec>({ kind: 'missing' }, { kind: 'null' }) },
        )
      : fc.constantFrom<RefSpec>({ kind: 'missing' }, { kind: 'null' });
  return fc.record({
    plain: fc.uniqueArray(fc.tuple(nodeFieldArb, jsonArb), { maxLength: 4, selector: ([k]) => k }),
    // (no fc.record here: a record model with a `__proto__` key would set a prototype, not a key)
    members: fc
      .tuple(maybe(refArb), maybe(refArb), maybe(refArb), maybe(fc.array(refArb, { maxLength: 3 })), maybe(next))
      .map((values) =>
        ['child', '__proto__', 'constructor', 'prototype', 'next']
          .map((field, i): [string, RefSpec | RefSpec[] | undefined] => [field, values[i]])
          .filter((entry): entry is [string, RefSpec | RefSpec[]] => entry[1] !== undefined),
      ),
    // one node in sixty holds a plain field nested 50–1,000 levels deep
    deep: fc.oneof(
      { weight: 59, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.record({ depth: fc.integer({ min: 50, max: 1000 }), shape: fc.constantFrom('objects' as const, 'arrays' as const, 'mixed' as const) }) },
    ),
    idAsNumber: fc.boolean(),
  });
}

const plainEntitySpecArb: fc.Arbitrary<EntitySpec> = fc.record({
  plain: fc.uniqueArray(fc.tuple(fieldKeyArb, jsonArb), { maxLength: 3, selector: ([k]) => k }),
  members: fc.constant([]),
  idAsNumber: fc.boolean(),
});

/** An invalid input (no pk, or a wrong shape), at most one per payload. */
export type FaultSpec =
  | { kind: 'missingPk'; table: 'nodes' | 'protos' | 'leaf'; index: number; how: 'absent' | 'empty' | 'null' | 'undefined-string' }
  | { kind: 'itemShape'; index: number; value: 'boolean' | 'array' }
  | { kind: 'memberShape'; index: number; value: 'boolean' | 'array' }
  | { kind: 'topShape'; value: 'array' | 'number' | 'string' | 'null' };

export interface PayloadSpec {
  nodes: EntitySpec[];
  protos: EntitySpec[];
  ctors: EntitySpec[];
  extra: [string, unknown][];
  pks: string[];
  fault?: FaultSpec;
}

const faultArb: fc.Arbitrary<FaultSpec> = fc.oneof(
  fc.record({
    kind: fc.constant('missingPk' as const),
    table: fc.constantFrom('nodes' as const, 'protos' as const, 'leaf' as const),
    index: fc.nat(),
    how: fc.constantFrom('absent' as const, 'empty' as const, 'null' as const, 'undefined-string' as const),
  }),
  fc.record({ kind: fc.constant('itemShape' as const), index: fc.nat(), value: fc.constantFrom('boolean' as const, 'array' as const) }),
  fc.record({ kind: fc.constant('memberShape' as const), index: fc.nat(), value: fc.constantFrom('boolean' as const, 'array' as const) }),
  fc.record({ kind: fc.constant('topShape' as const), value: fc.constantFrom('array' as const, 'number' as const, 'string' as const, 'null' as const) }),
);

export const payloadSpecArb: fc.Arbitrary<PayloadSpec> = fc.record({
  nodes: fc.array(nodeSpecArb(2), { minLength: 1, maxLength: 5 }),
  protos: fc.array(plainEntitySpecArb, { maxLength: 3 }),
  ctors: fc.array(plainEntitySpecArb, { maxLength: 3 }),
  extra: fc.uniqueArray(fc.tuple(fieldKeyArb.filter((k) => k !== 'nodes' && k !== '__proto__' && k !== 'constructor'), jsonArb), { maxLength: 3, selector: ([k]) => k }),
  // pks for every entity of the payload, unique; hostile ones first in line
  pks: fc.uniqueArray(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_PKS) }, { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 6 }) }), {
    minLength: 40,
    maxLength: 40,
  }).map((pks) => pks.filter((pk) => pk !== 'undefined')),
  // one payload in seven is invalid
  fault: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: faultArb }),
});

// ---------------------------------------------------------------------------------------------
// Building a payload, and the model the oracle reads against

export interface Built {
  /** The response body (objects with own hostile keys); its JSON is what the server sends. */
  payload: unknown;
  /** The input object of every entity, by table key and pk. */
  byPk: Map<string, Map<string, Record<string, unknown>>>;
  /** pks known to be absent from each table (hostile names included). */
  absent: Map<string, string[]>;
  /** Leaves whose `name` / `constructor` value is unique, for index lookups. */
  uniqueIndex: { field: 'name' | 'constructor'; value: string; pk: string }[];
  /** The expected error, when the payload holds a fault. */
  fault?: FaultSpec;
  maxDepth: number;
}

const isCanonicalInteger = (pk: string) => /^(0|-?[1-9]\d{0,14})$/.test(pk);

export function build(spec: PayloadSpec): Built {
  let nextPk = 0;
  const takePk = () => spec.pks[nextPk++] ?? `pk${nextPk}`;
  const byPk = new Map<string, Map<string, Record<string, unknown>>>(ALL_CLASSES.map((c) => [c.key, new Map()]));
  const leaves: Record<string, unknown>[] = [];
  const pendingRefs: { holder: Record<string, unknown> | unknown[]; key: string | number; ref: Extract<RefSpec, { kind: 'ref' }> }[] = [];
  const missingRefs: { holder: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  let maxDepth = 0;

  const makeEntity = (cls: EntityClass, entity: EntitySpec): Record<string, unknown> => {
    const pk = takePk();
    const obj: Record<string, unknown> = {};
    define(obj, 'id', entity.idAsNumber && isCanonicalInteger(pk) ? Number(pk) : pk);
    for (const [k, v] of entity.plain) define(obj, k, v);
    if (cls === FzLeaf) {
      define(obj, 'name', entity.name ?? null);
      if (entity.ctorIndex !== undefined) define(obj, 'constructor', entity.ctorIndex);
      leaves.push(obj);
    }
    if (entity.deep) {
      define(obj, 'deep', deepValue(entity.deep.depth, entity.deep.shape));
      maxDepth = Math.max(maxDepth, entity.deep.depth);
    }
    for (const [field, ref] of entity.members) {
      const [memberCls, isArray] = MEMBERS.get(cls)!.get(field)!;
      if (isArray) {
        const items: unknown[] = [];
        for (const item of ref as RefSpec[]) items.push(resolveRef(memberCls, item, items, items.length));
        define(obj, field, items);
      } else define(obj, field, resolveRef(memberCls, ref as RefSpec, obj, field));
    }
    byPk.get(cls.key)!.set(pk, obj);
    return obj;
  };

  const resolveRef = (cls: EntityClass, ref: RefSpec, holder: Record<string, unknown> | unknown[], key: string | number): unknown => {
    switch (ref.kind) {
      case 'object':
        return makeEntity(cls, ref.entity);
      case 'null':
        return null;
      case 'ref':
        pendingRefs.push({ holder, key, ref });
        return null; // filled in once every leaf has its pk
      case 'missing':
        missingRefs.push({ holder, key });
        return null;
    }
  };

  const nodes = spec.nodes.map((n) => makeEntity(FzNode, n));
  const protos = spec.protos.map((p) => makeEntity(FzProtoTable, p));
  const ctors = spec.ctors.map((p) => makeEntity(FzCtorTable, p));

  // References by pk (a string or number where an entity is expected).
  const leafPks = [...byPk.get(FzLeaf.key)!.keys()];
  const set = (holder: Record<string, unknown> | unknown[], key: string | number, value: unknown) => {
    if (Array.isArray(holder)) holder[key as number] = value;
    else define(holder, key as string, value);
  };
  for (const { holder, key, ref } of pendingRefs) {
    if (leafPks.length === 0) set(holder, key, null);
    else {
      const pk = leafPks[ref.target % leafPks.length]!;
      set(holder, key, ref.asNumber && isCanonicalInteger(pk) ? Number(pk) : pk);
    }
  }
  const absentLeafPks = HOSTILE_PKS.filter((pk) => !byPk.get(FzLeaf.key)!.has(pk));
  missingRefs.forEach(({ holder, key }, i) => set(holder, key, absentLeafPks[i % absentLeafPks.length] ?? 'no-such-pk'));

  const payload: Record<string, unknown> = {};
  define(payload, 'nodes', nodes);
  define(payload, '__proto__', protos);
  define(payload, 'constructor', ctors);
  for (const [k, v] of spec.extra) define(payload, k, v);

  const absent = new Map<string, string[]>(ALL_CLASSES.map((c) => [c.key, HOSTILE_PKS.filter((pk) => !byPk.get(c.key)!.has(pk))]));

  const uniqueIndex: Built['uniqueIndex'] = [];
  for (const field of ['name', 'constructor'] as const) {
    const counts = new Map<string, number>();
    for (const leaf of leaves) {
      const v = ownValue(leaf, field);
      if (v !== null && v !== undefined) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
    }
    for (const leaf of leaves) {
      const v = ownValue(leaf, field);
      if (v !== null && v !== undefined && counts.get(String(v)) === 1) uniqueIndex.push({ field, value: String(v), pk: String(ownValue(leaf, 'id')) });
    }
  }

  let body: unknown = payload;
  const fault = spec.fault && applyFault(spec.fault, { nodes, protos, leaves }, (replacement) => (body = replacement));
  return { payload: body, byPk, absent, uniqueIndex, fault, maxDepth };
}

/** Breaks the payload as `fault` says; returns the fault when it could be applied. */
function applyFault(
  fault: FaultSpec,
  parts: { nodes: Record<string, unknown>[]; protos: Record<string, unknown>[]; leaves: Record<string, unknown>[] },
  replaceBody: (body: unknown) => void,
): FaultSpec | undefined {
  switch (fault.kind) {
    case 'missingPk': {
      const list = fault.table === 'nodes' ? parts.nodes : fault.table === 'protos' ? parts.protos : parts.leaves;
      const target = list[fault.index % Math.max(1, list.length)];
      if (target === undefined) return undefined;
      if (fault.how === 'absent') delete target.id;
      else define(target, 'id', fault.how === 'empty' ? '' : fault.how === 'null' ? null : 'undefined');
      return fault;
    }
    case 'itemShape': {
      const nodes = parts.nodes as unknown[];
      nodes[fault.index % nodes.length] = fault.value === 'boolean' ? true : [{ id: 'inner' }];
      return fault;
    }
    case 'memberShape': {
      const node = parts.nodes[fault.index % parts.nodes.length]!;
      define(node, 'child', fault.value === 'boolean' ? false : [{ id: 'inner' }]);
      return fault;
    }
    case 'topShape':
      replaceBody(fault.value === 'array' ? [{ id: 'x' }] : fault.value === 'number' ? 42 : fault.value === 'string' ? 'text' : null);
      return fault;
  }
}

/** The class whose error a fault must name. */
export function faultEntityKey(fault: FaultSpec): string {
  switch (fault.kind) {
    case 'missingPk':
      return fault.table === 'nodes' ? FzNode.key : fault.table === 'protos' ? FzProtoTable.key : FzLeaf.key;
    case 'itemShape':
      return FzNode.key;
    case 'memberShape':
      return FzLeaf.key;
    case 'topShape':
      return 'nodes';
  }
}

// ---------------------------------------------------------------------------------------------
// The oracle

/**
 * Checks a read of `topSchema` (denormalize, selectData) against the payload: every entity an
 * instance of its class holding the payload's fields as own properties, references resolved or
 * `undefined`, plain values deep-equal, and no object anywhere with a foreign prototype.
 * Returns the first problem, or undefined.
 */
export function readProblem(read: unknown, built: Built): string | undefined {
  if (typeof read !== 'object' || read === null) return `read is ${String(read)}`;
  const payload = built.payload as Record<string, unknown>;
  const seen = new Set<object>();
  for (const [field, cls] of [['nodes', FzNode], ['__proto__', FzProtoTable], ['constructor', FzCtorTable]] as [string, EntityClass][]) {
    if (!Object.prototype.hasOwnProperty.call(read, field)) return `result has no own ${JSON.stringify(field)}`;
    const items = ownValue(read, field);
    const inputs = ownValue(payload, field) as Record<string, unknown>[];
    if (!Array.isArray(items) || items.length !== inputs.length) return `result.${field}: expected ${inputs.length} items, got ${JSON.stringify(Array.isArray(items) ? items.length : items)}`;
    for (let i = 0; i < inputs.length; i++) {
      const problem = entityProblem(items[i], inputs[i]!, cls, built, seen, `result.${field}[${i}]`);
      if (problem) return problem;
    }
  }
  for (const key of Object.keys(payload)) {
    if (key === 'nodes' || key === '__proto__' || key === 'constructor') continue;
    if (!Object.prototype.hasOwnProperty.call(read, key)) return `result lost the plain key ${JSON.stringify(key)}`;
    const diff = jsonDiff(ownValue(read, key), ownValue(payload, key));
    if (diff) return `result.${key}: ${diff}`;
  }
  return undefined;
}

function entityProblem(instance: unknown, input: Record<string, unknown>, cls: EntityClass, built: Built, seen: Set<object>, path: string): string | undefined {
  if (typeof instance !== 'object' || instance === null) return `${path}: expected a ${cls.key} instance, got ${String(instance)}`;
  if (Object.getPrototypeOf(instance) !== cls.prototype) return `${path}: prototype is not ${cls.name}.prototype`;
  if (seen.has(instance)) return undefined;
  seen.add(instance);
  const members = MEMBERS.get(cls)!;
  for (const key of Object.keys(input)) {
    if (!Object.prototype.hasOwnProperty.call(instance, key)) return `${path}: field ${JSON.stringify(key)} is not an own property`;
    const got = ownValue(instance, key);
    const want = ownValue(input, key);
    const member = members.get(key);
    if (member === undefined) {
      const diff = jsonDiff(got, want);
      if (diff) return `${path}.${key}: ${diff}`;
      continue;
    }
    const [memberCls, isArray] = member;
    if (isArray) {
      if (!Array.isArray(got)) return `${path}.${key}: expected an array`;
      const wantItems = (want as unknown[]).filter((item) => item === null || typeof item === 'object' || built.byPk.get(memberCls.key)!.has(String(item)));
      if (got.length !== wantItems.length) return `${path}.${key}: ${got.length} items, expected ${wantItems.length} (missing ones are omitted)`;
      for (let i = 0; i < wantItems.length; i++) {
        const problem = memberProblem(got[i], wantItems[i], memberCls, built, seen, `${path}.${key}[${i}]`);
        if (problem) return problem;
      }
    } else {
      const problem = memberProblem(got, want, memberCls, built, seen, `${path}.${key}`);
      if (problem) return problem;
    }
  }
  return undefined;
}

function memberProblem(got: unknown, want: unknown, cls: EntityClass, built: Built, seen: Set<object>, path: string): string | undefined {
  if (want === null) return got === null ? undefined : `${path}: expected null`;
  const pk = typeof want === 'object' ? String(ownValue(want as object, 'id')) : String(want);
  const input = built.byPk.get(cls.key)!.get(pk);
  if (input === undefined) return got === undefined ? undefined : `${path}: a reference to the absent pk ${JSON.stringify(pk)} read as ${typeof got} (expected undefined)`;
  return entityProblem(got, input, cls, built, seen, path);
}
