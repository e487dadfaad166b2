import { Entity, MemoCache, denormalize, normalize, schema } from 'rtk-rest';
import type { EntityMeta, NormalizedTables } from 'rtk-rest';
import { appendNew } from '../../src/schema';

class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
}
class TextPost extends Entity {
  id = 0;
  type = 'text';
  body = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'TextPost';
}
class ImagePost extends Entity {
  id = 0;
  type = 'image';
  url = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'ImagePost';
}
class Todo extends Entity {
  id = 0;
  title = '';
  userId = 0;
  pk() {
    return `${this.id}`;
  }
  static override key = 'Todo';
}
class Member extends Entity {
  id = 0;
  name = '';
  todos: Todo[] = [];
  pk() {
    return `${this.id}`;
  }
  static override key = 'Member';
  static override schema = {
    todos: new schema.Collection([Todo], { nestKey: (parent: { id: number }) => ({ userId: parent.id }) }),
  };
}
class Team extends Entity {
  id = 0;
  todos: Todo[] = [];
  pk() {
    return `${this.id}`;
  }
  static override key = 'Team';
  // Nested without nestKey: the pk comes from argsKey(...args).
  static override schema = { todos: new schema.Collection([Todo]) };
}

const meta = (fetchedAt: number): EntityMeta => ({ fetchedAt, date: fetchedAt + 5, expiresAt: fetchedAt + 1000 });

const TODOS = '[Todo]';

/** Stores the lists of the filter example: `{}`, `{"userId":"1"}`, `{"userId":"2"}`, `{"orderBy":"date","userId":"1"}`. */
function storeTodoLists(collection: schema.Collection<any>): NormalizedTables {
  let store: NormalizedTables = { entities: {}, entitiesMeta: {}, indexes: {} };
  const lists: [Record<string, unknown>, number[]][] = [
    [{}, [1, 2]],
    [{ userId: 1 }, [1]],
    [{ userId: 2 }, [2]],
    [{ userId: 1, orderBy: 'date' }, [1]],
  ];
  for (const [args, ids] of lists) {
    store = normalize(
      collection,
      ids.map((id) => ({ id, title: `t${id}`, userId: id })),
      [args],
      store,
      meta(100),
    );
  }
  return store;
}

function listsOf(tables: NormalizedTables, table = TODOS): Record<string, unknown> | undefined {
  return tables.entities[table];
}

describe('Collection construction and table keys', () => {
  it('[Entity] and schema.Array(Entity) use the table [Post]', () => {
    expect(new schema.Collection([Post]).key).toBe('[Post]');
    expect(new schema.Collection(new schema.Array(Post)).key).toBe('[Post]');
    const { entities, result } = normalize(new schema.Collection([Post]), [{ id: 1, title: 'a' }]);
    expect(result).toBe('{}');
    expect(entities['[Post]']).toEqual({ '{}': ['1'] });
  });

  it('schema.Values(Entity) uses the table {Post} and stores an object of pks', () => {
    const collection = new schema.Collection(new schema.Values(Post));
    expect(collection.key).toBe('{Post}');
    const { entities, result } = normalize(collection, { first: { id: 1 }, second: { id: 2 } });
    expect(result).toBe('{}');
    expect(entities['{Post}']).toEqual({ '{}': { first: '1', second: '2' } });
  });

  it('polymorphic members join their keys with ";"', () => {
    const union = new schema.Union({ text: TextPost, image: ImagePost }, 'type');
    expect(new schema.Collection([union]).key).toBe('[TextPost;ImagePost]');
    expect(new schema.Collection(new schema.Array(union)).key).toBe('[TextPost;ImagePost]');
    expect(new schema.Collection(new schema.Values(union)).key).toBe('{TextPost;ImagePost}');
  });

  it('argsKey option chooses the object whose encoding is the pk', () => {
    const collection = new schema.Collection([Todo], { argsKey: (params: { userId?: number; page?: number }) => ({ userId: params.userId }) });
    const { result, entities } = normalize(collection, [{ id: 1 }], [{ userId: 3, page: 2 }]);
    expect(result).toBe('{"userId":"3"}');
    expect(Object.keys(entities[TODOS]!)).toEqual(['{"userId":"3"}']);
  });
});

describe('collection pk', () => {
  const collection = new schema.Collection([Post]);

  it('sorts keys: { group: "react", author: "ann" } → {"author":"ann","group":"react"}', () => {
    expect(normalize(collection, [], [{ group: 'react', author: 'ann' }]).result).toBe('{"author":"ann","group":"react"}');
  });

  it('drops undefined, stringifies numbers and booleans, keeps null', () => {
    expect(normalize(collection, [], [{ userId: 1, done: true, x: undefined, y: null }]).result).toBe(
      '{"done":"true","userId":"1","y":null}',
    );
  });

  it('no arguments → {}', () => {
    expect(normalize(collection, []).result).toBe('{}');
    expect(normalize(collection, [], []).result).toBe('{}');
  });

  it('sorts top-level keys by UTF-16 code unit, not by locale or code point', () => {
    // Code units: "Z" 0x5A < "z" 0x7A < "é" 0xE9 < "\uD83D" (high surrogate of 😀) < "～" 0xFF5E.
    const pk = normalize(collection, [], [{ '～': 1, é: 2, z: 3, '😀': 4, Z: 5 }]).result;
    expect(pk).toBe('{"Z":"5","z":"3","é":"2","😀":"4","～":"1"}');
  });

  it('nested with nestKey: the pk comes from nestKey(parent, field)', () => {
    const { entities } = normalize(Member, { id: 7, name: 'ann', todos: [{ id: 1 }, { id: 2 }] }, [{ group: 'ignored' }]);
    expect(entities.Member!['7']).toEqual({ id: 7, name: 'ann', todos: '{"userId":"7"}' });
    expect(entities[TODOS]).toEqual({ '{"userId":"7"}': ['1', '2'] });
  });

  it('nested without nestKey: the pk comes from argsKey(...args)', () => {
    const { entities } = normalize(Team, { id: 4, todos: [{ id: 3 }] }, [{ group: 'x' }]);
    expect(entities.Team!['4']).toEqual({ id: 4, todos: '{"group":"x"}' });
    expect(entities[TODOS]).toEqual({ '{"group":"x"}': ['3'] });
  });
});

describe('storing and replacing a collection', () => {
  const collection = new schema.Collection([Post]);
  const args = [{ group: 'react' }];
  const pk = '{"group":"react"}';

  it('stores the array of pks at entities[table][pk] and returns the collection pk', () => {
    const out = normalize(collection, [{ id: 2, title: 'b' }, { id: 1, title: 'a' }], args, {}, meta(100));
    expect(out.result).toBe(pk);
    expect(out.entities['[Post]']![pk]).toEqual(['2', '1']);
    expect(out.entities.Post).toEqual({ '1': { id: 1, title: 'a' }, '2': { id: 2, title: 'b' } });
    expect(out.entitiesMeta['[Post]']![pk]).toEqual(meta(100));
  });

  it('a later-started write replaces the array and its meta', () => {
    const first = normalize(collection, [{ id: 1 }, { id: 2 }], args, {}, meta(100));
    const second = normalize(collection, [{ id: 3 }], args, first, meta(200));
    expect(second.entities['[Post]']![pk]).toEqual(['3']);
    expect(second.entitiesMeta['[Post]']![pk]).toEqual(meta(200));
  });

  it('an earlier-started write does not replace the array; its entities are still merged', () => {
    const first = normalize(collection, [{ id: 1, title: 'new' }], args, {}, meta(300));
    const older = normalize(collection, [{ id: 4, title: 'four' }, { id: 1, extra: true }], args, first, meta(200));
    expect(older.result).toBe(pk);
    expect(older.entities['[Post]']![pk]).toEqual(['1']);
    expect(older.entitiesMeta['[Post]']![pk]).toEqual(meta(300));
    expect(older.entities.Post!['4']).toEqual({ id: 4, title: 'four' });
    expect(older.entities.Post!['1']).toEqual({ id: 1, title: 'new', extra: true });
  });

  it('a write started at the same time replaces the array (ties go to the incoming one)', () => {
    const first = normalize(collection, [{ id: 1 }], args, {}, meta(100));
    const tie = normalize(collection, [{ id: 5 }], args, first, meta(100));
    expect(tie.entities['[Post]']![pk]).toEqual(['5']);
  });

  it('a Values collection stores and replaces the object of pks', () => {
    const values = new schema.Collection(new schema.Values(Post));
    const first = normalize(values, { a: { id: 1 }, b: { id: 2 } }, args, {}, meta(100));
    const second = normalize(values, { c: { id: 3 } }, args, first, meta(200));
    expect(first.entities['{Post}']![pk]).toEqual({ a: '1', b: '2' });
    expect(second.entities['{Post}']![pk]).toEqual({ c: '3' });
  });

  it('an identical refetch keeps the stored array reference', () => {
    const first = normalize(collection, [{ id: 1 }, { id: 2 }], args, {}, meta(100));
    const again = normalize(collection, [{ id: 1 }, { id: 2 }], args, first, meta(200));
    expect(again.entities['[Post]']![pk]).toBe(first.entities['[Post]']![pk]);
  });

  it('a top-level collection and a nested field with the same table and pk share one collection', () => {
    const nested = normalize(Member, { id: 1, todos: [{ id: 10 }, { id: 11 }] }, [], {}, meta(100));
    const list = new schema.Collection([Todo]);
    const read = denormalize(list, '{"userId":"1"}', nested.entities) as Todo[];
    expect(read.map((todo) => todo.id)).toEqual([10, 11]);
    // A later top-level fetch of the same list replaces the member's nested list too.
    const replaced = normalize(list, [{ id: 12 }], [{ userId: 1 }], nested, meta(200));
    const member = denormalize(Member, '1', replaced.entities) as Member;
    expect(member).toBeInstanceOf(Member);
    expect(member.todos.map((todo) => todo.id)).toEqual([12]);
  });
});

describe('push, unshift and assign', () => {
  const collection = new schema.Collection([Todo]);

  it('push appends to every matching list and skips present pks', () => {
    const store = storeTodoLists(collection);
    const out = normalize(collection.push, { id: 3, title: 'x' }, [{ userId: 1 }], store, meta(200));
    expect(out.result).toBe('3');
    expect(listsOf(out)).toEqual({
      '{}': ['1', '2', '3'],
      '{"userId":"1"}': ['1', '3'],
      '{"userId":"2"}': ['2'],
      '{"orderBy":"date","userId":"1"}': ['1', '3'],
    });
    expect(listsOf(out)!['{"userId":"2"}']).toBe(listsOf(store)!['{"userId":"2"}']);
    expect(out.entities.Todo!['3']).toEqual({ id: 3, title: 'x' });
  });

  it('push of an array appends in input order and returns the array of pks', () => {
    const store = storeTodoLists(collection);
    const out = normalize(collection.push, [{ id: 3 }, { id: 4 }], [], store, meta(200));
    expect(out.result).toEqual(['3', '4']);
    expect(listsOf(out)!['{}']).toEqual(['1', '2', '3', '4']);
  });

  it('unshift prepends keeping input order', () => {
    const store = storeTodoLists(collection);
    const out = normalize(collection.unshift, [{ id: 3 }, { id: 4 }], [], store, meta(200));
    expect(out.result).toEqual(['3', '4']);
    expect(listsOf(out)!['{}']).toEqual(['3', '4', '1', '2']);
  });

  it('a pk already present keeps its position (push) and its entity data is merged', () => {
    const store = storeTodoLists(collection);
    const out = normalize(collection.push, [{ id: 1, title: 'changed' }, { id: 5 }], [], store, meta(200));
    expect(listsOf(out)!['{}']).toEqual(['1', '2', '5']);
    expect(out.entities.Todo!['1']).toEqual({ id: 1, title: 'changed', userId: 1 });
  });

  it('a pk already present keeps its position (unshift)', () => {
    const store = storeTodoLists(collection);
    const out = normalize(collection.unshift, [{ id: 6 }, { id: 2 }], [], store, meta(200));
    expect(listsOf(out)!['{}']).toEqual(['6', '1', '2']);
  });

  it('pushing the same new pk twice in one input adds it once', () => {
    const store = storeTodoLists(collection);
    const out = normalize(collection.push, [{ id: 7, title: 'a' }, { id: 7, done: true }], [], store, meta(200));
    expect(listsOf(out)!['{}']).toEqual(['1', '2', '7']);
    expect(out.entities.Todo!['7']).toEqual({ id: 7, title: 'a', done: true });
  });

  it('collections that do not exist are not created', () => {
    const store = storeTodoLists(collection);
    const out = normalize(collection.push, { id: 8 }, [{ userId: 3 }], store, meta(200));
    expect(Object.keys(listsOf(out)!).sort()).toEqual(Object.keys(listsOf(store)!).sort());
    expect(listsOf(out)!['{"userId":"3"}']).toBeUndefined();
    // `{}` accepts every call, so it is the only list that changes.
    expect(listsOf(out)!['{}']).toEqual(['1', '2', '8']);

    const empty = normalize(collection.push, { id: 9, title: 'lonely' }, [{ userId: 3 }], {}, meta(200));
    expect(empty.result).toBe('9');
    expect(empty.entities.Todo).toEqual({ '9': { id: 9, title: 'lonely' } });
    expect(empty.entities[TODOS]).toBeUndefined();
  });

  it('push also reaches a matching list stored through a nested field', () => {
    const store = normalize(Member, { id: 7, todos: [{ id: 1 }] }, [], {}, meta(100));
    const out = normalize(collection.push, { id: 2 }, [{ userId: 7 }, {}], store, meta(200));
    expect(listsOf(out)).toEqual({ '{"userId":"7"}': ['1', '2'] });
    const member = denormalize(Member, '7', out.entities) as Member;
    expect(member.todos.map((todo) => todo.id)).toEqual([1, 2]);
  });

  it('creation ignores request start order', () => {
    const store = normalize(collection, [{ id: 1 }], [], {}, meta(500));
    const out = normalize(collection.push, { id: 2 }, [], store, meta(100));
    expect(listsOf(out)!['{}']).toEqual(['1', '2']);
    const front = normalize(collection.unshift, { id: 3 }, [], out, meta(50));
    expect(listsOf(front)!['{}']).toEqual(['3', '1', '2']);
  });

  it('assign sets the given keys in every matching Values collection', () => {
    const values = new schema.Collection(new schema.Values(Todo));
    let store = normalize(values, { a: { id: 1 }, b: { id: 2 } }, [], {}, meta(100));
    store = normalize(values, { z: { id: 9 } }, [{ userId: 2 }], store, meta(100));
    const out = normalize(values.assign, { b: { id: 3 }, c: { id: 4 } }, [{ userId: 1 }], store, meta(200));
    expect(out.result).toEqual({ b: '3', c: '4' });
    expect(out.entities['{Todo}']).toEqual({ '{}': { a: '1', b: '3', c: '4' }, '{"userId":"2"}': { z: '9' } });
  });

  it('the normalized result reads back as the created instance (an array for an array input)', () => {
    const store = storeTodoLists(collection);
    const one = normalize(collection.push, { id: 3, title: 'x' }, [], store, meta(200));
    const created = denormalize(collection.push, one.result, one.entities);
    expect(created).toBeInstanceOf(Todo);
    expect((created as Todo).title).toBe('x');
    const many = normalize(collection.unshift, [{ id: 4 }, { id: 5 }], [], store, meta(200));
    const list = denormalize(collection.unshift, many.result, many.entities) as Todo[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((todo) => todo instanceof Todo && todo.id)).toEqual([4, 5]);
    const values = new schema.Collection(new schema.Values(Todo));
    const assigned = normalize(values.assign, { k: { id: 6 } }, [], {}, meta(200));
    const read = denormalize(values.assign, assigned.result, assigned.entities) as Record<string, Todo>;
    expect(read.k).toBeInstanceOf(Todo);
    expect(read.k!.id).toBe(6);
  });
});

describe('creation filter', () => {
  const getTodosSchema = new schema.Collection([Todo]);

  it('push({ userId: 1 }, { title: "x" }) adds to {}, {"userId":"1"} and {"orderBy":"date","userId":"1"}', () => {
    const store = storeTodoLists(getTodosSchema);
    const out = normalize(getTodosSchema.push, { id: 10, title: 'x' }, [{ userId: 1 }, { title: 'x' }], store, meta(200));
    expect(listsOf(out)).toEqual({
      '{}': ['1', '2', '10'],
      '{"userId":"1"}': ['1', '10'],
      '{"userId":"2"}': ['2'],
      '{"orderBy":"date","userId":"1"}': ['1', '10'],
    });
  });

  it('push({ title: "x", userId: 2 }) (body only) adds to {} and {"userId":"2"}', () => {
    const store = storeTodoLists(getTodosSchema);
    const out = normalize(getTodosSchema.push, { id: 10, title: 'x', userId: 2 }, [{ title: 'x', userId: 2 }], store, meta(200));
    expect(listsOf(out)).toEqual({
      '{}': ['1', '2', '10'],
      '{"userId":"1"}': ['1'],
      '{"userId":"2"}': ['2', '10'],
      '{"orderBy":"date","userId":"1"}': ['1'],
    });
  });

  it('pushing a todo whose pk is already in {} leaves {} unchanged', () => {
    const store = storeTodoLists(getTodosSchema);
    const out = normalize(getTodosSchema.push, { id: 2, title: 'again' }, [{}, { title: 'again' }], store, meta(200));
    expect(listsOf(out)!['{}']).toBe(listsOf(store)!['{}']);
    expect(listsOf(out)!['{}']).toEqual(['1', '2']);
  });

  it('the filter reads the arguments, not the response, and compares encoded values', () => {
    const store = storeTodoLists(getTodosSchema);
    // The response claims userId 2, but the call's arguments say "1" (a string encodes like the number).
    const out = normalize(getTodosSchema.push, { id: 11, userId: 2 }, [{ userId: '1' }, {}], store, meta(200));
    expect(listsOf(out)!['{"userId":"1"}']).toEqual(['1', '11']);
    expect(listsOf(out)!['{"userId":"2"}']).toEqual(['2']);
  });

  it('the body may be a FormData whose entries hold the filter values', () => {
    const store = storeTodoLists(getTodosSchema);
    const body = new FormData();
    body.append('title', 'x');
    body.append('userId', '2');
    const out = normalize(getTodosSchema.push, { id: 12, title: 'x' }, [body], store, meta(200));
    expect(listsOf(out)).toEqual({
      '{}': ['1', '2', '12'],
      '{"userId":"1"}': ['1'],
      '{"userId":"2"}': ['2', '12'],
      '{"orderBy":"date","userId":"1"}': ['1'],
    });
  });

  it('a null filter value matches a null argument', () => {
    let store = normalize(getTodosSchema, [{ id: 1 }], [{ owner: null }], {}, meta(100));
    store = normalize(getTodosSchema, [{ id: 2 }], [{ owner: 'ann' }], store, meta(100));
    const out = normalize(getTodosSchema.push, { id: 3 }, [{ owner: null }, {}], store, meta(200));
    expect(listsOf(out)).toEqual({ '{"owner":null}': ['1', '3'], '{"owner":"ann"}': ['2'] });
  });

  /** Stores `{"sortBy":"date","userId":"1"}` and `{"orderBy":"date","userId":"1"}`, pushes with userId 1. */
  function pushWithSortAndOrder(collection: schema.Collection<any>) {
    let store = normalize(collection, [{ id: 1 }], [{ userId: 1, sortBy: 'date' }], {}, meta(100));
    store = normalize(collection, [{ id: 1 }], [{ userId: 1, orderBy: 'date' }], store, meta(100));
    store = normalize(collection, [{ id: 1 }], [{ userId: 1, xorder: 'date' }], store, meta(100));
    const out = normalize(collection.push, { id: 2 }, [{ userId: 1 }, {}], store, meta(200));
    return {
      sortBy: listsOf(out)!['{"sortBy":"date","userId":"1"}'],
      orderBy: listsOf(out)!['{"orderBy":"date","userId":"1"}'],
      xorder: listsOf(out)!['{"userId":"1","xorder":"date"}'],
    };
  }

  it('default nonFilterArgumentKeys: keys starting with "order" do not filter', () => {
    expect(pushWithSortAndOrder(new schema.Collection([Todo]))).toEqual({ sortBy: ['1'], orderBy: ['1', '2'], xorder: ['1'] });
  });

  it('nonFilterArgumentKeys as a function wins over the default', () => {
    const collection = new schema.Collection([Todo], { nonFilterArgumentKeys: (key) => key === 'sortBy' });
    expect(pushWithSortAndOrder(collection)).toEqual({ sortBy: ['1', '2'], orderBy: ['1'], xorder: ['1'] });
  });

  it('nonFilterArgumentKeys as a RegExp', () => {
    const collection = new schema.Collection([Todo], { nonFilterArgumentKeys: /^(sort|x)/ });
    expect(pushWithSortAndOrder(collection)).toEqual({ sortBy: ['1', '2'], orderBy: ['1'], xorder: ['1', '2'] });
  });

  it('nonFilterArgumentKeys as a string array', () => {
    const collection = new schema.Collection([Todo], { nonFilterArgumentKeys: ['sortBy', 'orderBy'] });
    expect(pushWithSortAndOrder(collection)).toEqual({ sortBy: ['1', '2'], orderBy: ['1', '2'], xorder: ['1'] });
  });

  class SortedCollection extends schema.Collection<[typeof Todo]> {
    override nonFilterArgumentKeys(key: string): boolean {
      return key === 'sortBy';
    }
  }

  it('a subclass may override nonFilterArgumentKeys', () => {
    expect(pushWithSortAndOrder(new SortedCollection([Todo]))).toEqual({ sortBy: ['1', '2'], orderBy: ['1'], xorder: ['1'] });
  });

  it('the constructor option wins over a subclass override', () => {
    const collection = new SortedCollection([Todo], { nonFilterArgumentKeys: ['xorder'] });
    expect(pushWithSortAndOrder(collection)).toEqual({ sortBy: ['1'], orderBy: ['1'], xorder: ['1', '2'] });
  });
});

describe('collection shape mismatch', () => {
  it('an object for an Array collection fails with status 400 and writes nothing', () => {
    let error: unknown;
    try {
      normalize(new schema.Collection([Post]), { id: 1 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ status: 400 });
    expect((error as { problem: string }).problem).toMatch(/^expected an array for Collection\(\[Post\]\), got an object/);
  });

  it('an array for a Values collection fails with status 400', () => {
    expect(() => normalize(new schema.Collection(new schema.Values(Post)), [{ id: 1 }])).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('reading a collection', () => {
  const collection = new schema.Collection([Post]);
  const entities = {
    Post: { '1': { id: 1, title: 'one' }, '2': null, '3': { id: 3, title: 'three' } },
    '[Post]': { '{}': ['3', '1', '2', '9'], '{"group":"react"}': ['1'] },
  };

  it('yields items in stored order, omitting missing and tombstoned entities', () => {
    const read = denormalize(collection, '{}', entities) as Post[];
    expect(read).toHaveLength(2);
    expect(read[0]).toBeInstanceOf(Post);
    expect(read[1]).toBeInstanceOf(Post);
    expect(read.map((post) => post.title)).toEqual(['three', 'one']);
  });

  it('a Values collection omits missing and tombstoned entities', () => {
    const values = new schema.Collection(new schema.Values(Post));
    const read = denormalize(values, '{}', { ...entities, '{Post}': { '{}': { a: '1', b: '2', c: '9', d: '3' } } }) as Record<string, Post>;
    expect(Object.keys(read)).toEqual(['a', 'd']);
    expect(read.a).toBeInstanceOf(Post);
    expect(read.d!.title).toBe('three');
  });

  it('queryable by arguments: the collection with that pk, else undefined', () => {
    const memo = new MemoCache();
    const found = memo.query(collection, [{ group: 'react' }], { entities }).data as Post[];
    expect(found).toHaveLength(1);
    expect(found[0]).toBeInstanceOf(Post);
    expect(found[0]!.id).toBe(1);
    expect(memo.query(collection, [{ group: 'vue' }], { entities }).data).toBeUndefined();
    expect(memo.query(collection, [], { entities }).data).toHaveLength(2);
  });

  it('a tombstoned collection cell reads undefined', () => {
    expect(denormalize(collection, '{}', { ...entities, '[Post]': { '{}': null } })).toBeUndefined();
  });
});

describe('addWith(appendNew) (pagination merge)', () => {
  const list = new schema.Collection([Post]);
  const pages = list.addWith(appendNew, {
    argsKey: ({ page: _page, ...rest }: { page?: number; group?: string }) => rest,
  });

  it('appends new pks without duplicates; present items keep their position and get new data', () => {
    const store = normalize(list, [{ id: 1 }, { id: 2, title: 'old' }], [{ group: 'react' }], {}, meta(100));
    const out = normalize(pages, [{ id: 2, title: 'new' }, { id: 3 }], [{ group: 'react', page: 2 }], store, meta(200));
    expect(pages.key).toBe('[Post]');
    expect(out.result).toBe('{"group":"react"}');
    expect(out.entities['[Post]']).toEqual({ '{"group":"react"}': ['1', '2', '3'] });
    expect(out.entities.Post!['2']).toEqual({ id: 2, title: 'new' });
  });

  it('creates the collection when it does not exist', () => {
    const out = normalize(pages, [{ id: 5 }, { id: 6 }], [{ group: 'vue', page: 2 }], {}, meta(200));
    expect(out.result).toBe('{"group":"vue"}');
    expect(out.entities['[Post]']).toEqual({ '{"group":"vue"}': ['5', '6'] });
  });

  it('appends ignore request start order', () => {
    const store = normalize(list, [{ id: 1 }], [{ group: 'react' }], {}, meta(500));
    const page3 = normalize(pages, [{ id: 3 }], [{ group: 'react', page: 3 }], store, meta(300));
    const page2 = normalize(pages, [{ id: 2 }], [{ group: 'react', page: 2 }], page3, meta(200));
    expect(page2.entities['[Post]']!['{"group":"react"}']).toEqual(['1', '3', '2']);
  });

  it('a page with only present pks keeps the stored array', () => {
    const store = normalize(list, [{ id: 1 }, { id: 2 }], [{ group: 'react' }], {}, meta(100));
    const out = normalize(pages, [{ id: 2 }], [{ group: 'react', page: 2 }], store, meta(200));
    expect(out.entities['[Post]']!['{"group":"react"}']).toBe(store.entities['[Post]']!['{"group":"react"}']);
  });
});
