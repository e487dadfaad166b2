import { Entity, MemoCache, denormalize, normalize, schema } from 'rtk-rest';
import type { EntityMeta, NormalizedTables } from 'rtk-rest';

// Entity meta, merging, ordering and tombstones.

const at = (fetchedAt: number, date = fetchedAt): EntityMeta => ({ fetchedAt, date, expiresAt: 1e15 });

class Article extends Entity {
  id = 0;
  title = '';
  views = 0;
  tags: string[] = [];
  info: Record<string, unknown> = {};
  pk() {
    return `${this.id}`;
  }
  static override key = 'MrgArticle';
}

class Writer extends Entity {
  id = 0;
  name = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'MrgWriter';
}

class Story extends Entity {
  id = 0;
  writer = Writer.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'MrgStory';
  static override schema = { writer: Writer };
}

function cell(tables: Partial<NormalizedTables>, key: string, pk: string): unknown {
  return tables.entities?.[key]?.[pk];
}
function metaOf(tables: Partial<NormalizedTables>, key: string, pk: string): EntityMeta | undefined {
  return tables.entitiesMeta?.[key]?.[pk];
}

describe('entity meta', () => {
  it('every written entity gets entitiesMeta[key][pk] = { fetchedAt, date, expiresAt }', () => {
    const meta: EntityMeta = { fetchedAt: 100, date: 150, expiresAt: 60150 };
    const out = normalize([Story], [{ id: 1, writer: { id: 7, name: 'ann' } }, { id: 2, writer: { id: 8 } }], [], {}, meta);
    expect(out.entitiesMeta).toStrictEqual({
      MrgStory: { '1': meta, '2': meta },
      MrgWriter: { '7': meta, '8': meta },
    });
  });

  it('without meta, normalize uses fetchedAt = date = now and a never-expiring expiresAt', () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1234);
    try {
      const out = normalize(Article, { id: 1 });
      expect(metaOf(out, 'MrgArticle', '1')).toStrictEqual({ fetchedAt: 1234, date: 1234, expiresAt: Number.MAX_SAFE_INTEGER });
    } finally {
      now.mockRestore();
    }
  });
});

describe('merge statics (defaults)', () => {
  it('shouldUpdate defaults to true', () => {
    expect(Article.shouldUpdate(at(300), at(200), { id: 1 }, { id: 1 })).toBe(true);
    expect(Article.shouldUpdate(at(200), at(300), { id: 1 }, { id: 1 })).toBe(true);
  });

  it('shouldReorder defaults to "the incoming request started earlier"', () => {
    expect(Article.shouldReorder(at(300), at(200), {}, {})).toBe(true);
    expect(Article.shouldReorder(at(300), at(300, 900), {}, {})).toBe(false);
    expect(Article.shouldReorder(at(300), at(400, 100), {}, {})).toBe(false);
  });

  it('merge defaults to a shallow { ...a, ...b } (no deep merge)', () => {
    const a = { id: 1, x: 1, nested: { a: 1 } };
    const b = { id: 1, y: 2, nested: { b: 2 } };
    const merged = Article.merge(a, b);
    expect(merged).toStrictEqual({ id: 1, x: 1, y: 2, nested: { b: 2 } });
    expect(merged.nested).toBe(b.nested);
    expect(a).toStrictEqual({ id: 1, x: 1, nested: { a: 1 } });
  });

  it('mergeWithStore defaults: later-started wins; older fills missing fields; shouldUpdate false keeps existing', () => {
    const existing = { id: 1, title: 'stored', views: 1 };
    const incoming = { id: 1, title: 'incoming', tags: ['a'] };
    expect(Article.mergeWithStore(at(300), at(400), existing, incoming)).toStrictEqual({ id: 1, title: 'incoming', views: 1, tags: ['a'] });
    expect(Article.mergeWithStore(at(300), at(200), existing, incoming)).toStrictEqual({ id: 1, title: 'stored', views: 1, tags: ['a'] });
    expect(Article.mergeWithStore(at(300), at(300), existing, incoming)).toStrictEqual({ id: 1, title: 'incoming', views: 1, tags: ['a'] });
    class Frozen extends Article {
      static override key = 'MrgFrozenDirect';
      static override shouldUpdate() {
        return false;
      }
    }
    expect(Frozen.mergeWithStore(at(300), at(400), existing, incoming)).toBe(existing);
  });

  it('a later-started write wins on overlapping fields and its meta becomes the stored meta', () => {
    const store = normalize(Article, { id: 1, title: 'a', views: 1 }, [], {}, at(300));
    const out = normalize(Article, { id: 1, title: 'b' }, [], store, at(400, 450));
    expect(cell(out, 'MrgArticle', '1')).toStrictEqual({ id: 1, title: 'b', views: 1 });
    expect(metaOf(out, 'MrgArticle', '1')).toStrictEqual(at(400, 450));
  });

  it('ties in fetchedAt go to the incoming write, whose meta is stored', () => {
    const store = normalize(Article, { id: 1, title: 'a', views: 1 }, [], {}, at(300));
    const out = normalize(Article, { id: 1, title: 'b' }, [], store, at(300, 350));
    expect(cell(out, 'MrgArticle', '1')).toStrictEqual({ id: 1, title: 'b', views: 1 });
    expect(metaOf(out, 'MrgArticle', '1')).toStrictEqual(at(300, 350));
  });

  it('an older-started write only fills missing fields and the stored meta stays', () => {
    const store = normalize(Article, { id: 1, title: 'a' }, [], {}, at(300));
    const out = normalize(Article, { id: 1, title: 'old', views: 9 }, [], store, at(200, 500));
    expect(cell(out, 'MrgArticle', '1')).toStrictEqual({ id: 1, title: 'a', views: 9 });
    expect(metaOf(out, 'MrgArticle', '1')).toBe(metaOf(store, 'MrgArticle', '1'));
    expect(metaOf(out, 'MrgArticle', '1')).toStrictEqual(at(300));
  });
});

describe('merge statics (overrides)', () => {
  it('shouldUpdate returning false keeps the stored entity unchanged', () => {
    const calls: unknown[][] = [];
    class Pinned extends Article {
      static override key = 'MrgPinned';
      static override shouldUpdate(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any) {
        calls.push([existingMeta, incomingMeta, existing, incoming]);
        return false;
      }
    }
    const store = normalize(Pinned, { id: 1, title: 'keep' }, [], {}, at(300));
    const stored = cell(store, 'MrgPinned', '1');
    const out = normalize(Pinned, { id: 1, title: 'ignored', views: 5 }, [], store, at(400));
    expect(cell(out, 'MrgPinned', '1')).toBe(stored);
    expect(cell(out, 'MrgPinned', '1')).toStrictEqual({ id: 1, title: 'keep' });
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls[0]).toEqual([at(300), at(400), { id: 1, title: 'keep' }, { id: 1, title: 'ignored', views: 5 }]);
  });

  it('a custom shouldReorder decides which write is older (here by a version field)', () => {
    class Versioned extends Article {
      static override key = 'MrgVersioned';
      static override shouldReorder(_em: EntityMeta, _im: EntityMeta, existing: any, incoming: any) {
        return incoming.version < existing.version;
      }
    }
    const store = normalize(Versioned, { id: 1, title: 'v2', version: 2 }, [], {}, at(300));
    // Started later, but carries an older version: it only fills missing fields and the meta stays.
    const out = normalize(Versioned, { id: 1, title: 'v1', version: 1, views: 7 }, [], store, at(400));
    expect(cell(out, 'MrgVersioned', '1')).toStrictEqual({ id: 1, title: 'v2', version: 2, views: 7 });
    expect(metaOf(out, 'MrgVersioned', '1')).toStrictEqual(at(300));
    // Started earlier, but newer: it wins and its meta is stored.
    const newer = normalize(Versioned, { id: 1, title: 'v3', version: 3 }, [], out, at(100));
    expect(cell(newer, 'MrgVersioned', '1')).toStrictEqual({ id: 1, title: 'v3', version: 3, views: 7 });
    expect(metaOf(newer, 'MrgVersioned', '1')).toStrictEqual(at(100));
  });

  it('a custom merge is used as merge(existing, incoming), and as merge(incoming, existing) when reordered', () => {
    const calls: unknown[][] = [];
    class DeepInfo extends Article {
      static override key = 'MrgDeepInfo';
      static override merge(a: any, b: any) {
        calls.push([a, b]);
        return { ...a, ...b, info: { ...a.info, ...b.info } };
      }
    }
    const store = normalize(DeepInfo, { id: 1, info: { a: 1, shared: 'stored' } }, [], {}, at(300));
    const later = normalize(DeepInfo, { id: 1, info: { b: 2, shared: 'later' } }, [], store, at(400));
    expect(calls).toEqual([[{ id: 1, info: { a: 1, shared: 'stored' } }, { id: 1, info: { b: 2, shared: 'later' } }]]);
    expect(cell(later, 'MrgDeepInfo', '1')).toStrictEqual({ id: 1, info: { a: 1, shared: 'later', b: 2 } });
    calls.length = 0;
    const older = normalize(DeepInfo, { id: 1, info: { c: 3, shared: 'older' } }, [], later, at(200));
    expect(calls).toEqual([[{ id: 1, info: { c: 3, shared: 'older' } }, { id: 1, info: { a: 1, shared: 'later', b: 2 } }]]);
    expect(cell(older, 'MrgDeepInfo', '1')).toStrictEqual({ id: 1, info: { c: 3, shared: 'later', a: 1, b: 2 } });
    expect(metaOf(older, 'MrgDeepInfo', '1')).toStrictEqual(at(400));
  });

  it('a custom mergeWithStore receives (existingMeta, incomingMeta, existing, incoming) and decides the stored value', () => {
    const calls: unknown[][] = [];
    class Replacing extends Article {
      static override key = 'MrgReplacing';
      static override mergeWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any) {
        calls.push([existingMeta, incomingMeta, existing, incoming]);
        return incoming;
      }
    }
    const store = normalize(Replacing, { id: 1, title: 'a', views: 3 }, [], {}, at(300));
    const out = normalize(Replacing, { id: 1, title: 'b' }, [], store, at(400));
    expect(calls).toEqual([[at(300), at(400), { id: 1, title: 'a', views: 3 }, { id: 1, title: 'b' }]]);
    expect(cell(out, 'MrgReplacing', '1')).toStrictEqual({ id: 1, title: 'b' });
    expect(metaOf(out, 'MrgReplacing', '1')).toStrictEqual(at(400));
  });
});

describe('identical data keeps references', () => {
  const input = { id: 5, title: 'same', tags: ['a', 'b'], info: { deep: { x: 1 } } };

  it('refetching identical data keeps the stored object (same reference); only meta changes', () => {
    const store = normalize(Article, input, [], {}, at(300));
    const stored = cell(store, 'MrgArticle', '5');
    const out = normalize(Article, { ...input, tags: ['a', 'b'], info: { deep: { x: 1 } } }, [], store, at(400));
    expect(cell(out, 'MrgArticle', '5')).toBe(stored);
    expect(metaOf(out, 'MrgArticle', '5')).toStrictEqual(at(400));
  });

  it('refetching identical data keeps the entities table references (no reference anywhere changes)', () => {
    const store = normalize(Article, input, [], {}, at(300));
    const out = normalize(Article, { ...input }, [], store, at(400));
    expect(out.entities['MrgArticle']).toBe(store.entities['MrgArticle']);
    expect(out.entities).toBe(store.entities);
  });

  it('a merge result equal as JSON to the stored object (subset, other key order, a Date equal to its ISO string) keeps it', () => {
    class Stamped extends Article {
      static override key = 'MrgStamped';
    }
    const store = normalize(Stamped, { id: 1, title: 't', views: 2, at: '2024-01-01T00:00:00.000Z' }, [], {}, at(300));
    const stored = cell(store, 'MrgStamped', '1');
    const subset = normalize(Stamped, { views: 2, id: 1 }, [], store, at(400));
    expect(cell(subset, 'MrgStamped', '1')).toBe(stored);
    const dated = normalize(Stamped, { at: new Date('2024-01-01T00:00:00.000Z'), title: 't', id: 1 }, [], subset, at(500));
    expect(cell(dated, 'MrgStamped', '1')).toBe(stored);
    expect(metaOf(dated, 'MrgStamped', '1')).toStrictEqual(at(500));
  });

  it('a custom merge returning a new but equal object keeps the stored object', () => {
    class Copying extends Article {
      static override key = 'MrgCopying';
      static override merge(a: any, b: any) {
        return JSON.parse(JSON.stringify({ ...a, ...b }));
      }
    }
    const store = normalize(Copying, { id: 1, title: 't', info: { a: [1, 2] } }, [], {}, at(300));
    const stored = cell(store, 'MrgCopying', '1');
    const out = normalize(Copying, { id: 1, title: 't' }, [], store, at(400));
    expect(cell(out, 'MrgCopying', '1')).toBe(stored);
  });

  it('a reader sees nothing change after an identical refetch', () => {
    const store = normalize([Story], [{ id: 1, writer: { id: 7, name: 'ann' } }], [], {}, at(300));
    const cache = new MemoCache();
    const storySchema = [Story] as const;
    const result = store.result as string[];
    const before = cache.denormalize(storySchema, result, store.entities).data!;
    const out = normalize(storySchema, [{ id: 1, writer: { id: 7, name: 'ann' } }], [], store, at(400));
    expect(out.result).toStrictEqual(result);
    const after = cache.denormalize(storySchema, result, out.entities).data!;
    expect(after).toBe(before);
    expect(after[0]!.writer).toBe(before[0]!.writer);
    const all = new schema.All(Writer);
    const allBefore = cache.denormalize(all, null, store.entities).data;
    const allAfter = cache.denormalize(all, null, out.entities).data;
    expect(allAfter).toBe(allBefore);
  });
});

describe('merge ordering examples', () => {
  it('an older response fills missing fields; then a newer one wins on overlapping fields', () => {
    const store = normalize(Article, { id: 5, title: 'new', views: 1 }, [], {}, at(300));
    const older = normalize(Article, { id: 5, title: 'old', tags: ['a'] }, [], store, at(200));
    expect(cell(older, 'MrgArticle', '5')).toStrictEqual({ id: 5, title: 'new', views: 1, tags: ['a'] });
    expect(metaOf(older, 'MrgArticle', '5')!.fetchedAt).toBe(300);
    const newer = normalize(Article, { id: 5, title: 'newer' }, [], older, at(400));
    expect(cell(newer, 'MrgArticle', '5')).toStrictEqual({ id: 5, title: 'newer', views: 1, tags: ['a'] });
    expect(metaOf(newer, 'MrgArticle', '5')!.fetchedAt).toBe(400);
  });

  it('a nested plain-object field is replaced wholesale, never merged', () => {
    const store = normalize(Article, { id: 6, info: { a: 1, b: 2 } }, [], {}, at(300));
    const newer = normalize(Article, { id: 6, info: { c: 3 } }, [], store, at(400));
    expect(cell(newer, 'MrgArticle', '6')).toStrictEqual({ id: 6, info: { c: 3 } });
    const older = normalize(Article, { id: 6, info: { d: 4 } }, [], newer, at(100));
    expect(cell(older, 'MrgArticle', '6')).toStrictEqual({ id: 6, info: { c: 3 } });
    const arrays = normalize(Article, { id: 6, tags: ['x', 'y'] }, [], older, at(500));
    const replaced = normalize(Article, { id: 6, tags: ['z'] }, [], arrays, at(600));
    expect((cell(replaced, 'MrgArticle', '6') as { tags: string[] }).tags).toStrictEqual(['z']);
  });
});

describe('the same pk twice in one response', () => {
  it('[{ id: 1, a: 1 }, { id: 1, b: 2 }] stores { id: 1, a: 1, b: 2 } and the result is ["1", "1"]', () => {
    const out = normalize([Article], [{ id: 1, a: 1 }, { id: 1, b: 2 }], [], {}, at(200));
    expect(cell(out, 'MrgArticle', '1')).toStrictEqual({ id: 1, a: 1, b: 2 });
    expect(out.result).toStrictEqual(['1', '1']);
    expect(metaOf(out, 'MrgArticle', '1')).toStrictEqual(at(200));
  });

  it('the same pk twice merges in document order: the later occurrence wins on overlapping fields', () => {
    const out = normalize([Article], [{ id: 1, title: 'first', views: 1 }, { id: 1, title: 'second' }], [], {}, at(200));
    expect(cell(out, 'MrgArticle', '1')).toStrictEqual({ id: 1, title: 'second', views: 1 });
  });

  it('a custom merge is called as merge(earlier, later)', () => {
    const calls: unknown[][] = [];
    class Logged extends Article {
      static override key = 'MrgLogged';
      static override merge(a: any, b: any) {
        calls.push([a, b]);
        return { ...a, ...b };
      }
    }
    normalize([Logged], [{ id: 1, a: 1 }, { id: 1, b: 2 }], [], {}, at(200));
    expect(calls).toEqual([[{ id: 1, a: 1 }, { id: 1, b: 2 }]]);
  });

  it('the same nested entity twice merges in document order, also over a stored entity', () => {
    const store = normalize(Writer, { id: 7, name: 'stored', bio: 'kept' }, [], {}, at(100));
    const out = normalize(
      [Story],
      [
        { id: 1, writer: { id: 7, name: 'first', age: 30 } },
        { id: 2, writer: { id: 7, name: 'second' } },
      ],
      [],
      store,
      at(200),
    );
    expect(cell(out, 'MrgWriter', '7')).toStrictEqual({ id: 7, name: 'second', bio: 'kept', age: 30 });
    const stories = denormalize([Story] as const, out.result, out.entities)!;
    expect(stories.map((s) => s.writer.name)).toEqual(['second', 'second']);
  });
});

describe('tombstones', () => {
  const deleteArticle = new schema.Invalidate(Article);

  function tombstoned(): ReturnType<typeof normalize> {
    const store = normalize(Article, { id: 5, title: 'alive', views: 3 }, [], {}, at(100));
    return normalize(deleteArticle, '5', [], store, at(300));
  }

  it('a deletion writes a tombstone (null) with the deleting request meta', () => {
    const out = tombstoned();
    expect(cell(out, 'MrgArticle', '5')).toBeNull();
    expect(metaOf(out, 'MrgArticle', '5')).toStrictEqual(at(300));
    expect(denormalize(Article, '5', out.entities)).toBeUndefined();
  });

  it('a write whose request started before the tombstone is ignored', () => {
    const store = tombstoned();
    const out = normalize(Article, { id: 5, title: 'stale', views: 4 }, [], store, at(200, 400));
    expect(cell(out, 'MrgArticle', '5')).toBeNull();
    expect(metaOf(out, 'MrgArticle', '5')).toStrictEqual(at(300));
    expect(denormalize(Article, '5', out.entities)).toBeUndefined();
  });

  it('a later-started write replaces the tombstone outright', () => {
    const store = tombstoned();
    const out = normalize(Article, { id: 5, title: 'reborn' }, [], store, at(400));
    expect(cell(out, 'MrgArticle', '5')).toStrictEqual({ id: 5, title: 'reborn' });
    expect(metaOf(out, 'MrgArticle', '5')).toStrictEqual(at(400));
    expect(denormalize(Article, '5', out.entities)?.title).toBe('reborn');
  });

  it('a write started at the same time as the tombstone is not "before" it and replaces it', () => {
    const store = tombstoned();
    const out = normalize(Article, { id: 5, title: 'same time' }, [], store, at(300, 350));
    expect(cell(out, 'MrgArticle', '5')).toStrictEqual({ id: 5, title: 'same time' });
    expect(metaOf(out, 'MrgArticle', '5')).toStrictEqual(at(300, 350));
  });

  it('replacing a tombstone does not merge (merge, mergeWithStore and shouldUpdate are not consulted)', () => {
    const calls: string[] = [];
    class Watched extends Article {
      static override key = 'MrgWatched';
      static override merge(a: any, b: any) {
        calls.push('merge');
        return { ...a, ...b };
      }
      static override shouldUpdate() {
        calls.push('shouldUpdate');
        return false;
      }
      static override mergeWithStore(em: EntityMeta, im: EntityMeta, e: any, i: any) {
        calls.push('mergeWithStore');
        return super.mergeWithStore(em, im, e, i);
      }
    }
    const store: Partial<NormalizedTables> = { entities: { MrgWatched: { '5': null } }, entitiesMeta: { MrgWatched: { '5': at(300) } } };
    const out = normalize(Watched, { id: 5, title: 'new' }, [], store, at(400));
    expect(cell(out, 'MrgWatched', '5')).toStrictEqual({ id: 5, title: 'new' });
    expect(calls).toEqual([]);
  });

  it('a tombstone written by process() returning undefined follows the same rules', () => {
    class SoftDeleted extends Article {
      static override key = 'MrgSoftDeleted';
      static override process(input: any) {
        return input.deleted ? undefined : { ...input };
      }
    }
    const store = normalize(SoftDeleted, { id: 1, deleted: true }, [], {}, at(300));
    expect(cell(store, 'MrgSoftDeleted', '1')).toBeNull();
    const stale = normalize(SoftDeleted, { id: 1, title: 'stale' }, [], store, at(250));
    expect(cell(stale, 'MrgSoftDeleted', '1')).toBeNull();
    const fresh = normalize(SoftDeleted, { id: 1, title: 'fresh' }, [], stale, at(350));
    expect(cell(fresh, 'MrgSoftDeleted', '1')).toStrictEqual({ id: 1, title: 'fresh' });
  });

  it('a nested reference to a tombstoned entity reads as undefined while the tombstone holds', () => {
    const store = normalize(Story, { id: 1, writer: { id: 7, name: 'ann' } }, [], {}, at(100));
    const deleted = normalize(new schema.Invalidate(Writer), { id: 7 }, [], store, at(300));
    const stale = normalize(Story, { id: 2, writer: { id: 7, name: 'stale' } }, [], deleted, at(200));
    expect(cell(stale, 'MrgWriter', '7')).toBeNull();
    expect(cell(stale, 'MrgStory', '2')).toStrictEqual({ id: 2, writer: '7' });
    const story = denormalize(Story, '2', stale.entities);
    expect(story).toBeInstanceOf(Story);
    expect(story?.writer).toBeUndefined();
  });
});
