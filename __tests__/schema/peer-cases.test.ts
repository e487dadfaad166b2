import { Entity, MemoCache, NormalizeError, denormalize, normalize, schema } from 'rtk-rest';
import type { EntityMeta, EntityTables, NormalizedTables } from 'rtk-rest';

// Cases found by running Reactive Data Client's own schema
// and MemoCache scenarios against this library, rewritten here in our API and words.

const meta: EntityMeta = { fetchedAt: 100, date: 100, expiresAt: 1100 };
const empty: NormalizedTables = { entities: {}, entitiesMeta: {}, indexes: {} };

function problemOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(NormalizeError);
    expect(error).toMatchObject({ status: 400 });
    return (error as NormalizeError).problem;
  }
  throw new Error('expected a NormalizeError');
}

class Repository extends Entity {
  id = 0;
  name = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Repository';
}

describe('an object where an array was expected says what came back', () => {
  const searchAnswer = { total_count: 1, incomplete_results: false, items: [{ id: 1, name: 'rtk-rest' }] };

  it('an object answer for [Repository] names the array that was expected and the object that came', () => {
    const problem = problemOf(() => normalize([Repository], searchAnswer));
    expect(problem).toMatch(/^expected an array for \[Repository\], got an object: /);
    expect(problem).toContain('"total_count":1');
    // The list inside the object is pointed at, with the schema that would read it.
    expect(problem).toContain('{ items: [Repository] }');
    expect(problem).not.toMatch(/boolean/);
  });

  it('an error body ({ message }) is not stored as references to pks "Not Found" and the URL', () => {
    const body = { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' };
    expect(problemOf(() => normalize([Repository], body))).toMatch(/^expected an array for \[Repository\], got an object: \{"message":"Not Found"/);
    expect(problemOf(() => normalize(new schema.All(Repository), body))).toMatch(/^expected an array for All\(Repository\), got an object/);
  });

  it('an object whose values are all items is still mapped over its values', () => {
    const out = normalize([Repository], { a: { id: 1, name: 'one' }, b: { id: 2, name: 'two' } });
    expect(out.result).toEqual(['1', '2']);
    expect(Object.keys(out.entities.Repository!)).toEqual(['1', '2']);
  });
});

// Two classes reading one table: a summary without nested schemas, and the full article.
class Writer extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'Writer';
}
class ArticleSummary extends Entity {
  id = '';
  title = '';
  author = '';
  published = '';
  editors: Writer[] = [];
  pk() {
    return this.id;
  }
  static override key = 'Article';
  static override schema = { published: (iso: string) => iso.slice(0, 4), editors: [Writer] };
}
class Article extends Entity {
  id = '';
  title = '';
  body = '';
  author: Writer | undefined = undefined;
  published = new Date(0);
  pk() {
    return this.id;
  }
  static override key = 'Article';
  static override schema = { author: Writer, published: Date };
}

const articleTables = (): EntityTables => ({
  Article: { '123': { id: '123', title: 'A great article', body: 'text', author: '9', published: '2024-03-01T00:00:00.000Z', editors: ['9'] } },
  Writer: { '9': { id: '9', name: 'Paul' } },
});

describe('entities sharing a static key read as their own class', () => {
  const summaries = [ArticleSummary];
  const page = { data: Article };

  it('a MemoCache reads the summary list, then the full article, each as its own class', () => {
    const entities = articleTables();
    const memo = new MemoCache();
    const list = memo.denormalize(summaries, ['123'], entities).data!;
    expect(list[0]).toBeInstanceOf(ArticleSummary);
    expect(list[0]!.author).toBe('9');
    const full = memo.denormalize(Article, '123', entities).data!;
    expect(full).toBeInstanceOf(Article);
    expect(full.author).toBeInstanceOf(Writer);
    expect(full.author!.name).toBe('Paul');
    // Each class keeps its own memoized instance.
    expect(memo.denormalize(summaries, ['123'], entities).data![0]).toBe(list[0]);
    expect(memo.denormalize(page, { data: '123' }, entities).data!.data).toBe(full);
  });

  it('reading the full article first does not make the summary an Article', () => {
    const entities = articleTables();
    const memo = new MemoCache();
    expect(memo.denormalize(Article, '123', entities).data).toBeInstanceOf(Article);
    const summary = memo.denormalize(ArticleSummary, '123', entities).data!;
    expect(summary).toBeInstanceOf(ArticleSummary);
    expect(summary.author).toBe('9');
  });

  it('deserializers are kept per class: each class reads the same stored field its own way', () => {
    const entities = articleTables();
    const memo = new MemoCache();
    expect(memo.denormalize(Article, '123', entities).data!.published).toEqual(new Date('2024-03-01T00:00:00.000Z'));
    expect(memo.denormalize(ArticleSummary, '123', entities).data!.published).toBe('2024');
    expect(denormalize(ArticleSummary, '123', entities)!.published).toBe('2024');
  });

  it('one plain read holding both classes builds one instance of each', () => {
    const both = denormalize({ full: Article, summary: ArticleSummary }, { full: '123', summary: '123' }, articleTables())!;
    expect(both.full).toBeInstanceOf(Article);
    expect(both.full.author).toBeInstanceOf(Writer);
    expect(both.summary).toBeInstanceOf(ArticleSummary);
    expect(both.summary.author).toBe('9');
    expect(both.summary.editors[0]).toBeInstanceOf(Writer);
  });
});

// A report drafted and published by the same user, who lists the report: a two-entity cycle.
class Report extends Entity {
  id = '';
  title = '';
  draftedBy: Staff | undefined = undefined;
  publishedBy: Staff | undefined = undefined;
  pk() {
    return this.id;
  }
  static override key = 'Report';
  static override schema: Record<string, unknown> = {};
}
class Staff extends Entity {
  id = '';
  role = '';
  reports: Report[] = [];
  pk() {
    return this.id;
  }
  static override key = 'Staff';
  static override schema = { reports: [Report] };
}
Report.schema = { draftedBy: Staff, publishedBy: Staff };

const reportTables = (): EntityTables => ({
  Report: { '123': { id: '123', title: 'Weekly report', draftedBy: '456', publishedBy: '456' } },
  Staff: { '456': { id: '456', role: 'manager', reports: ['123'] } },
});

describe('one entity is one instance within a memoized read, through cycles', () => {
  function expectOneGraph(report: Report): void {
    expect(report.publishedBy).toBeInstanceOf(Staff);
    expect(report.publishedBy).toBe(report.draftedBy);
    expect(report.publishedBy!.reports[0]).toBe(report);
  }

  it('plain denormalize already gives one instance (the reference behaviour)', () => {
    expectOneGraph(denormalize(Report, '123', reportTables())!);
  });

  it('MemoCache.denormalize gives the same graph, from either end', () => {
    const entities = reportTables();
    const memo = new MemoCache();
    const report = memo.denormalize(Report, '123', entities).data!;
    expectOneGraph(report);
    const staff = memo.denormalize(Staff, '456', entities).data!;
    expect(staff).toBe(report.draftedBy);
    expect(memo.denormalize(Report, '123', entities).data).toBe(report);

    const fresh = new MemoCache();
    const staffFirst = fresh.denormalize(Staff, '456', entities).data!;
    expectOneGraph(staffFirst.reports[0]!);
    expect(staffFirst.reports[0]!.draftedBy).toBe(staffFirst);
  });

  it('after a change the rebuilt graph is still one instance per entity, and cached as such', () => {
    const entities = reportTables();
    const memo = new MemoCache();
    const before = memo.denormalize(Report, '123', entities).data!;
    const changed: EntityTables = { ...entities, Staff: { '456': { id: '456', role: 'director', reports: ['123'] } } };
    const after = memo.denormalize(Report, '123', changed).data!;
    expect(after).not.toBe(before);
    expect(after.draftedBy!.role).toBe('director');
    expectOneGraph(after);
    expect(memo.denormalize(Staff, '456', changed).data).toBe(after.draftedBy);
    expect(memo.denormalize([Report], ['123'], changed).data![0]).toBe(after);
  });

  it('an entity reached twice inside a larger cycle is one instance, and its entry depends on the whole cycle', () => {
    // Report 1 → Staff 7 → [Report 1, Report 2]; Report 2 → Staff 7 twice: Report 2 is finished while Report 1 is still open.
    const entities: EntityTables = {
      Report: {
        '1': { id: '1', title: 'one', draftedBy: '7', publishedBy: '8' },
        '2': { id: '2', title: 'two', draftedBy: '7', publishedBy: '7' },
      },
      Staff: { '7': { id: '7', role: 'a', reports: ['1', '2'] }, '8': { id: '8', role: 'b', reports: ['2'] } },
    };
    const memo = new MemoCache();
    const one = memo.denormalize(Report, '1', entities).data!;
    const seven = one.draftedBy!;
    const two = seven.reports[1]!;
    expect(one.publishedBy!.reports[0]).toBe(two);
    expect(two.draftedBy).toBe(seven);
    expect(two.publishedBy).toBe(seven);
    expect(seven.reports[0]).toBe(one);
    // Report 1 changes: every instance that reaches it is rebuilt, and still shared.
    const changed: EntityTables = { ...entities, Report: { ...entities.Report, '1': { id: '1', title: 'one!', draftedBy: '7', publishedBy: '8' } } };
    const two2 = memo.denormalize(Report, '2', changed).data!;
    expect(two2).not.toBe(two);
    expect(two2.draftedBy!.reports[0]!.title).toBe('one!');
    expect(two2.publishedBy).toBe(two2.draftedBy);
    const one2 = memo.denormalize(Report, '1', changed).data!;
    expect(one2).toBe(two2.draftedBy!.reports[0]);
    expect(one2.publishedBy!.reports[0]).toBe(two2);
  });
});

class Comment extends Entity {
  id = '';
  text = '';
  pk() {
    return this.id;
  }
  static override key = 'PeerComment';
}
class Story extends Entity {
  id = '';
  title = '';
  author: Writer | undefined = undefined;
  comments: Comment[] = [];
  pk() {
    return this.id;
  }
  static override key = 'Story';
  static override schema = { author: Writer, comments: [Comment] };
}

describe('MemoCache keeps its answers while nothing they read changed', () => {
  const storyTables = (): EntityTables => ({
    Story: { '123': { id: '123', title: 'Story', author: '8472', comments: ['c1'] } },
    PeerComment: { c1: { id: 'c1', text: 'nice' } },
    Writer: {},
  });

  it('a result with a missing nested entity is the same object on every call, until the entity arrives', () => {
    const entities = storyTables();
    const memo = new MemoCache();
    const storyPage = { data: Story };
    const result = { data: '123' };
    const first = memo.denormalize(storyPage, result, entities).data!;
    expect(first.data!.author).toBeUndefined();
    expect(memo.denormalize(storyPage, result, entities).data).toBe(first);
    // A new but equal schema literal (written inline at the call) reads the same answer.
    expect(memo.denormalize({ data: Story }, result, entities).data).toBe(first);
    expect(memo.denormalize({ data: Story }, result, { ...entities }).data).toBe(first);
    const arrived = memo.denormalize({ data: Story }, result, { ...entities, Writer: { '8472': { id: '8472', name: 'Paul' } } }).data!;
    expect(arrived).not.toBe(first);
    expect(arrived.data!.author!.name).toBe('Paul');
    expect(arrived.data!.comments[0]).toBe(first.data!.comments[0]);
  });

  it('a collection read at the top level and the same collection nested in an entity are one array', () => {
    class Todo extends Entity {
      id = '';
      title = '';
      pk() {
        return this.id;
      }
      static override key = 'PeerTodo';
    }
    class Owner extends Entity {
      id = '';
      todos: Todo[] = [];
      pk() {
        return this.id;
      }
      static override key = 'PeerOwner';
      static override schema = { todos: new schema.Collection([Todo], { nestKey: (parent: { id: string }) => ({ userId: parent.id }) }) };
    }
    const userTodos = new schema.Collection([Todo], { argsKey: ({ userId }: { userId: string }) => ({ userId }) });
    const written = normalize(Owner, { id: '1', todos: [{ id: '5', title: 'finish' }] }, [], empty, meta);
    const memo = new MemoCache();
    const todos = memo.denormalize(userTodos, '{"userId":"1"}', written.entities, [{ userId: '1' }]).data!;
    const owner = memo.denormalize(Owner, '1', written.entities).data!;
    expect(todos.map((todo) => todo.title)).toEqual(['finish']);
    expect(owner.todos).toBe(todos);
    // After a push both places read the new list, still as one array.
    const pushed = normalize(userTodos.push, [{ id: '10', title: 'more' }], [{ userId: '1' }], written, { ...meta, fetchedAt: 200 });
    const owner2 = memo.denormalize(Owner, '1', pushed.entities).data!;
    const todos2 = memo.denormalize(userTodos, '{"userId":"1"}', pushed.entities, [{ userId: '1' }]).data!;
    expect(todos2.map((todo) => todo.id)).toEqual(['5', '10']);
    expect(owner2.todos).toBe(todos2);
    expect(todos2[0]).toBe(todos[0]);
  });

  it('a list reached again through its own items, in one read, is the same array', () => {
    class Task extends Entity {
      id = '';
      board: Board | undefined = undefined;
      pk() {
        return this.id;
      }
      static override key = 'PeerTask';
      static override schema: Record<string, unknown> = {};
    }
    class Board extends Entity {
      id = '';
      tasks: Task[] = [];
      pk() {
        return this.id;
      }
      static override key = 'PeerBoard';
      static override schema = { tasks: new schema.Collection([Task], { nestKey: (parent: { id: string }) => ({ boardId: parent.id }) }) };
    }
    Task.schema = { board: Board };
    const boardTasks = new schema.Collection([Task], { argsKey: ({ boardId }: { boardId: string }) => ({ boardId }) });
    const written = normalize(Board, { id: 'b', tasks: [{ id: 't1', board: 'b' }, { id: 't2', board: 'b' }] }, [], empty, meta);
    const memo = new MemoCache();
    const tasks = memo.denormalize(boardTasks, '{"boardId":"b"}', written.entities).data!;
    const board = tasks[0]!.board!;
    expect(board.tasks).toBe(tasks);
    expect(tasks[1]!.board).toBe(board);
    expect(memo.denormalize(Board, 'b', written.entities).data).toBe(board);
  });

  it('a nested All member stored as null reads back null, also when its table is missing', () => {
    class Filling extends Entity {
      id = '';
      pk() {
        return this.id;
      }
      static override key = 'PeerFilling';
    }
    class Taco extends Entity {
      id = '';
      fillings: Filling[] | null = [];
      pk() {
        return this.id;
      }
      static override key = 'PeerTaco';
      static override schema = { fillings: new schema.All(Filling) };
    }
    const written = normalize(Taco, { id: '123', fillings: null }, [], empty, meta);
    expect(written.entities.PeerTaco).toEqual({ '123': { id: '123', fillings: null } });
    expect(denormalize(Taco, '123', written.entities)!.fillings).toBeNull();
    expect(new MemoCache().denormalize(Taco, '123', written.entities).data!.fillings).toBeNull();
    const withFillings: EntityTables = { ...written.entities, PeerFilling: { a: { id: 'a' } } };
    expect(denormalize(Taco, '123', withFillings)!.fillings).toBeNull();
    // A list answer still reads the whole table, as All does everywhere.
    const listed = normalize(Taco, { id: '124', fillings: [{ id: 'b' }] }, [], { ...written, entities: withFillings }, meta);
    expect(listed.entities.PeerTaco!['124']).toEqual({ id: '124', fillings: ['b'] });
    expect(denormalize(Taco, '124', listed.entities)!.fillings!.map((filling) => filling.id)).toEqual(['a', 'b']);
    expect(new MemoCache().denormalize(Taco, '124', listed.entities).data!.fillings!.map((filling) => filling.id)).toEqual(['a', 'b']);
  });
});

describe('Invalidate, process and key edge cases', () => {
  class TextItem extends Entity {
    id = '';
    body = '';
    pk() {
      return this.id;
    }
    static override key = 'PeerText';
  }
  class ImageItem extends Entity {
    id = '';
    url = '';
    pk() {
      return this.id;
    }
    static override key = 'PeerImage';
  }
  const feedItem = new schema.Union({ text: TextItem, image: ImageItem }, 'type');

  it('Invalidate(Union) with an unknown type warns and keeps the raw object, as the Union does', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const store = normalize([feedItem], [{ id: '1', type: 'text', body: 'hi' }], [], empty, meta);
      const out = normalize(new schema.Invalidate(feedItem), { id: '1', type: 'video' }, [], store, { ...meta, fetchedAt: 200 });
      expect(out.result).toEqual({ id: '1', type: 'video' });
      expect(out.entities.PeerText).toEqual(store.entities.PeerText);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/^\[rtk-rest\] .*unknown type "video"/);
      expect(denormalize(new schema.Invalidate(feedItem), out.result, out.entities)).toEqual({ id: '1', type: 'video' });
    } finally {
      warn.mockRestore();
    }
  });

  it('Entity.process sees array (tuple) input and may turn it into the object to store', () => {
    class Pair extends Entity {
      id = '';
      name = '';
      pk() {
        return this.id;
      }
      static override key = 'PeerPair';
      static override process(input: unknown) {
        return Array.isArray(input) ? { id: String(input[0]), name: String(input[1]) } : { ...(input as object) };
      }
    }
    expect(normalize(Pair, ['1', 'one']).entities.PeerPair).toEqual({ '1': { id: '1', name: 'one' } });
    const list = normalize([Pair], [['1', 'one'], ['2', 'two']]);
    expect(list.result).toEqual(['1', '2']);
    expect(denormalize([Pair], list.result, list.entities)!.map((pair) => pair.name)).toEqual(['one', 'two']);
    // Without a process override an array is still not an entity.
    expect(problemOf(() => normalize(Repository, [1, 'x']))).toMatch(/^expected an object for Repository, got an array/);
  });

  it('new schema.Invalidate() without an entity throws when constructed, saying what to pass', () => {
    const Invalidate = schema.Invalidate as unknown as new (...args: unknown[]) => unknown;
    expect(() => new Invalidate()).toThrow(/^\[rtk-rest\] schema\.Invalidate needs the Entity class .*new schema\.Invalidate\(Post\)/);
    expect(() => new Invalidate({ id: 1 })).toThrow(/^\[rtk-rest\] schema\.Invalidate needs the Entity class/);
    expect(() => new Invalidate(Entity)).toThrow(/^\[rtk-rest\] schema\.Invalidate needs the Entity class/);
  });

  // An anonymous class without static key: entity.test.ts ('a class without a name …').
  it('an unnamed class with static key keeps its key', () => {
    const Named = [
      class extends Entity {
        pk() {
          return '1';
        }
        static override key = 'PeerNamed';
      },
    ][0]!;
    expect(Named.key).toBe('PeerNamed');
  });
});
