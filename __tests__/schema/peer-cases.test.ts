import { Entity, MemoCache, denormalize } from 'rtk-rest';
import type { EntityTables } from 'rtk-rest';

// Issue 16 items 8, 10, 11, 13 and 14: cases found by running Reactive Data Client's own schema
// and MemoCache scenarios against this library, rewritten here in our API and words.

// Two classes reading one table (4.4): a summary without nested schemas, and the full article.
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

describe('issue 16.10: entities sharing a static key read as their own class', () => {
  const summaries = [ArticleSummary];
  const page = { data: Article };

  it('16.10 a MemoCache reads the summary list, then the full article, each as its own class', () => {
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

  it('16.10 reading the full article first does not make the summary an Article', () => {
    const entities = articleTables();
    const memo = new MemoCache();
    expect(memo.denormalize(Article, '123', entities).data).toBeInstanceOf(Article);
    const summary = memo.denormalize(ArticleSummary, '123', entities).data!;
    expect(summary).toBeInstanceOf(ArticleSummary);
    expect(summary.author).toBe('9');
  });

  it('16.10 deserializers are kept per class: each class reads the same stored field its own way', () => {
    const entities = articleTables();
    const memo = new MemoCache();
    expect(memo.denormalize(Article, '123', entities).data!.published).toEqual(new Date('2024-03-01T00:00:00.000Z'));
    expect(memo.denormalize(ArticleSummary, '123', entities).data!.published).toBe('2024');
    expect(denormalize(ArticleSummary, '123', entities)!.published).toBe('2024');
  });

  it('16.10 one plain read holding both classes builds one instance of each', () => {
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

describe('issue 16.11: one entity is one instance within a memoized read, through cycles', () => {
  function expectOneGraph(report: Report): void {
    expect(report.publishedBy).toBeInstanceOf(Staff);
    expect(report.publishedBy).toBe(report.draftedBy);
    expect(report.publishedBy!.reports[0]).toBe(report);
  }

  it('16.11 plain denormalize already gives one instance (the reference behaviour)', () => {
    expectOneGraph(denormalize(Report, '123', reportTables())!);
  });

  it('16.11 MemoCache.denormalize gives the same graph, from either end', () => {
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

  it('16.11 after a change the rebuilt graph is still one instance per entity, and cached as such', () => {
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

  it('16.11 an entity reached twice inside a larger cycle is one instance, and its entry depends on the whole cycle', () => {
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

