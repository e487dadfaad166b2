import { Entity, MemoCache, normalize, schema } from 'rtk-rest';
import type { EntityMeta } from 'rtk-rest';

class TbUser extends Entity {
  id = 0;
  username = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'TbUser';
  static override indexes = ['username'];
}
class TbPost extends Entity {
  id = 0;
  title = '';
  author = TbUser.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'TbPost';
  static override schema = { author: TbUser };
}
const list = new schema.Collection([TbPost]);
const meta = (fetchedAt: number): EntityMeta => ({ fetchedAt, date: fetchedAt + 40, expiresAt: fetchedAt + 60_040 });

describe('normalize() returns the logical tables', () => {
  it('entities by key and pk (collections under their table key), entitiesMeta, indexes', () => {
    const out = normalize(list, [{ id: 5, title: 'hi', author: { id: 1, username: 'ann' } }], [{ group: 'react' }], {}, meta(1000));
    expect(out.result).toBe('{"group":"react"}');
    expect(out.entities).toEqual({
      TbUser: { '1': { id: 1, username: 'ann' } },
      TbPost: { '5': { id: 5, title: 'hi', author: '1' } },
      '[TbPost]': { '{"group":"react"}': ['5'] },
    });
    expect(out.entitiesMeta).toEqual({
      TbUser: { '1': meta(1000) },
      TbPost: { '5': meta(1000) },
      '[TbPost]': { '{"group":"react"}': meta(1000) },
    });
    expect(out.indexes).toEqual({ TbUser: { username: { ann: '1' } } });
  });
});

describe('tombstones: null means deleted, an absent cell means never known', () => {
  it('a deleted entity is stored as null and reads undefined; the list omits it', () => {
    const first = normalize(list, [{ id: 5, author: 1 }, { id: 6, author: 1 }], [{}], {}, meta(1000));
    const deleted = normalize(new schema.Invalidate(TbPost), { id: 5 }, [], first, meta(2000));
    expect(deleted.entities.TbPost).toEqual({ '5': null, '6': { id: 6, author: '1' } });
    expect(Object.prototype.hasOwnProperty.call(deleted.entities.TbPost, '7')).toBe(false);
    const memo = new MemoCache();
    expect(memo.denormalize(TbPost, '5', deleted.entities).data).toBeUndefined();
    expect(memo.denormalize(list, first.result, deleted.entities).data!.map((p) => p.id)).toEqual([6]);
    // Both cells are dependencies: the tombstone and the never-known author 1.
    const paths = memo.denormalize(TbPost, '5', deleted.entities).paths;
    expect(paths).toEqual([{ key: 'TbPost', pk: '5' }]);
  });
});

describe('copy-on-write', () => {
  it('a write changes only the objects on its path; untouched tables and cells keep their references', () => {
    const first = normalize(list, [{ id: 5, title: 'a', author: { id: 1, username: 'ann' } }, { id: 6, title: 'b', author: 1 }], [{}], {}, meta(1000));
    const second = normalize(TbPost, { id: 6, title: 'b2' }, [], first, meta(2000));
    expect(second.entities).not.toBe(first.entities);
    expect(second.entities.TbPost).not.toBe(first.entities.TbPost);
    expect(second.entities.TbPost!['5']).toBe(first.entities.TbPost!['5']);
    expect(second.entities.TbUser).toBe(first.entities.TbUser);
    expect(second.entities['[TbPost]']).toBe(first.entities['[TbPost]']);
    expect(second.indexes).toBe(first.indexes);
    expect(second.entitiesMeta.TbUser).toBe(first.entitiesMeta.TbUser);
  });

  it('a write that changes nothing returns the given tables', () => {
    const first = normalize(TbPost, { id: 5, title: 'a' }, [], {}, meta(1000));
    const same = normalize(TbPost, { id: 5, title: 'a' }, [], first, meta(1000));
    expect(same.entities).toBe(first.entities);
    expect(same.entitiesMeta).toBe(first.entitiesMeta);
    expect(same.indexes).toBe(first.indexes);
  });
});

describe('entities and collections merge by request start order', () => {
  it('an older response fills missing entity fields and does not replace a newer list', () => {
    const newer = normalize(list, [{ id: 5, title: 'new' }], [{}], {}, meta(300));
    const older = normalize(list, [{ id: 5, title: 'old', extra: true }, { id: 9, title: 'x' }], [{}], newer, meta(200));
    expect(older.entities.TbPost!['5']).toEqual({ id: 5, title: 'new', extra: true });
    expect(older.entities['[TbPost]']!['{}']).toEqual(['5']);
    expect(older.entitiesMeta['[TbPost]']!['{}']).toEqual(meta(300));
  });
});
