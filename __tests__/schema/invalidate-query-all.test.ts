import { Entity, MemoCache, denormalize, normalize, schema } from 'rtk-rest';
import type { EntityMeta, NormalizedTables } from 'rtk-rest';

class Writer extends Entity {
  id = 0;
  username = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Writer';
}
class Article extends Entity {
  id = 0;
  title = '';
  author: Writer | undefined = Writer.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'Article';
  static override schema = { author: Writer };
}
/** Incoming objects carry `uuid`; `process` renames it to `id`. */
class Ticket extends Entity {
  id = '';
  pk() {
    return this.id;
  }
  static override key = 'Ticket';
  static override process(input: any) {
    const { uuid, ...rest } = input;
    return { ...rest, id: uuid };
  }
}
class Note extends Entity {
  id = 0;
  pk() {
    return `${this.id}`;
  }
  static override key = 'Note';
}
class Photo extends Entity {
  id = 0;
  kind = 'photo';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Photo';
}
class Clip extends Entity {
  id = 0;
  kind = 'clip';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Clip';
}

const meta = (fetchedAt: number): EntityMeta => ({ fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 1000 });
const empty: NormalizedTables = { entities: {}, entitiesMeta: {}, indexes: {} };

function articles(): NormalizedTables {
  return normalize(
    [Article],
    [
      { id: 1, title: 'one', author: { id: 1, username: 'ann' } },
      { id: 2, title: 'two', author: { id: 2, username: 'bob' } },
      { id: 3, title: 'three', author: { id: 1, username: 'ann' } },
    ],
    [],
    empty,
    meta(100),
  );
}

describe('Invalidate', () => {
  const invalidate = new schema.Invalidate(Article);

  it('an object input tombstones its pk without merging; the result is the pk', () => {
    const store = articles();
    const out = normalize(invalidate, { id: 2, title: 'ignored' }, [], store, meta(200));
    expect(out.result).toBe('2');
    expect(out.entities.Article!['2']).toBeNull();
    expect(out.entitiesMeta.Article!['2']).toEqual(meta(200));
    expect(out.entities.Article!['1']).toBe(store.entities.Article!['1']);
    expect(denormalize(Article, '2', out.entities)).toBeUndefined();
    expect((denormalize([Article], ['1', '2', '3'], out.entities) as Article[]).map((a) => a.id)).toEqual([1, 3]);
  });

  it('an object input goes through process and pk', () => {
    const store = normalize(Ticket, { uuid: 'abc', title: 't' }, [], empty, meta(100));
    expect(store.entities.Ticket).toEqual({ abc: { id: 'abc', title: 't' } });
    const out = normalize(new schema.Invalidate(Ticket), { uuid: 'abc' }, [], store, meta(200));
    expect(out.result).toBe('abc');
    expect(out.entities.Ticket).toEqual({ abc: null });
  });

  it('a string or number input is the pk itself', () => {
    const store = articles();
    const byNumber = normalize(invalidate, 3, [], store, meta(200));
    expect(byNumber.result).toBe('3');
    expect(byNumber.entities.Article!['3']).toBeNull();
    const byString = normalize(invalidate, '1', [], store, meta(200));
    expect(byString.result).toBe('1');
    expect(byString.entities.Article!['1']).toBeNull();
    const unknown = normalize(invalidate, 'zzz', [], store, meta(200));
    expect(unknown.entities.Article!.zzz).toBeNull();
  });

  it('an object without a usable pk fails with a processing error (status 400) and writes nothing', () => {
    const store = articles();
    let error: unknown;
    try {
      normalize(invalidate, { title: 'no id' }, [], store, meta(200));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ status: 400 });
    expect((error as Error).message).toMatch(/primary key/);
    expect(store.entities.Article!['1']).toEqual({ id: 1, title: 'one', author: '1' });
  });

  it('a tombstone inside a list removes the item from every read', () => {
    const store = articles();
    const list = new schema.Collection([Article]);
    const withList = normalize(list, [{ id: 1 }, { id: 2 }], [], store, meta(150));
    const out = normalize(invalidate, { id: 1 }, [], withList, meta(200));
    expect((denormalize(list, '{}', out.entities) as Article[]).map((a) => a.id)).toEqual([2]);
    expect(out.entities['[Article]']!['{}']).toEqual(['1', '2']);
  });

  it('not queryable', () => {
    expect(() => new MemoCache().query(invalidate, [1], articles())).toThrow(TypeError);
  });
});

describe('Query', () => {
  type ByAuthor = { author: string };
  const makeQuery = () => {
    const process = jest.fn((posts: Article[], { author }: ByAuthor) => posts.filter((p) => p.author?.username === author));
    return { process, query: new schema.Query(new schema.All(Article), process) };
  };

  it('reads process(value, ...args) (the documented example)', () => {
    const { query, process } = makeQuery();
    const store = articles();
    const read = new MemoCache().query(query, [{ author: 'ann' }], store).data as Article[];
    expect(read.map((a) => a.id)).toEqual([1, 3]);
    expect(read[0]).toBeInstanceOf(Article);
    expect(process).toHaveBeenCalledTimes(1);
    expect(process.mock.calls[0]![1]).toEqual({ author: 'ann' });
    expect((denormalize(query, null, store.entities, [{ author: 'bob' }]) as Article[]).map((a) => a.id)).toEqual([2]);
  });

  it('the output keeps its reference while the value and the encoded arguments are unchanged', () => {
    const { query, process } = makeQuery();
    const memo = new MemoCache();
    const store = articles();
    const first = memo.query(query, [{ author: 'ann' }], store).data;
    expect(memo.query(query, [{ author: 'ann' }], store).data).toBe(first);
    // A write to another table leaves All(Article), and so the query, unchanged.
    const other = normalize(Note, { id: 1 }, [], store, meta(200));
    expect(memo.query(query, [{ author: 'ann' }], other).data).toBe(first);
    expect(process).toHaveBeenCalledTimes(1);
    // Other arguments compute their own output; the first one is kept.
    const bob = memo.query(query, [{ author: 'bob' }], other).data as Article[];
    expect(bob.map((a) => a.id)).toEqual([2]);
    expect(memo.query(query, [{ author: 'ann' }], other).data).toBe(first);
    expect(process).toHaveBeenCalledTimes(2);
  });

  it('arguments that encode to the same key (key order does not matter) keep the reference', () => {
    const process = jest.fn((posts: Article[], { author }: ByAuthor & { limit: number }) => posts.filter((p) => p.author?.username === author));
    const query = new schema.Query(new schema.All(Article), process);
    const memo = new MemoCache();
    const store = articles();
    const first = memo.query(query, [{ author: 'ann', limit: 5 }], store).data;
    expect(memo.query(query, [{ limit: 5, author: 'ann' }], store).data).toBe(first);
    expect(process).toHaveBeenCalledTimes(1);
  });

  it('the output keeps its reference across an identical refetch', () => {
    const { query } = makeQuery();
    const memo = new MemoCache();
    const store = articles();
    const first = memo.query(query, [{ author: 'ann' }], store).data;
    const refetched = normalize([Article], [{ id: 1, title: 'one', author: { id: 1, username: 'ann' } }], [], store, meta(300));
    expect(refetched.entities.Article!['1']).toBe(store.entities.Article!['1']);
    expect(memo.query(query, [{ author: 'ann' }], refetched).data).toBe(first);
  });

  it('a change to the value recomputes the output', () => {
    const { query, process } = makeQuery();
    const memo = new MemoCache();
    const store = articles();
    const first = memo.query(query, [{ author: 'ann' }], store).data as Article[];
    const renamed = normalize(Writer, { id: 2, username: 'ann' }, [], store, meta(200));
    const second = memo.query(query, [{ author: 'ann' }], renamed).data as Article[];
    expect(second).not.toBe(first);
    expect(second.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(second[0]).toBe(first[0]);
    expect(process).toHaveBeenCalledTimes(2);
  });

  it('reads undefined without calling process when the value is undefined', () => {
    const { query, process } = makeQuery();
    expect(new MemoCache().query(query, [{ author: 'ann' }], empty).data).toBeUndefined();
    expect(denormalize(query, null, {}, [{ author: 'ann' }])).toBeUndefined();
    const byPk = jest.fn((article: Article) => article.title);
    const titleQuery = new schema.Query(Article, byPk);
    expect(new MemoCache().query(titleQuery, [9], articles()).data).toBeUndefined();
    expect(new MemoCache().query(titleQuery, [1], articles()).data).toBe('one');
    expect(process).not.toHaveBeenCalled();
    expect(byPk).toHaveBeenCalledTimes(1);
  });

  it('as an endpoint schema it normalizes through the inner queryable', () => {
    const { query } = makeQuery();
    const out = normalize(query, [{ id: 7, title: 'seven', author: { id: 3, username: 'cy' } }], [], empty, meta(100));
    expect(out.result).toBeNull();
    expect(out.entities.Article).toEqual({ '7': { id: 7, title: 'seven', author: '3' } });
    expect(out.entities.Writer).toEqual({ '3': { id: 3, username: 'cy' } });
    const single = normalize(new schema.Query(Article, (a: Article) => a.title), { id: 8, title: 'eight' }, [], empty, meta(100));
    expect(single.result).toBe('8');
    expect(denormalize(new schema.Query(Article, (a: Article) => a.title), single.result, single.entities)).toBe('eight');
  });
});

describe('All', () => {
  const all = new schema.All(Note);

  it('reads every entity in table order: integer-like pks ascending, then others in insertion order', () => {
    const out = normalize([Note], [{ id: 'b' }, { id: 10 }, { id: 'a' }, { id: 2 }, { id: '01' }], [], empty, meta(100));
    const read = new MemoCache().query(all, [], out).data as Note[];
    expect(read.map((note) => note.id)).toEqual([2, 10, 'b', 'a', '01']);
    expect(read.every((note) => note instanceof Note)).toBe(true);
    expect((denormalize(all, null, out.entities) as Note[]).map((note) => note.id)).toEqual([2, 10, 'b', 'a', '01']);
  });

  it('tombstoned entities are left out', () => {
    const store = normalize([Note], [{ id: 1 }, { id: 2 }, { id: 3 }], [], empty, meta(100));
    const out = normalize(new schema.Invalidate(Note), 2, [], store, meta(200));
    expect((new MemoCache().query(all, [], out).data as Note[]).map((note) => note.id)).toEqual([1, 3]);
  });

  it('a missing table reads undefined; an empty table reads []', () => {
    expect(new MemoCache().query(all, [], empty).data).toBeUndefined();
    expect(denormalize(all, null, { Other: {} })).toBeUndefined();
    expect(new MemoCache().query(all, [], { entities: { Note: {} } }).data).toEqual([]);
    expect(denormalize(all, null, { Note: { '1': null } })).toEqual([]);
  });

  it('All(map, attribute) reads the tables of every member', () => {
    const media = new schema.All({ photo: Photo, clip: Clip }, 'kind');
    const out = normalize(media, [{ id: 2, kind: 'clip' }, { id: 1, kind: 'photo' }, { id: 3, kind: 'photo' }], [], empty, meta(100));
    expect(out.result).toBeNull();
    expect(out.entities.Photo).toEqual({ '1': { id: 1, kind: 'photo' }, '3': { id: 3, kind: 'photo' } });
    const read = new MemoCache().query(media, [], out).data as (Photo | Clip)[];
    expect(read.map((item) => [item.constructor, item.id])).toEqual([
      [Photo, 1],
      [Photo, 3],
      [Clip, 2],
    ]);
  });

  it('as an endpoint schema it normalizes the entities and stores null as the result', () => {
    const out = normalize(all, [{ id: 1 }, { id: 2 }], [], empty, meta(100));
    expect(out.result).toBeNull();
    expect(out.entities.Note).toEqual({ '1': { id: 1 }, '2': { id: 2 } });
    expect((denormalize(all, out.result, out.entities) as Note[]).map((note) => note.id)).toEqual([1, 2]);
  });

  it('nested in an object endpoint schema, the stored null reads back as the list', () => {
    const listSchema = { notes: all, next: '' };
    const out = normalize(listSchema, { notes: [{ id: 1 }, { id: 2 }], next: 'p2' }, [], empty, meta(100));
    const read = denormalize(listSchema, out.result, out.entities) as { notes: Note[]; next: string };
    expect(read.next).toBe('p2');
    expect(read.notes.map((note) => note.id)).toEqual([1, 2]);
  });

  it('the output keeps its reference until an entity of the table is added, changed or removed', () => {
    const memo = new MemoCache();
    const store = normalize([Note], [{ id: 1 }, { id: 2 }], [], empty, meta(100));
    const first = memo.query(all, [], store).data as Note[];
    expect(memo.query(all, [], store).data).toBe(first);

    const otherTable = normalize(Writer, { id: 1, username: 'x' }, [], store, meta(200));
    expect(memo.query(all, [], otherTable).data).toBe(first);
    const identical = normalize([Note], [{ id: 1 }], [], otherTable, meta(300));
    expect(memo.query(all, [], identical).data).toBe(first);

    const changed = normalize(Note, { id: 2, text: 'edited' }, [], identical, meta(400));
    const afterChange = memo.query(all, [], changed).data as Note[];
    expect(afterChange).not.toBe(first);
    expect(afterChange[0]).toBe(first[0]);
    expect(afterChange[1]).not.toBe(first[1]);

    const added = normalize(Note, { id: 3 }, [], changed, meta(500));
    const afterAdd = memo.query(all, [], added).data as Note[];
    expect(afterAdd).not.toBe(afterChange);
    expect(afterAdd.map((note) => note.id)).toEqual([1, 2, 3]);

    const removed = normalize(new schema.Invalidate(Note), 1, [], added, meta(600));
    const afterRemove = memo.query(all, [], removed).data as Note[];
    expect(afterRemove).not.toBe(afterAdd);
    expect(afterRemove.map((note) => note.id)).toEqual([2, 3]);
  });
});
