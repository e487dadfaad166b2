import fc from 'fast-check';
import { NormalizeContext, pksOf, toNode } from '../../src/schema';
import type { EntityMeta, EntityReader } from '../../src/schema';

// A normalization pass lists the keys of the tables it wrote as it writes them (`pksOf`), so that
// the store does not enumerate large dictionaries; the lists must be exactly the tables' keys.

const empty: EntityReader = {
  entity: () => undefined,
  meta: () => undefined,
  index: () => undefined,
  token: () => undefined,
  pks: () => [],
};
const PASS_META: EntityMeta = { fetchedAt: 1, date: 1, expiresAt: 2 };
const OTHER_META: EntityMeta = { fetchedAt: 0, date: 0, expiresAt: 2 };

type Op = { kind: 'write'; key: string; pk: string; withMeta: boolean } | { kind: 'writeMeta'; key: string; pk: string };

const pkArb = fc.oneof(fc.constantFrom('1', '2', '10', '007', 'a', 'b', '__proto__', 'constructor', 'post-1', '4294967295'), fc.string({ maxLength: 3 }));
const keyArb = fc.constantFrom('Post', 'User');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('write' as const), key: keyArb, pk: pkArb, withMeta: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('writeMeta' as const), key: keyArb, pk: pkArb }) },
);

/** Object.keys' order: canonical array indexes ascending, then the other keys as first added. */
const nonIndex = (keys: readonly string[]) => keys.filter((k) => !(String(Number(k) >>> 0) === k && Number(k) < 4294967295));

describe('the keys a normalization pass lists for its tables', () => {
  it('are the keys of each written table, each once, in the order Object.keys gives the others', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        const ctx = new NormalizeContext(empty, PASS_META, [], toNode);
        for (const op of ops) {
          if (op.kind === 'write') ctx.write(op.key, op.pk, { id: op.pk }, op.withMeta ? PASS_META : undefined);
          else ctx.writeMeta(op.key, op.pk, OTHER_META);
        }
        for (const tables of [ctx.entities, ctx.entitiesMeta]) {
          for (const table of Object.values(tables)) {
            const listed = pksOf(table);
            const keys = Object.keys(table);
            expect(new Set(listed).size).toBe(listed.length);
            expect([...listed].sort()).toEqual([...keys].sort());
            expect(nonIndex(listed)).toEqual(nonIndex(keys));
          }
        }
      }),
      { seed: 20261202, numRuns: 500 },
    );
  });

  it('any other object is listed by Object.keys', () => {
    const table = { b: 1, a: 2, '3': 3 };
    expect(pksOf(table)).toEqual(['3', 'b', 'a']);
  });
});
