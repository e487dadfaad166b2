import { Entity, MemoCache, denormalize, normalize, schema } from 'rtk-rest';
import type { EntityMeta, EntityTables, NormalizedTables } from 'rtk-rest';

class User extends Entity {
  id = 0;
  username = '';
  createdAt = new Date(0);
  pk() {
    return `${this.id}`;
  }
  static override key = 'User';
  static override schema = { createdAt: (iso: string) => new Date(iso) };
}
class Post extends Entity {
  id = 0;
  title = '';
  author: User | undefined = User.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
  static override schema = { author: User };
}
class Comment extends Entity {
  id = 0;
  text = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Comment';
}
class Person extends Entity {
  id = 0;
  name = '';
  friend: Person | undefined = undefined;
  pk() {
    return `${this.id}`;
  }
  static override key = 'Person';
  static override schema: Record<string, unknown> = { friend: Person };
}

const meta = (fetchedAt: number): EntityMeta => ({ fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 1000 });
const empty: NormalizedTables = { entities: {}, entitiesMeta: {}, indexes: {} };

const POSTS = [
  { id: 1, title: 'first', author: { id: 1, username: 'ann', createdAt: '2024-01-01T00:00:00.000Z' } },
  { id: 2, title: 'second', author: { id: 2, username: 'bob', createdAt: '2024-02-01T00:00:00.000Z' } },
];

/** Post 1 (author User 1) and Post 2 (author User 2), the memoization example of the docs. */
function postsStore(): NormalizedTables & { result: unknown } {
  return normalize([Post], POSTS, [], empty, meta(100));
}

function write(store: NormalizedTables, schemaDef: unknown, input: unknown, fetchedAt: number, args: unknown[] = []): NormalizedTables {
  return normalize(schemaDef, input, args, store, meta(fetchedAt));
}

/** One stable schema object, as an endpoint holds it (equal inline literals share one node too). */
const postList: [typeof Post] = [Post];

const sortPaths = (paths: { key: string; pk: string }[]) => paths.map(({ key, pk }) => `${key}:${pk}`).sort();

describe('MemoCache.denormalize', () => {
  it('returns { data, paths } with data as denormalize would', () => {
    const store = postsStore();
    const { data, paths } = new MemoCache().denormalize(postList, store.result, store.entities);
    expect(data).toEqual(denormalize([Post], store.result, store.entities));
    expect(data![0]).toBeInstanceOf(Post);
    expect(data![0]!.author).toBeInstanceOf(User);
    expect(data![0]!.author!.createdAt).toEqual(new Date('2024-01-01T00:00:00.000Z'));
    expect(sortPaths(paths)).toEqual(['Post:1', 'Post:2', 'User:1', 'User:2']);
  });

  it('paths include tombstoned and absent cells', () => {
    const entities: EntityTables = {
      Post: { '1': { id: 1, author: '1' }, '2': { id: 2, author: '9' }, '3': null },
      User: { '1': { id: 1 } },
    };
    const { data, paths } = new MemoCache().denormalize(postList, ['1', '2', '3', '4'], entities);
    expect(data!.map((post) => post.id)).toEqual([1, 2]);
    expect(data![1]!.author).toBeUndefined();
    expect(sortPaths(paths)).toEqual(['Post:1', 'Post:2', 'Post:3', 'Post:4', 'User:1', 'User:9']);
  });

  it('paths of a collection include the collection cell; absent top-level entity reads undefined', () => {
    const store = write(empty, new schema.Collection([Post]), POSTS, 100, [{ group: 'react' }]);
    const memo = new MemoCache();
    const { paths } = memo.denormalize(new schema.Collection([Post]), '{"group":"react"}', store.entities);
    expect(sortPaths(paths)).toEqual(['Post:1', 'Post:2', 'User:1', 'User:2', '[Post]:{"group":"react"}']);
    const missing = memo.denormalize(Post, '42', store.entities);
    expect(missing.data).toBeUndefined();
    expect(missing.paths).toEqual([{ key: 'Post', pk: '42' }]);
  });
});

describe('memoization guarantees', () => {
  it('reading again from the same state returns the same reference', () => {
    const store = postsStore();
    const memo = new MemoCache();
    const first = memo.denormalize(postList, store.result, store.entities);
    const second = memo.denormalize(postList, store.result, store.entities);
    expect(second.data).toBe(first.data);
    expect(memo.denormalize(Post, '1', store.entities).data).toBe(first.data![0]);
    const allPosts = new schema.All(Post);
    const all = memo.query(allPosts, [], store);
    expect(memo.query(allPosts, [], store).data).toBe(all.data);
  });

  /** A table (or map of tables) that counts every lookup made into it. */
  const counting = <T extends object>(target: T) => {
    const reads = { count: 0 };
    const table = new Proxy(target, {
      get(t, key, receiver) {
        reads.count++;
        return Reflect.get(t, key, receiver);
      },
      getOwnPropertyDescriptor(t, key) {
        reads.count++;
        return Reflect.getOwnPropertyDescriptor(t, key);
      },
      has(t, key) {
        reads.count++;
        return Reflect.has(t, key);
      },
    });
    return { table, reads };
  };

  it('reading again from the same state does not look into the tables (time independent of the data size)', () => {
    const posts = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, title: `p${i}`, author: { id: (i % 7) + 1 } }));
    const store = write(empty, [Post], posts, 100);
    const { table: counted, reads } = counting(store.entities);
    const result = posts.map((post) => `${post.id}`);
    const memo = new MemoCache();
    const first = memo.denormalize(postList, result, counted).data;
    expect(first).toHaveLength(500);
    expect(reads.count).toBeGreaterThan(0);
    reads.count = 0;
    expect(memo.denormalize(postList, result, counted).data).toBe(first);
    expect(reads.count).toBe(0);
  });

  it('after one nested change the re-read looks up only what it rebuilds: unchanged tables are not read, unchanged instances not looked up', () => {
    const posts = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, title: `p${i}`, author: { id: i + 1, username: `u${i}` } }));
    const store = write(empty, [Post], posts, 100);
    const { table: countedPosts, reads } = counting(store.entities.Post!);
    const result = posts.map((post) => `${post.id}`);
    const memo = new MemoCache();
    const first = memo.denormalize(postList, result, { ...store.entities, Post: countedPosts }).data!;
    // One author renamed, copy-on-write: a new User table, the Post table as it was.
    const users = store.entities.User!;
    const renamed = { ...store.entities, Post: countedPosts, User: { ...users, '250': { ...(users['250'] as object), username: 'renamed' } } };
    reads.count = 0;
    const after = memo.denormalize(postList, result, renamed).data!;
    expect(after[249]!.author!.username).toBe('renamed');
    expect(after[0]).toBe(first[0]);
    expect(after[499]).toBe(first[499]);
    expect(after.filter((post, i) => post !== first[i])).toHaveLength(1);
    // The rebuilt post's own cell only (its entry, found outdated, is looked up once to rebuild it).
    expect(reads.count).toBeLessThanOrEqual(4);
  });

  it('a rebuilt list takes an instance by position only when it is the entry of the same cell (a cycle member that moved is not its root)', () => {
    const store = write(empty, [Person], [{ id: 1, name: 'a', friend: { id: 2, name: 'b', friend: 1 } }, { id: 3, name: 'c' }], 100);
    const memo = new MemoCache();
    // Person 1 is the cycle's root; Person 2 is a member of its cycle.
    const a = memo.denormalize(Person, '1', store.entities).data!;
    const list = ['3', '2', '1'];
    const before = memo.denormalize([Person], list, store.entities).data!;
    expect(before.map((person) => person.id)).toEqual([3, 2, 1]);
    const { '3': _gone, ...rest } = store.entities.Person!;
    const after = memo.denormalize([Person], list, { ...store.entities, Person: rest }).data!;
    // Person 1 is now read where Person 2 was.
    expect(after.map((person) => person.id)).toEqual([2, 1]);
    expect(after[1]).toBe(a);
    expect(after[0]!.friend).toBe(a);
  });

  it('writes to other entity types and to entities the result does not depend on keep the reference', () => {
    const store = postsStore();
    const memo = new MemoCache();
    const first = memo.denormalize(postList, store.result, store.entities).data;
    const comment = write(store, Comment, { id: 1, text: 'hi' }, 200);
    expect(memo.denormalize(postList, store.result, comment.entities).data).toBe(first);
    const otherPost = write(comment, Post, { id: 3, title: 'third', author: { id: 3, username: 'cy' } }, 300);
    expect(memo.denormalize(postList, store.result, otherPost.entities).data).toBe(first);
    const list = new schema.Collection([Post]);
    const withList = write(otherPost, list, [{ id: 1 }], 400, [{ group: 'react' }]);
    const listRead = memo.query(list, [{ group: 'react' }], withList).data;
    const otherList = write(withList, list, [{ id: 3 }], 500, [{ group: 'vue' }]);
    expect(memo.query(list, [{ group: 'react' }], otherList).data).toBe(listRead);
    expect(memo.denormalize(postList, store.result, otherList.entities).data).toBe(first);
  });

  it('changing User 2 rebuilds Post 2 and the list; Post 1 and User 1 keep their references', () => {
    const store = postsStore();
    const memo = new MemoCache();
    const before = memo.denormalize(postList, store.result, store.entities).data!;
    const changed = write(store, User, { id: 2, username: 'robert' }, 200);
    const after = memo.denormalize(postList, store.result, changed.entities).data!;
    expect(after).not.toBe(before);
    expect(after[0]).toBe(before[0]);
    expect(after[0]!.author).toBe(before[0]!.author);
    expect(after[0]!.author!.createdAt).toBe(before[0]!.author!.createdAt);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]).toBeInstanceOf(Post);
    expect(after[1]!.author!.username).toBe('robert');
    expect(after[1]!.author!.createdAt).toEqual(new Date('2024-02-01T00:00:00.000Z'));
    expect(before[1]!.author!.username).toBe('bob');
  });

  it('an entity without nested entities is folded into its parent: the parent records its cell, and a change to it still rebuilds the parent', () => {
    // Pins the memo's layout (MemoResult.children, the entries' cells): validating a post is one
    // loop over its own cells, its author's included, that never visits the author's entry.
    const store = postsStore();
    const memo = new MemoCache();
    const first = memo.denormalize(postList, store.result, store.entities);
    expect(first.children).toHaveLength(2);
    const post = first.children[1]!;
    expect(post.children).toEqual([]);
    expect(post.cells).toEqual(['Post', '2', store.entities.Post!['2'], 'User', '2', store.entities.User!['2']]);
    // The answer keeps one entry per entity it holds, folded or not (its check marks each one found valid).
    const thread = memo.denormalize(new schema.Object({ post: Post, posts: postList }), { post: '1', posts: ['1', '2'] }, store.entities);
    expect(thread.children.map((entry) => entry.cells[0])).toEqual(['Post', 'Post', 'Post']);
    const changed = write(store, User, { id: 2, username: 'robert' }, 200);
    const after = memo.denormalize(postList, store.result, changed.entities);
    expect(after.data![1]!.author!.username).toBe('robert');
    expect(after.data![0]).toBe(first.data![0]);
    expect(sortPaths(after.paths)).toEqual(['Post:1', 'Post:2', 'User:1', 'User:2']);
  });

  it('an entity read by several parents is pointed at by all but the first, so that it is checked once per state', () => {
    const store = normalize([Post], [1, 2, 3].map((id) => ({ id, title: `p${id}`, author: { id: 7, username: 'shared' } })), [], empty, meta(100));
    const memo = new MemoCache();
    const first = memo.denormalize(postList, store.result, store.entities);
    const [one, two, three] = first.children;
    expect(one!.children).toEqual([]);
    expect(one!.cells.slice(3)).toEqual(['User', '7', store.entities.User!['7']]);
    expect(two!.children).toHaveLength(1);
    expect(three!.children[0]).toBe(two!.children[0]);
    const changed = write(store, User, { id: 7, username: 'renamed' }, 200);
    const after = memo.denormalize(postList, store.result, changed.entities).data!;
    expect(after.map((post) => post.author!.username)).toEqual(['renamed', 'renamed', 'renamed']);
    expect(after[1]!.author).toBe(after[0]!.author);
  });

  it('inside an object result only the parts that depend on the changed entity are rebuilt', () => {
    const page = { posts: postList, featured: Post, next: '' };
    const store = postsStore();
    const result = { posts: ['1', '2'], featured: '1', next: 'p2' };
    const memo = new MemoCache();
    const before = memo.denormalize(page, result, store.entities).data!;
    expect(memo.denormalize(page, result, store.entities).data).toBe(before);
    const changed = write(store, User, { id: 2, username: 'robert' }, 200);
    const after = memo.denormalize(page, result, changed.entities).data!;
    expect(after).not.toBe(before);
    expect(after.featured).toBe(before.featured);
    expect(after.posts).not.toBe(before.posts);
    expect(after.posts[0]).toBe(before.posts[0]);
    expect(after.posts[1]!.author!.username).toBe('robert');
    expect(after.next).toBe('p2');
    const unrelated = write(changed, Comment, { id: 5 }, 300);
    expect(memo.denormalize(page, result, unrelated.entities).data).toBe(after);
  });

  it('writing User 3, or refetching User 1 unchanged, keeps the list reference', () => {
    const store = postsStore();
    const memo = new MemoCache();
    const before = memo.denormalize(postList, store.result, store.entities).data;
    const user3 = write(store, User, { id: 3, username: 'cy' }, 200);
    expect(memo.denormalize(postList, store.result, user3.entities).data).toBe(before);
    const user1 = write(user3, User, POSTS[0]!.author, 300);
    expect(user1.entities.User!['1']).toBe(store.entities.User!['1']);
    expect(memo.denormalize(postList, store.result, user1.entities).data).toBe(before);
  });

  it('refetching identical data changes no reference a reader sees', () => {
    const list = new schema.Collection([Post]);
    const store = write(empty, list, POSTS, 100, [{ group: 'react' }]);
    const memo = new MemoCache();
    const listRead = memo.query(list, [{ group: 'react' }], store).data;
    const detail = memo.query(Post, [1], store).data;
    const refetched = write(store, list, POSTS, 200, [{ group: 'react' }]);
    expect(refetched.entities.Post!['1']).toBe(store.entities.Post!['1']);
    expect(refetched.entities.User!['2']).toBe(store.entities.User!['2']);
    expect(refetched.entities['[Post]']!['{"group":"react"}']).toBe(store.entities['[Post]']!['{"group":"react"}']);
    expect(memo.query(list, [{ group: 'react' }], refetched).data).toBe(listRead);
    expect(memo.query(Post, [1], refetched).data).toBe(detail);
    expect(refetched.entitiesMeta.Post!['1']).toEqual(meta(200));
  });

  it('refetching identical data leaves the entity tables untouched (only entitiesMeta changes)', () => {
    const store = postsStore();
    const refetched = write(store, [Post], POSTS, 200);
    expect(refetched.entities.Post).toBe(store.entities.Post);
    expect(refetched.entities.User).toBe(store.entities.User);
    expect(refetched.entities).toBe(store.entities);
    expect(refetched.indexes).toBe(store.indexes);
    expect(refetched.entitiesMeta).not.toBe(store.entitiesMeta);
  });

  it('the same entity is the same instance in a list result and a detail result', () => {
    const list = new schema.Collection([Post]);
    const store = write(empty, list, POSTS, 100);
    const memo = new MemoCache();
    const rows = memo.query(list, [], store).data!;
    const detail = memo.denormalize(Post, '2', store.entities).data;
    expect(detail).toBe(rows[1]);
    expect(memo.query(Post, [2], store).data).toBe(rows[1]);
    expect(memo.denormalize(postList, ['2', '1'], store.entities).data![0]).toBe(rows[1]);
    expect(memo.query(new schema.All(Post), [], store).data![0]).toBe(rows[0]);
    // After a change, whichever is read first, both share the new instance.
    const changed = write(store, Post, { id: 2, title: 'edited' }, 200);
    const newDetail = memo.denormalize(Post, '2', changed.entities).data;
    const newRows = memo.query(list, [], changed).data!;
    expect(newDetail).not.toBe(detail);
    expect(newRows[1]).toBe(newDetail);
    expect(newRows[0]).toBe(rows[0]);
  });

  it('an undone delete shows the item again', () => {
    const store = postsStore();
    const memo = new MemoCache();
    const before = memo.denormalize(postList, store.result, store.entities).data!;
    const deleted = write(store, new schema.Invalidate(Post), 2, 200);
    const afterDelete = memo.denormalize(postList, store.result, deleted.entities).data!;
    expect(afterDelete.map((post) => post.id)).toEqual([1]);
    expect(afterDelete[0]).toBe(before[0]);
    expect(memo.denormalize(Post, '2', deleted.entities).data).toBeUndefined();
    // The optimistic delete is rolled back: the base state comes back.
    const restored = memo.denormalize(postList, store.result, store.entities).data!;
    expect(restored.map((post) => post.id)).toEqual([1, 2]);
    expect(restored[1]).toBeInstanceOf(Post);
    expect(memo.denormalize(Post, '2', store.entities).data).toBeInstanceOf(Post);
    // A re-creation started after the delete replaces the tombstone.
    const recreated = write(deleted, Post, { id: 2, title: 'again', author: 2 }, 300);
    const afterRecreate = memo.denormalize(postList, store.result, recreated.entities).data!;
    expect(afterRecreate.map((post) => post.title)).toEqual(['first', 'again']);
    expect(afterRecreate[1]!.author!.username).toBe('bob');
  });

  it('a missing nested entity appearing rebuilds the parent', () => {
    const store = write(postsStore(), Post, { id: 3, title: 'orphan', author: 7 }, 200);
    const memo = new MemoCache();
    const list = memo.denormalize(postList, ['1', '3'], store.entities).data!;
    const orphan = memo.denormalize(Post, '3', store.entities).data!;
    expect(orphan.author).toBeUndefined();
    expect(list[1]).toBe(orphan);
    const withAuthor = write(store, User, { id: 7, username: 'gus' }, 300);
    const rebuilt = memo.denormalize(Post, '3', withAuthor.entities).data!;
    expect(rebuilt).not.toBe(orphan);
    expect(rebuilt.author).toBeInstanceOf(User);
    expect(rebuilt.author!.username).toBe('gus');
    const newList = memo.denormalize(postList, ['1', '3'], withAuthor.entities).data!;
    expect(newList).not.toBe(list);
    expect(newList[0]).toBe(list[0]);
    expect(newList[1]).toBe(rebuilt);
  });

  it('a missing top-level entity appearing is read', () => {
    const store = postsStore();
    const memo = new MemoCache();
    expect(memo.denormalize(Post, '9', store.entities).data).toBeUndefined();
    const added = write(store, Post, { id: 9, title: 'nine' }, 200);
    expect(memo.denormalize(Post, '9', added.entities).data).toBeInstanceOf(Post);
  });

  it('many different arguments do not evict each other', () => {
    const list = new schema.Collection([Post]);
    let store: NormalizedTables = empty;
    const groups = Array.from({ length: 60 }, (_, i) => `g${i}`);
    groups.forEach((group, i) => {
      store = write(store, list, [{ id: i + 1, title: group }], 100, [{ group }]);
    });
    const memo = new MemoCache();
    const firstReads = groups.map((group) => memo.query(list, [{ group }], store).data);
    expect(firstReads.every((rows) => Array.isArray(rows) && rows.length === 1)).toBe(true);
    const secondReads = groups.map((group) => memo.query(list, [{ group }], store).data);
    secondReads.forEach((rows, i) => expect(rows).toBe(firstReads[i]));
    // Interleaved reads of different results for the same schema.
    const posts = groups.map((_, i) => memo.denormalize(Post, `${i + 1}`, store.entities).data);
    groups.forEach((_, i) => expect(memo.denormalize(Post, `${i + 1}`, store.entities).data).toBe(posts[i]));
    // And after an unrelated write, every argument set still keeps its reference.
    const unrelated = write(store, Comment, { id: 1 }, 200);
    groups.forEach((group, i) => expect(memo.query(list, [{ group }], unrelated).data).toBe(firstReads[i]));
  });

  it('a Query read with different arguments keeps one output per argument set', () => {
    const process = jest.fn((posts: Post[], { author }: { author: string }) => posts.filter((post) => post.author?.username === author));
    const byAuthor = new schema.Query(new schema.All(Post), process);
    const store = postsStore();
    const memo = new MemoCache();
    const ann = memo.query(byAuthor, [{ author: 'ann' }], store).data;
    const bob = memo.query(byAuthor, [{ author: 'bob' }], store).data;
    expect(memo.query(byAuthor, [{ author: 'ann' }], store).data).toBe(ann);
    expect(memo.query(byAuthor, [{ author: 'bob' }], store).data).toBe(bob);
    expect(process).toHaveBeenCalledTimes(2);
  });
});

describe('cycles', () => {
  function cycleStore(): NormalizedTables {
    const a: Record<string, unknown> = { id: 1, name: 'a' };
    const b: Record<string, unknown> = { id: 2, name: 'b', friend: a };
    a.friend = b;
    return write(empty, Person, a, 100);
  }

  it('cyclic input normalizes without looping', () => {
    const store = cycleStore();
    expect(store.entities.Person).toEqual({ '1': { id: 1, name: 'a', friend: '2' }, '2': { id: 2, name: 'b', friend: '1' } });
  });

  it('denormalize reads a cyclic graph with shared identity', () => {
    const a = denormalize(Person, '1', cycleStore().entities) as Person;
    expect(a).toBeInstanceOf(Person);
    expect(a.friend).toBeInstanceOf(Person);
    expect(a.friend!.name).toBe('b');
    expect(a.friend!.friend).toBe(a);
  });

  it('MemoCache reads a cyclic graph with shared identity, one instance per entity', () => {
    const store = cycleStore();
    const memo = new MemoCache();
    const a = memo.denormalize(Person, '1', store.entities).data!;
    expect(a.friend!.friend).toBe(a);
    const b = memo.denormalize(Person, '2', store.entities).data!;
    expect(b).toBe(a.friend);
    expect(b.friend).toBe(a);
    const both = memo.denormalize([Person], ['1', '2'], store.entities).data!;
    expect(both[0]).toBe(a);
    expect(both[1]).toBe(b);
    expect(memo.denormalize(Person, '1', store.entities).data).toBe(a);
  });

  it('a cycle stays consistent after a change to one of its entities (read the unchanged entity first)', () => {
    const store = cycleStore();
    const memo = new MemoCache();
    const a = memo.denormalize(Person, '1', store.entities).data!;
    const changed = write(store, Person, { id: 2, name: 'b2' }, 200);
    const a2 = memo.denormalize(Person, '1', changed.entities).data!;
    expect(a2).not.toBe(a);
    expect(a2.name).toBe('a');
    expect(a2.friend!.name).toBe('b2');
    expect(a2.friend!.friend).toBe(a2);
    const b2 = memo.denormalize(Person, '2', changed.entities).data!;
    expect(b2).toBe(a2.friend);
    expect(b2.friend).toBe(a2);
  });

  it('a cycle stays consistent after a change to one of its entities (read the changed entity first)', () => {
    const store = cycleStore();
    const memo = new MemoCache();
    const a = memo.denormalize(Person, '1', store.entities).data!;
    const b = memo.denormalize(Person, '2', store.entities).data!;
    expect(b).toBe(a.friend);
    const changed = write(store, Person, { id: 2, name: 'b2' }, 200);
    const b2 = memo.denormalize(Person, '2', changed.entities).data!;
    expect(b2.name).toBe('b2');
    expect(b2.friend!.name).toBe('a');
    expect(b2.friend!.friend).toBe(b2);
    const a2 = memo.denormalize(Person, '1', changed.entities).data!;
    expect(a2).toBe(b2.friend);
    expect(a2.friend).toBe(b2);
  });

  it('a three-entity cycle stays consistent after a change, read from any member', () => {
    const store = write(empty, [Person], [
      { id: 1, name: 'a', friend: 2 },
      { id: 2, name: 'b', friend: 3 },
      { id: 3, name: 'c', friend: 1 },
    ], 100);
    const memo = new MemoCache();
    const a = memo.denormalize(Person, '1', store.entities).data!;
    expect(a.friend!.friend!.friend).toBe(a);
    const changed = write(store, Person, { id: 3, name: 'c2' }, 200);
    const b2 = memo.denormalize(Person, '2', changed.entities).data!;
    expect(b2.friend!.name).toBe('c2');
    expect(b2.friend!.friend!.friend).toBe(b2);
    const a2 = memo.denormalize(Person, '1', changed.entities).data!;
    expect(a2.friend).toBe(b2);
    expect(a2.friend!.friend!.friend).toBe(a2);
    expect(a2.friend!.friend!.name).toBe('c2');
    const c2 = memo.denormalize(Person, '3', changed.entities).data!;
    expect(c2).toBe(b2.friend);
    expect(c2.friend).toBe(a2);
  });
});

describe('entities linked thousands deep', () => {
  // Two entity types linked in turn (a page of a thread and its reply, and so on), as long chains
  // of `next` links come from real APIs.
  class Step extends Entity {
    id = '';
    next: Hop | null = null;
    pk() {
      return this.id;
    }
    static override key = 'Step';
    static override schema: Record<string, unknown> = {};
  }
  class Hop extends Entity {
    id = '';
    next: Step | null = null;
    pk() {
      return this.id;
    }
    static override key = 'Hop';
    static override schema: Record<string, unknown> = { next: Step };
  }
  Step.schema = { next: Hop };

  /** The chain `s0 → h1 → s2 → …`, nested as an answer holds it. */
  function nestedChain(length: number): Record<string, unknown> {
    let value: Record<string, unknown> | null = null;
    for (let i = length - 1; i >= 0; i--) value = { id: `${i % 2 ? 'h' : 's'}${i}`, next: value };
    return value!;
  }

  /** `Class:id` of each link along `next` from `first`, and the last link. */
  function walk(first: Step | undefined): { ids: string[]; last: Step | Hop | undefined } {
    const ids: string[] = [];
    let at: Step | Hop | null | undefined = first;
    let last: Step | Hop | undefined;
    while (at) {
      ids.push(`${at instanceof Hop ? 'Hop' : at instanceof Step ? 'Step' : 'plain'}:${at.id}`);
      last = at;
      at = at.next;
    }
    return { ids, last };
  }

  const expectedIds = (length: number) => Array.from({ length }, (_, i) => (i % 2 ? `Hop:h${i}` : `Step:s${i}`));

  it('a 1,500-deep chain across two entity types normalizes, and reads back whole with denormalize and MemoCache', () => {
    const store = write(empty, Step, nestedChain(1500), 100);
    expect(Object.keys(store.entities.Step!)).toHaveLength(750);
    expect(Object.keys(store.entities.Hop!)).toHaveLength(750);
    expect(walk(denormalize(Step, 's0', store.entities)).ids).toEqual(expectedIds(1500));

    const memo = new MemoCache();
    const first = memo.denormalize(Step, 's0', store.entities);
    expect(walk(first.data).ids).toEqual(expectedIds(1500));
    expect(first.paths).toHaveLength(1500);
    expect(memo.denormalize(Step, 's0', store.entities)).toBe(first);
  });

  it('a change at the end of a 1,500-deep chain is read through it, and an unrelated write keeps the answer', () => {
    let store = write(empty, Step, nestedChain(1500), 100);
    const memo = new MemoCache();
    const before = memo.denormalize(Step, 's0', store.entities).data;
    store = write(store, Hop, { id: 'h1499', next: { id: 's1500', next: null } }, 200);
    const after = memo.denormalize(Step, 's0', store.entities).data;
    expect(after).not.toBe(before);
    expect(walk(after).ids).toEqual(expectedIds(1501));
    // An unrelated write: the same answer, validated through all 1,501 levels.
    store = write(store, Comment, { id: 1, text: 'elsewhere' }, 300);
    expect(memo.denormalize(Step, 's0', store.entities).data).toBe(after);
  });

  it('a flat list linked by pk 20,000 deep reads back, plain and memoized, one instance per entity', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ id: `${i % 2 ? 'h' : 's'}${i}`, next: i + 1 < 20_000 ? `${(i + 1) % 2 ? 'h' : 's'}${i + 1}` : null }));
    const store = write(empty, [Step], items.filter((_, i) => i % 2 === 0), 100);
    const both = write(store, [Hop], items.filter((_, i) => i % 2 === 1), 100);
    expect(walk(denormalize(Step, 's0', both.entities)).ids).toEqual(expectedIds(20_000));
    const memo = new MemoCache();
    const chain = memo.denormalize(Step, 's0', both.entities).data;
    const { ids, last } = walk(chain);
    expect(ids).toEqual(expectedIds(20_000));
    expect(memo.denormalize(Hop, 'h19999', both.entities).data).toBe(last);
  });

  it('a ring longer than one recursive read reads with shared identity', () => {
    const ring = Array.from({ length: 600 }, (_, i) => ({ id: i, name: `p${i}`, friend: (i + 1) % 600 }));
    const store = write(empty, [Person], ring, 100);
    const first = new MemoCache().denormalize(Person, '0', store.entities).data!;
    let at: Person = first;
    for (let i = 0; i < 600; i++) at = at.friend!;
    expect(at).toBe(first);
    expect(at.friend!.name).toBe('p1');
  });
});
