import { Entity, MemoCache, NormalizeError, denormalize, normalize, schema } from 'rtk-rest';
import type { EntityMeta, NormalizedTables } from 'rtk-rest';
import { thrown, deepFreeze, expectJSONRoundTrip } from '../support/json';

// normalize() and denormalize().

const META: EntityMeta = { fetchedAt: 200, date: 200, expiresAt: 1e15 };
const LATER: EntityMeta = { fetchedAt: 300, date: 300, expiresAt: 1e15 };

class User extends Entity {
  id = 0;
  username = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'NzUser';
  static override indexes = ['username'];
}

/** `Post` keeps the key of the running example so that error messages read as the docs print them. */
class Post extends Entity {
  id = 0;
  title = '';
  author = User.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
  static override schema = { author: User };
}

class Tag extends Entity {
  name = '';
  pk() {
    return this.name;
  }
  static override key = 'NzTag';
}

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

/** A store with a post, its author, a tag and their meta and indexes. */
function baseStore(): NormalizedTables {
  const withPost = normalize(Post, { id: 1, title: 'one', author: { id: 7, username: 'ann' } }, [], {}, META);
  const withTag = normalize(Tag, { name: 'ts' }, [], withPost, META);
  return { entities: withTag.entities, entitiesMeta: withTag.entitiesMeta, indexes: withTag.indexes };
}

describe('everything written is brought to JSON form', () => {
  function stored(input: Record<string, unknown>): Record<string, unknown> {
    const out = normalize(Post, { id: 1, ...input }, [], {}, META);
    return out.entities['Post']!['1'] as Record<string, unknown>;
  }

  it('a Date becomes its ISO string (toJSON)', () => {
    expect(stored({ at: new Date('2024-01-01T00:00:00.000Z') })).toStrictEqual({ id: 1, at: '2024-01-01T00:00:00.000Z' });
  });

  it('other objects with toJSON become their toJSON() result', () => {
    expect(stored({ money: { toJSON: () => ({ amount: '1.00' }) } })).toStrictEqual({ id: 1, money: { amount: '1.00' } });
  });

  it('NaN, Infinity and -Infinity become null', () => {
    expect(stored({ a: NaN, b: Infinity, c: -Infinity, d: 1.5 })).toStrictEqual({ id: 1, a: null, b: null, c: null, d: 1.5 });
  });

  it('undefined object fields are dropped', () => {
    const cell = stored({ gone: undefined, kept: 0 });
    expect(cell).toStrictEqual({ id: 1, kept: 0 });
    expect(Object.prototype.hasOwnProperty.call(cell, 'gone')).toBe(false);
  });

  it('a bigint becomes its decimal string', () => {
    expect(stored({ big: BigInt('12345678901234567890') })).toStrictEqual({ id: 1, big: '12345678901234567890' });
  });

  it('functions and symbol values are dropped', () => {
    const cell = stored({ fn: () => 1, sym: Symbol('s'), kept: 'k' });
    expect(cell).toStrictEqual({ id: 1, kept: 'k' });
    expect(Object.keys(cell)).toEqual(['id', 'kept']);
  });

  it('symbol-keyed properties added by static process() are dropped', () => {
    class Tagged extends Entity {
      id = 0;
      kept = '';
      pk() {
        return `${this.id}`;
      }
      static override key = 'NzTagged';
      static override process(input: any) {
        return { ...input, [Symbol('hidden')]: 1 };
      }
    }
    const out = normalize(Tagged, { id: 1, kept: 'k' }, [], {}, META);
    expect(Reflect.ownKeys(out.entities['NzTagged']!['1'] as object)).toEqual(['id', 'kept']);
  });

  it('symbol-keyed properties of nested plain objects are dropped', () => {
    const cell = stored({ nested: { [Symbol('hidden')]: 1, v: 1 }, kept: 'k' });
    expect(Reflect.ownKeys((cell as { nested: object }).nested)).toEqual(['v']);
  });

  it('nested values follow JSON.stringify: arrays hold null in place of dropped values, objects drop them', () => {
    const cell = stored({
      list: [1, NaN, undefined, () => 1, new Date(0), BigInt(3)],
      nested: { at: new Date(0), n: Infinity, u: undefined, f: () => 1, deep: { big: BigInt(5) } },
    });
    expect(cell).toStrictEqual({
      id: 1,
      list: [1, null, null, null, '1970-01-01T00:00:00.000Z', '3'],
      nested: { at: '1970-01-01T00:00:00.000Z', n: null, deep: { big: '5' } },
    });
  });

  it('class instances that are not schemas become plain objects of their own fields', () => {
    const cell = stored({ point: new Point(1, 2) });
    expect(cell).toStrictEqual({ id: 1, point: { x: 1, y: 2 } });
    expect(Object.getPrototypeOf(cell['point'])).toBe(Object.prototype);
  });

  it('the non-schema keys of an object schema are brought to JSON form', () => {
    const out = normalize(
      { posts: [Post], next: '' },
      { posts: [{ id: 1 }], next: 'p2', when: new Date(0), n: NaN, f: () => 1, big: BigInt(2), u: undefined },
      [],
      {},
      META,
    );
    expect(out.result).toStrictEqual({ posts: ['1'], next: 'p2', when: '1970-01-01T00:00:00.000Z', n: null, big: '2' });
  });

  it('JSON.parse(JSON.stringify(tables)) deep-equals the tables', () => {
    const out = normalize(
      [Post],
      [
        {
          id: 1,
          title: 't',
          at: new Date(5),
          n: NaN,
          u: undefined,
          big: BigInt(7),
          fn: () => 1,
          point: new Point(3, 4),
          list: [undefined, NaN, new Date(0)],
          author: { id: 7, username: 'ann', joined: new Date(9), score: -Infinity },
        },
      ],
      [],
      {},
      META,
    );
    expectJSONRoundTrip(out);
    expect(out.entities['Post']!['1']).toStrictEqual({
      id: 1,
      title: 't',
      at: '1970-01-01T00:00:00.005Z',
      n: null,
      big: '7',
      point: { x: 3, y: 4 },
      list: [null, null, '1970-01-01T00:00:00.000Z'],
      author: '7',
    });
    expect(out.entities['NzUser']!['7']).toStrictEqual({ id: 7, username: 'ann', joined: '1970-01-01T00:00:00.009Z', score: null });
  });

  it('a schema object drops the symbol-keyed properties of its input and keeps the other keys in order', () => {
    const out = normalize({ post: Post }, { [Symbol('r')]: 1, before: 'b', post: { id: 2 }, after: 'a' }, [], {}, META);
    expect(Reflect.ownKeys(out.result as object)).toEqual(['before', 'post', 'after']);
  });

  it('the JSON round trip holds with symbol-keyed nested properties and a symbol-keyed response object', () => {
    const out = normalize({ post: Post }, { [Symbol('r')]: 1, post: { id: 2, nested: { [Symbol('t')]: 'y', v: 1 } } }, [], {}, META);
    expectJSONRoundTrip(out);
  });
});

describe('normalize(schema, input, args, store, meta)', () => {
  it('returns { result, entities, indexes, entitiesMeta }', () => {
    const out = normalize(Post, { id: 1, author: { id: 7, username: 'ann' } }, [], {}, META);
    expect(Object.keys(out).sort()).toEqual(['entities', 'entitiesMeta', 'indexes', 'result']);
    expect(out).toStrictEqual({
      result: '1',
      entities: { Post: { '1': { id: 1, author: '7' } }, NzUser: { '7': { id: 7, username: 'ann' } } },
      entitiesMeta: { Post: { '1': META }, NzUser: { '7': META } },
      indexes: { NzUser: { username: { ann: '7' } } },
    });
  });

  it('the store defaults to empty tables and args to []', () => {
    const seen: unknown[] = [];
    class Probe extends Entity {
      id = 0;
      pk() {
        return `${this.id}`;
      }
      static override key = 'NzProbe';
      static override process(input: any, _parent: unknown, _key: string | undefined, args: readonly unknown[]) {
        seen.push(args);
        return { ...input };
      }
    }
    const out = normalize(Probe, { id: 1 });
    expect(seen).toEqual([[]]);
    expect(out.entities).toStrictEqual({ NzProbe: { '1': { id: 1 } } });
    expect(out.indexes).toStrictEqual({});
  });

  it('meta defaults to { fetchedAt: now, date: now, expiresAt: MAX_SAFE_INTEGER } for every written entity', () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(5000);
    try {
      const out = normalize(Post, { id: 1, author: { id: 7 } });
      const expected = { fetchedAt: 5000, date: 5000, expiresAt: Number.MAX_SAFE_INTEGER };
      expect(out.entitiesMeta).toStrictEqual({ Post: { '1': expected }, NzUser: { '7': expected } });
    } finally {
      now.mockRestore();
    }
  });

  it('the input is not mutated', () => {
    const input = [
      { id: 1, title: 'a', author: { id: 7, username: 'ann' }, tags: ['x'], at: new Date(0) },
      { id: 1, title: 'b', author: 7 },
    ];
    const snapshot = JSON.stringify(input);
    deepFreeze(input);
    normalize([Post], input, [], {}, META);
    expect(JSON.stringify(input)).toBe(snapshot);
    expect(input[0]!.at).toBeInstanceOf(Date);
  });

  it('the store is not mutated', () => {
    const store = deepFreeze(baseStore());
    const snapshot = JSON.stringify(store);
    const out = normalize([Post], [{ id: 1, title: 'changed', author: { id: 7, username: 'anne' } }, { id: 2 }], [], store, LATER);
    expect(JSON.stringify(store)).toBe(snapshot);
    expect(out.entities['Post']!['1']).toStrictEqual({ id: 1, title: 'changed', author: '7' });
    expect(out.indexes['NzUser']!['username']).toStrictEqual({ anne: '7' });
    expect(store.indexes['NzUser']!['username']).toStrictEqual({ ann: '7' });
  });

  it('untouched tables keep their references', () => {
    const store = baseStore();
    const out = normalize(Post, { id: 2, title: 'two' }, [], store, LATER);
    expect(out.entities).not.toBe(store.entities);
    expect(out.entities['NzTag']).toBe(store.entities['NzTag']);
    expect(out.entities['NzUser']).toBe(store.entities['NzUser']);
    expect(out.entitiesMeta['NzTag']).toBe(store.entitiesMeta['NzTag']);
    expect(out.entitiesMeta['NzUser']).toBe(store.entitiesMeta['NzUser']);
    expect(out.indexes).toBe(store.indexes);
  });

  it('untouched entities of a written table keep their references', () => {
    const store = baseStore();
    const out = normalize(Post, { id: 2, title: 'two' }, [], store, LATER);
    expect(out.entities['Post']).not.toBe(store.entities['Post']);
    expect(out.entities['Post']!['1']).toBe(store.entities['Post']!['1']);
    expect(out.entitiesMeta['Post']!['1']).toBe(store.entitiesMeta['Post']!['1']);
  });

  it('a normalization that writes nothing returns the tables as given', () => {
    const store = baseStore();
    const out = normalize([Post], [], [], store, LATER);
    expect(out.result).toStrictEqual([]);
    expect(out.entities).toBe(store.entities);
    expect(out.entitiesMeta).toBe(store.entitiesMeta);
    expect(out.indexes).toBe(store.indexes);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
  ])('with no schema (%s) the result is the input and the tables are returned as given', (_label, noSchema) => {
    const store = baseStore();
    const input = { id: 9, at: new Date(0), nested: [1, 2] };
    const out = normalize(noSchema, input, [], store, LATER);
    expect(out.result).toBe(input);
    expect(out.entities).toBe(store.entities);
    expect(out.entitiesMeta).toBe(store.entitiesMeta);
    expect(out.indexes).toBe(store.indexes);
    const empty = normalize(noSchema, 'text');
    expect(empty.result).toBe('text');
    expect(empty).toStrictEqual({ result: 'text', entities: {}, entitiesMeta: {}, indexes: {} });
  });
});

describe('normalization is atomic', () => {
  it('on an error it throws and the given store is untouched', () => {
    const store = deepFreeze(baseStore());
    const snapshot = JSON.stringify(store);
    const tables = { entities: store.entities, entitiesMeta: store.entitiesMeta, indexes: store.indexes };
    const input = [
      { id: 2, title: 'valid', author: { id: 8, username: 'bo' } },
      { id: 1, title: 'overwrite', author: { id: 7, username: 'renamed' } },
      { title: 'no pk' },
    ];
    expect(() => normalize([Post], input, [], store, LATER)).toThrow('missing primary key');
    expect(JSON.stringify(store)).toBe(snapshot);
    expect(store.entities).toBe(tables.entities);
    expect(store.entitiesMeta).toBe(tables.entitiesMeta);
    expect(store.indexes).toBe(tables.indexes);
  });

  it('a failure nested deep inside the input writes nothing, and later normalizations see no trace of it', () => {
    const store = baseStore();
    const bad = { id: 3, title: 'bad', author: { username: 'no id' } };
    expect(() => normalize(Post, bad, [], store, LATER)).toThrow(NormalizeError);
    const next = normalize(Tag, { name: 'js' }, [], store, LATER);
    expect(Object.keys(next.entities).sort()).toEqual(['NzTag', 'NzUser', 'Post']);
    expect(Object.keys(next.entities['Post']!)).toEqual(['1']);
    expect(next.indexes).toBe(store.indexes);
  });

  it('an exception from process() propagates and the store is untouched', () => {
    class Exploding extends Entity {
      id = 0;
      pk() {
        return `${this.id}`;
      }
      static override key = 'NzExploding';
      static override process(input: any) {
        if (input.explode) throw new Error('boom');
        return { ...input };
      }
    }
    class Parent extends Entity {
      id = 0;
      pk() {
        return `${this.id}`;
      }
      static override key = 'NzParent';
      static override schema = { children: [Exploding] };
    }
    const store = deepFreeze(baseStore());
    const snapshot = JSON.stringify(store);
    expect(() => normalize(Parent, { id: 1, children: [{ id: 1 }, { id: 2, explode: true }] }, [], store, LATER)).toThrow('boom');
    expect(JSON.stringify(store)).toBe(snapshot);
  });
});

describe('shape checks', () => {
  function problemOf(fn: () => unknown): string {
    const error = thrown(fn);
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(NormalizeError);
    expect((error as NormalizeError).status).toBe(400);
    expect((error as Error).message).toContain((error as NormalizeError).problem);
    return (error as NormalizeError).problem;
  }

  it('an Entity needs an object: an array fails with "expected an object for Post, got an array"', () => {
    expect(problemOf(() => normalize(Post, [{ id: 1 }], [], {}, META))).toContain('expected an object for Post, got an array');
  });

  it.each([
    ['null', null],
    ['a number', 5],
    ['a string', '5'],
    ['a boolean', true],
    ['undefined', undefined],
  ])('an Entity given %s fails likewise', (_label, input) => {
    expect(problemOf(() => normalize(Post, input, [], {}, META))).toContain('expected an object for Post');
  });

  it('Invalidate takes a primitive pk at the top level', () => {
    const store = baseStore();
    const byString = normalize(new schema.Invalidate(Post), '1', [], store, LATER);
    expect(byString.result).toBe('1');
    expect(byString.entities['Post']!['1']).toBeNull();
    const byNumber = normalize(new schema.Invalidate(Post), 1, [], store, LATER);
    expect(byNumber.result).toBe('1');
    expect(byNumber.entities['Post']!['1']).toBeNull();
  });

  it('a Collection of an array needs an array', () => {
    const list = new schema.Collection([Post]);
    expect(problemOf(() => normalize(list, { id: 1 }, [], {}, META))).toContain('expected an array');
    expect(problemOf(() => normalize(list, null, [], {}, META))).toContain('expected an array');
  });

  it('Values needs an object', () => {
    const dict = new schema.Values(Post);
    expect(problemOf(() => normalize(dict, [{ id: 1 }], [], {}, META))).toContain('expected an object');
    expect(problemOf(() => normalize(dict, 'x', [], {}, META))).toContain('expected an object');
  });

  it('an object schema needs an object', () => {
    const page = { results: [Post], next: '' };
    expect(problemOf(() => normalize(page, [{ id: 1 }], [], {}, META))).toContain('expected an object');
    expect(problemOf(() => normalize(page, null, [], {}, META))).toContain('expected an object');
    expect(problemOf(() => normalize(new schema.Object({ results: [Post] }), 3, [], {}, META))).toContain('expected an object');
  });

  it('nested in an entity, a number or string where an entity is expected is a reference to that pk', () => {
    const out = normalize([Post], [{ id: 1, author: 1 }, { id: 2, author: '2' }], [], {}, META);
    expect(out.entities['Post']).toStrictEqual({ '1': { id: 1, author: '1' }, '2': { id: 2, author: '2' } });
    expect(out.entities['NzUser']).toBeUndefined();
    const withUser = normalize(User, { id: 1, username: 'ann' }, [], out, META);
    expect(denormalize(Post, '1', withUser.entities)?.author.username).toBe('ann');
  });

  it('nested in an object schema, a pk is a reference and null stays null', () => {
    const out = normalize({ lead: Post, backup: Post }, { lead: 5, backup: null }, [], {}, META);
    expect(out.result).toStrictEqual({ lead: '5', backup: null });
  });

  it('nested null stays null', () => {
    const out = normalize(Post, { id: 1, author: null }, [], {}, META);
    expect(out.entities['Post']!['1']).toStrictEqual({ id: 1, author: null });
    expect(denormalize(Post, '1', out.entities)?.author).toBeNull();
  });
});

describe('denormalize(schema, result, entities, args)', () => {
  const store = normalize(
    [Post],
    [
      { id: 1, title: 'one', author: { id: 7, username: 'ann' } },
      { id: 2, title: 'two', author: { id: 8, username: 'bo' } },
    ],
    [],
    {},
    META,
  );
  const entities = { ...store.entities, Post: { ...store.entities['Post'], '3': null } };

  it('reads the result against the entities by their schemas', () => {
    const posts = denormalize([Post] as const, ['1', '2'], entities)!;
    expect(posts).toHaveLength(2);
    expect(posts[0]).toBeInstanceOf(Post);
    expect(posts[0]!.author).toBeInstanceOf(User);
    expect(posts.map((p) => [p.title, p.author.username])).toEqual([
      ['one', 'ann'],
      ['two', 'bo'],
    ]);
  });

  it('returns undefined when the top-level entity is missing or tombstoned', () => {
    expect(denormalize(Post, '99', entities)).toBeUndefined();
    expect(denormalize(Post, '3', entities)).toBeUndefined();
    expect(denormalize(Post, '1', {})).toBeUndefined();
  });

  it('lists omit missing and tombstoned entities', () => {
    const posts = denormalize([Post] as const, ['1', '3', '99', '2'], entities)!;
    expect(posts.map((p) => p.id)).toEqual([1, 2]);
  });

  it('an object schema reads each member', () => {
    const page = denormalize({ results: [Post] as const, next: '' }, { results: ['2'], next: 'p2' }, entities)!;
    expect(page.next).toBe('p2');
    expect(page.results.map((p) => p.id)).toEqual([2]);
    expect(page.results[0]).toBeInstanceOf(Post);
  });

  it('with no schema the result is returned as is', () => {
    const result = { raw: [1, 2] };
    expect(denormalize(undefined, result, entities)).toBe(result);
  });

  it('args are passed through to the schema (args default to [])', () => {
    const seen: unknown[] = [];
    const query = new schema.Query(new schema.All(Post), (posts: Post[], ...args: unknown[]) => {
      seen.push(args);
      return posts.length;
    });
    expect(denormalize(query, null, entities, [{ author: 'ann' }])).toBe(2);
    expect(denormalize(query, null, entities)).toBe(2);
    expect(seen).toEqual([[{ author: 'ann' }], []]);
  });

  it('it is not memoized: each call builds new instances (MemoCache is)', () => {
    const first = denormalize(Post, '1', entities);
    const second = denormalize(Post, '1', entities);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    const cache = new MemoCache();
    expect(cache.denormalize(Post, '1', entities).data).toBe(cache.denormalize(Post, '1', entities).data);
  });

  it('the entities are not modified by a read', () => {
    const snapshot = JSON.stringify(entities);
    denormalize([Post], ['1', '2', '3'], deepFreeze(entities));
    expect(JSON.stringify(entities)).toBe(snapshot);
  });
});
