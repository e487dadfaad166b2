import { Entity, MemoCache, denormalize, normalize, schema } from 'rtk-rest';

class Item extends Entity {
  id = 0;
  label = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Item';
}
class Tag extends Entity {
  name = '';
  pk() {
    return this.name;
  }
  static override key = 'Tag';
}
class Basket extends Entity {
  id = 0;
  items: Item[] = [];
  byName: Record<string, Item> = {};
  pk() {
    return `${this.id}`;
  }
  static override key = 'Basket';
  static override schema = { items: [Item], byName: new schema.Values(Item) };
}

const entities = {
  Item: { '1': { id: 1, label: 'one' }, '2': null, '3': { id: 3, label: 'three' } },
};

describe('Array', () => {
  it('[X] is shorthand for new schema.Array(X)', () => {
    const input = [{ id: 1, label: 'a' }, { id: 2, label: 'b' }];
    const short = normalize([Item], input);
    const long = normalize(new schema.Array(Item), input);
    expect(short.result).toEqual(['1', '2']);
    expect(long.result).toEqual(['1', '2']);
    expect(short.entities).toEqual(long.entities);
    expect(short.entities.Item).toEqual({ '1': { id: 1, label: 'a' }, '2': { id: 2, label: 'b' } });
    const read = denormalize([Item], short.result, short.entities) as Item[];
    expect(read.map((item) => item instanceof Item && item.label)).toEqual(['a', 'b']);
  });

  it("an array shorthand with more than one element throws 'Expected a single schema in [ ], found 2'", () => {
    expect(() => normalize([Item, Tag], [])).toThrow(new Error('Expected a single schema in [ ], found 2'));
    expect(() => denormalize([Item, Tag], [], {})).toThrow(new Error('Expected a single schema in [ ], found 2'));
    expect(() => normalize({ list: [Item, Tag] }, { list: [] })).toThrow(new Error('Expected a single schema in [ ], found 2'));
  });

  it('an object input is mapped over its values', () => {
    const out = normalize([Item], { a: { id: 1 }, b: { id: 2 } });
    expect(out.result).toEqual(['1', '2']);
    expect(Object.keys(out.entities.Item!)).toEqual(['1', '2']);
  });

  it('null items are kept when normalizing and reading', () => {
    const out = normalize([Item], [{ id: 1 }, null, { id: 3 }]);
    expect(out.result).toEqual(['1', null, '3']);
    const read = denormalize([Item], out.result, out.entities) as (Item | null)[];
    expect(read).toHaveLength(3);
    expect(read[0]).toBeInstanceOf(Item);
    expect(read[1]).toBeNull();
    expect(read[2]!.id).toBe(3);
  });

  it('reading omits missing and tombstoned entities', () => {
    const read = denormalize([Item], ['3', '2', '1', '9'], entities) as Item[];
    expect(read.map((item) => item.label)).toEqual(['three', 'one']);
    expect(read.every((item) => item instanceof Item)).toBe(true);
  });

  it('nested in an entity, the list is normalized to pks and read back', () => {
    const out = normalize(Basket, { id: 1, items: [{ id: 1, label: 'x' }, { id: 2, label: 'y' }] });
    expect(out.entities.Basket!['1']).toEqual({ id: 1, items: ['1', '2'] });
    const basket = denormalize(Basket, '1', { ...out.entities, Item: { ...out.entities.Item, '2': null } }) as Basket;
    expect(basket.items.map((item) => item.label)).toEqual(['x']);
  });

  it('not queryable', () => {
    const memo = new MemoCache();
    expect(() => memo.query([Item], [], { entities })).toThrow(TypeError);
    expect(() => memo.query(new schema.Array(Item), [], { entities })).toThrow(/not queryable/);
  });
});

describe('Values', () => {
  const values = new schema.Values(Item);

  it('normalizing drops entries whose value is null or undefined', () => {
    const out = normalize(values, { a: { id: 1 }, b: null, c: undefined, d: { id: 4 } });
    expect(out.result).toEqual({ a: '1', d: '4' });
    expect(Object.keys(out.result as object)).toEqual(['a', 'd']);
    expect(out.entities.Item).toEqual({ '1': { id: 1 }, '4': { id: 4 } });
  });

  it('reading omits missing and tombstoned entities', () => {
    const read = denormalize(values, { a: '1', b: '2', c: '9', d: '3' }, entities) as Record<string, Item>;
    expect(Object.keys(read)).toEqual(['a', 'd']);
    expect(read.a).toBeInstanceOf(Item);
    expect(read.d!.label).toBe('three');
  });

  it('nested in an entity', () => {
    const out = normalize(Basket, { id: 2, byName: { x: { id: 5 }, y: null } });
    expect(out.entities.Basket!['2']).toEqual({ id: 2, byName: { x: '5' } });
    const basket = denormalize(Basket, '2', out.entities) as Basket;
    expect(basket.byName.x).toBeInstanceOf(Item);
  });

  it('not queryable', () => {
    expect(() => new MemoCache().query(values, [], { entities })).toThrow(TypeError);
  });
});

describe('Object', () => {
  it('a plain object is shorthand for new schema.Object({...})', () => {
    const input = { results: [{ id: 1 }], next: 'abc' };
    const short = normalize({ results: [Item], next: '' }, input);
    const long = normalize(new schema.Object({ results: [Item], next: '' }), input);
    expect(short.result).toEqual({ results: ['1'], next: 'abc' });
    expect(long.result).toEqual(short.result);
    expect(long.entities).toEqual(short.entities);
  });

  it('non-schema keys are copied as JSON', () => {
    const input = {
      item: { id: 1 },
      when: new Date('2024-01-01T00:00:00.000Z'),
      nested: { at: new Date(0), list: [1, undefined] },
      nan: NaN,
      big: BigInt(12),
      fn: () => 1,
      missing: undefined,
      plain: 'x',
    };
    const out = normalize({ item: Item }, input);
    expect(out.result).toEqual({
      item: '1',
      when: '2024-01-01T00:00:00.000Z',
      nested: { at: '1970-01-01T00:00:00.000Z', list: [1, null] },
      nan: null,
      big: '12',
      plain: 'x',
    });
    expect(Object.keys(out.result as object).sort()).toEqual(['big', 'item', 'nan', 'nested', 'plain', 'when']);
    expect(JSON.parse(JSON.stringify(out.result))).toEqual(out.result);
    expect(input.when).toBeInstanceOf(Date); // the input is not mutated
  });

  it('reading resolves schema members (missing → undefined) and copies the rest', () => {
    const read = denormalize({ first: Item, gone: Item, absent: Item, list: [Item], next: '' }, { first: '1', gone: '2', absent: '9', list: ['3', '2'], next: 'p2' }, entities) as {
      first: Item;
      gone: Item | undefined;
      absent: Item | undefined;
      list: Item[];
      next: string;
    };
    expect(read.first).toBeInstanceOf(Item);
    expect(read.first.label).toBe('one');
    expect(read.gone).toBeUndefined();
    expect(read.absent).toBeUndefined();
    expect(read.list.map((item) => item.id)).toEqual([3]);
    expect(read.next).toBe('p2');
  });

  it('the object itself is always produced', () => {
    const read = denormalize({ item: Item, count: 0 }, { item: '9', count: 3 }, {});
    expect(read).toBeDefined();
    expect(read).toEqual({ count: 3 });
    const memoRead = new MemoCache().denormalize({ item: Item, count: 0 }, { item: '2', count: 4 }, entities).data;
    expect(memoRead).toEqual({ count: 4 });
    expect(memoRead!.item).toBeUndefined();
  });

  it('queryable when all schema members are, reading as an object of their query results', () => {
    const queryable = { item: Item, list: new schema.Collection([Item]) };
    const tables = { entities: { ...entities, '[Item]': { '{"id":"3"}': ['3', '1'] } } };
    const read = new MemoCache().query(queryable, [{ id: 3 }], tables).data as { item: Item; list: Item[] };
    expect(read.item).toBeInstanceOf(Item);
    expect(read.item.id).toBe(3);
    expect(read.list.map((item) => item.id)).toEqual([3, 1]);
  });

  it('an object with an All member queries All like a top-level All', () => {
    const read = new MemoCache().query({ item: Item, all: new schema.All(Item) }, [{ id: 3 }], { entities }).data as { item: Item; all: Item[] };
    expect(read.item.id).toBe(3);
    expect(read.all).toEqual(new MemoCache().query(new schema.All(Item), [], { entities }).data);
    expect(read.all.map((item) => item.id)).toEqual([1, 3]);
  });

  it('an object with a non-queryable member is not queryable', () => {
    expect(() => new MemoCache().query({ item: Item, list: [Item] }, [{ id: 3 }], { entities })).toThrow(TypeError);
  });
});

describe('shape checks at the top level', () => {
  function failure(run: () => unknown): { status?: number; problem?: string } {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(Error);
      return error as { status?: number; problem?: string };
    }
    throw new Error('expected normalize to throw');
  }

  it('an array for an Entity fails with status 400 and "expected an object for Item, got an array"', () => {
    const error = failure(() => normalize(Item, [{ id: 1 }]));
    expect(error.status).toBe(400);
    expect(error.problem).toMatch(/^expected an object for Item, got an array/);
  });

  it('null or a primitive for an Entity fails likewise', () => {
    for (const input of [null, 5, 'x', true]) {
      const error = failure(() => normalize(Item, input));
      expect(error.status).toBe(400);
      expect(error.problem).toMatch(/^expected an object for Item, got /);
    }
  });

  it('Values and object schemas need an object; [X] needs an array or object', () => {
    expect(failure(() => normalize(new schema.Values(Item), [{ id: 1 }])).status).toBe(400);
    expect(failure(() => normalize({ item: Item }, 'x')).status).toBe(400);
    expect(failure(() => normalize([Item], 'x')).status).toBe(400);
  });

  it('nested, a pk is a reference and null stays null', () => {
    const out = normalize(Basket, { id: 3, items: [2, '4', null] });
    expect(out.entities.Basket!['3']).toEqual({ id: 3, items: ['2', '4', null] });
    expect(out.entities.Item).toBeUndefined();
  });

  it('a shape error writes nothing (normalization is atomic)', () => {
    const store = normalize([Item], [{ id: 1, label: 'kept' }]);
    expect(() => normalize({ good: [Item], bad: Item }, { good: [{ id: 1, label: 'changed' }], bad: [] }, [], store)).toThrow();
    expect(store.entities.Item!['1']).toEqual({ id: 1, label: 'kept' });
  });
});
