import { Entity, MemoCache, normalize, schema } from 'rtk-rest';
import type { EntityMeta, NormalizedTables } from 'rtk-rest';
import { jsonDiff, objectPrototypeSnapshot } from '../support/json';

// Secondary indexes and lookup by arguments.

const at = (fetchedAt: number): EntityMeta => ({ fetchedAt, date: fetchedAt, expiresAt: 1e15 });

/** The running example's User, so that `indexes.User.username` reads as in the docs. */
class User extends Entity {
  id = 0;
  username = '';
  email = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'User';
  static override indexes = ['username', 'email'];
}

class Product extends Entity {
  sku = '';
  code = 0;
  pk() {
    return this.sku;
  }
  static override key = 'IdxProduct';
  static override indexes = ['code'];
}

class Plain extends Entity {
  id = 0;
  username = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'IdxPlain';
}

function usernames(tables: Partial<NormalizedTables>): Record<string, string> | undefined {
  return tables.indexes?.['User']?.['username'];
}

describe('index maintenance', () => {
  it('indexes[EntityKey][field][String(value)] = pk for each listed top-level field', () => {
    const out = normalize(User, { id: 1, username: 'bob', email: 'bob@x.org', nickname: 'bobby' }, [], {}, at(100));
    expect(out.indexes).toStrictEqual({ User: { username: { bob: '1' }, email: { 'bob@x.org': '1' } } });
  });

  it('index keys are String(value)', () => {
    const out = normalize([Product], [{ sku: 'a', code: 42 }, { sku: 'b', code: 0 }], [], {}, at(100));
    expect(out.indexes['IdxProduct']).toStrictEqual({ code: { '42': 'a', '0': 'b' } });
  });

  it('null and undefined values are not indexed', () => {
    const out = normalize([User], [{ id: 1, username: null, email: 'a@x' }, { id: 2, username: undefined }, { id: 3 }], [], {}, at(100));
    const names = usernames(out) ?? {};
    expect(Object.keys(names)).toEqual([]);
    expect(out.indexes['User']?.['email']).toStrictEqual({ 'a@x': '1' });
  });

  it('only top-level fields are indexed', () => {
    const out = normalize(User, { id: 4, profile: { username: 'deep' } }, [], {}, at(100));
    expect(usernames(out)?.['deep']).toBeUndefined();
    expect(Object.keys(usernames(out) ?? {})).toEqual([]);
  });

  it('entities without static indexes write no index, and the indexes table keeps its reference', () => {
    const store = normalize(User, { id: 1, username: 'bob' }, [], {}, at(100));
    const out = normalize(Plain, { id: 1, username: 'bob' }, [], store, at(200));
    expect(out.indexes).toBe(store.indexes);
    expect(out.indexes['IdxPlain']).toBeUndefined();
  });

  it('nested entities are indexed too', () => {
    class Message extends Entity {
      id = 0;
      pk() {
        return `${this.id}`;
      }
      static override key = 'IdxMessage';
      static override schema = { from: User };
    }
    const out = normalize(Message, { id: 1, from: { id: 9, username: 'zed' } }, [], {}, at(100));
    expect(usernames(out)).toStrictEqual({ zed: '9' });
  });
});

describe('index maps keep every entry across writes', () => {
  it('bob, al, then bob renamed robert gives { al: "2", robert: "1" } (separate writes)', () => {
    const first = normalize(User, { id: 1, username: 'bob' }, [], {}, at(100));
    const second = normalize(User, { id: 2, username: 'al' }, [], first, at(200));
    expect(usernames(second)).toStrictEqual({ bob: '1', al: '2' });
    const third = normalize(User, { id: 1, username: 'robert' }, [], second, at(300));
    expect(usernames(third)).toStrictEqual({ al: '2', robert: '1' });
  });

  it('the same example within one response', () => {
    const out = normalize([User], [{ id: 1, username: 'bob' }, { id: 2, username: 'al' }, { id: 1, username: 'robert' }], [], {}, at(100));
    expect(usernames(out)).toStrictEqual({ al: '2', robert: '1' });
  });

  it('writes do not mutate the index maps of the given store', () => {
    const first = normalize(User, { id: 1, username: 'bob' }, [], {}, at(100));
    const before = first.indexes['User']!['username']!;
    normalize(User, { id: 1, username: 'robert' }, [], first, at(200));
    expect(first.indexes['User']!['username']).toBe(before);
    expect(before).toStrictEqual({ bob: '1' });
  });

  it('a value that becomes null removes the old entry', () => {
    const first = normalize(User, { id: 1, username: 'bob', email: 'b@x' }, [], {}, at(100));
    const second = normalize(User, { id: 1, username: null }, [], first, at(200));
    expect(usernames(second)).toStrictEqual({});
    expect(second.indexes['User']!['email']).toStrictEqual({ 'b@x': '1' });
  });

  it('the old entry is removed only while it still points at this entity', () => {
    const first = normalize([User], [{ id: 1, username: 'bob' }], [], {}, at(100));
    const second = normalize(User, { id: 2, username: 'bob' }, [], first, at(200));
    expect(usernames(second)).toStrictEqual({ bob: '2' });
    const third = normalize(User, { id: 1, username: 'robert' }, [], second, at(300));
    expect(usernames(third)).toStrictEqual({ bob: '2', robert: '1' });
  });

  it('an older-started write that does not change the stored value leaves the index alone', () => {
    const first = normalize(User, { id: 1, username: 'bob' }, [], {}, at(300));
    const older = normalize(User, { id: 1, username: 'al' }, [], first, at(200));
    expect(usernames(older)).toStrictEqual({ bob: '1' });
  });

  it('unchanged values keep the index maps', () => {
    const first = normalize(User, { id: 1, username: 'bob', email: 'b@x' }, [], {}, at(100));
    const second = normalize(User, { id: 1, username: 'bob', email: 'b@x', age: 3 }, [], first, at(200));
    expect(second.indexes).toBe(first.indexes);
  });
});

describe('hostile indexed values', () => {
  let before: ReturnType<typeof objectPrototypeSnapshot>;
  beforeEach(() => {
    before = objectPrototypeSnapshot();
  });
  afterEach(() => {
    expect(objectPrototypeSnapshot()).toEqual(before);
  });

  it('__proto__ as an indexed value is an own entry; Object.prototype is untouched; JSON round trip', () => {
    const out = normalize([User], [{ id: 1, username: '__proto__' }, { id: 2, username: 'constructor' }], [], {}, at(100));
    const names = usernames(out)!;
    expect(Object.getPrototypeOf(names)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(names, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(names, '__proto__')?.value).toBe('1');
    expect(Object.getOwnPropertyDescriptor(names, 'constructor')?.value).toBe('2');
    expect(Object.keys(names)).toEqual(['__proto__', 'constructor']);
    expect(jsonDiff(JSON.parse(JSON.stringify(out)), out)).toBeUndefined();
  });

  it('changing a __proto__ indexed value removes its own entry', () => {
    const first = normalize(User, { id: 1, username: '__proto__' }, [], {}, at(100));
    const second = normalize(User, { id: 1, username: 'plain' }, [], first, at(200));
    const names = usernames(second)!;
    expect(Object.keys(names)).toEqual(['plain']);
    expect(Object.prototype.hasOwnProperty.call(names, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(names)).toBe(Object.prototype);
  });

  it('looking up __proto__ and constructor by index finds the stored users, and nothing when absent', () => {
    const out = normalize([User], [{ id: 1, username: '__proto__' }, { id: 2, username: 'al' }], [], {}, at(100));
    const cache = new MemoCache();
    const found = cache.query(User, [{ username: '__proto__' }], out).data;
    expect(found).toBeInstanceOf(User);
    expect(found?.id).toBe(1);
    expect(cache.query(User, [{ username: 'constructor' }], out).data).toBeUndefined();
    expect(cache.query(User, [{ username: 'toString' }], out).data).toBeUndefined();
  });
});

describe('entity lookup by arguments', () => {
  const tables = normalize(
    [User],
    [
      { id: 1, username: 'bob', email: 'bob@x' },
      { id: 2, username: 'al', email: 'al@x' },
    ],
    [],
    {},
    at(100),
  );

  it('a string or number argument is the pk', () => {
    const cache = new MemoCache();
    const byString = cache.query(User, ['2'], tables).data;
    expect(byString).toBeInstanceOf(User);
    expect(byString?.username).toBe('al');
    expect(cache.query(User, [2], tables).data?.username).toBe('al');
    expect(cache.query(User, [3], tables).data).toBeUndefined();
  });

  it('an object argument gives its pk through static pk', () => {
    const cache = new MemoCache();
    expect(cache.query(User, [{ id: 1 }], tables).data?.username).toBe('bob');
    expect(cache.query(User, [{ id: 1, username: 'al' }], tables).data?.username).toBe('bob');
  });

  it("selectQuery(state, User, { username: 'al' }) returns user 2 (lookup through the index)", () => {
    const user = new MemoCache().query(User, [{ username: 'al' }], tables).data;
    expect(user).toBeInstanceOf(User);
    expect(user?.id).toBe(2);
  });

  it('the first field of indexes present in the object is looked up', () => {
    const cache = new MemoCache();
    // `indexes` is ['username', 'email']: username decides even though email points at user 1.
    expect(cache.query(User, [{ email: 'bob@x', username: 'al' }], tables).data?.id).toBe(2);
    expect(cache.query(User, [{ email: 'bob@x' }], tables).data?.id).toBe(1);
  });

  it('an unknown index value finds nothing', () => {
    expect(new MemoCache().query(User, [{ username: 'nobody' }], tables).data).toBeUndefined();
    expect(new MemoCache().query(User, [{ nickname: 'al' }], tables).data).toBeUndefined();
  });

  it('a lookup through a renamed index follows the current value', () => {
    const renamed = normalize(User, { id: 1, username: 'robert' }, [], tables, at(200));
    const cache = new MemoCache();
    expect(cache.query(User, [{ username: 'bob' }], renamed).data).toBeUndefined();
    expect(cache.query(User, [{ username: 'robert' }], renamed).data?.id).toBe(1);
  });

  it('a lookup of a tombstoned entity finds nothing', () => {
    const deleted = normalize(new schema.Invalidate(User), '2', [], tables, at(200));
    expect(new MemoCache().query(User, [{ username: 'al' }], deleted).data).toBeUndefined();
    expect(new MemoCache().query(User, ['2'], deleted).data).toBeUndefined();
  });
});
