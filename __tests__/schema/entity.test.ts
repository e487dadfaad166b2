import { Entity, MemoCache, NormalizeError, denormalize, normalize, schema } from 'rtk-rest';
import type { EntityMeta } from 'rtk-rest';
import { thrown, expectJSONRoundTrip, objectPrototypeSnapshot } from '../support/json';

// Entity, process/validate, reading.

const META: EntityMeta = { fetchedAt: 100, date: 100, expiresAt: 1e15 };

class User extends Entity {
  id = 0;
  username = '';
  createdAt = new Date(0);
  pk() {
    return `${this.id}`;
  }
  static override key = 'EntUser';
  static override indexes = ['username'];
  static override schema = { createdAt: (iso: string) => new Date(iso) };
}

class Post extends Entity {
  id = 0;
  title = '';
  author = User.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'EntPost';
  static override schema = { author: User };
}

class Tag extends Entity {
  name = '';
  pk() {
    return this.name;
  }
  static override key = 'EntTag';
}

/**
 * Strict structural comparison that is safe for hostile keys (Jest's toStrictEqual compares
 * `a.constructor`, which is data here): same prototypes, same own keys (symbols included), equal
 * values. Returns the first difference, or undefined.
 */
describe('entity types', () => {
  it('instance fields declare the fields and their defaults', () => {
    const user = User.fromJS();
    expect(user).toBeInstanceOf(User);
    expect(user).toBeInstanceOf(Entity);
    expect(user.id).toBe(0);
    expect(user.username).toBe('');
    expect(user.createdAt).toBeInstanceOf(Date);
    expect(user.createdAt.getTime()).toBe(0);
    expect(Object.keys(user)).toEqual(['id', 'username', 'createdAt']);
  });

  it('a subclass of an entity inherits its fields and pk()', () => {
    class Admin extends User {
      role = 'admin';
      static override key = 'EntAdmin';
    }
    const out = normalize(Admin, { id: 3, role: 'root' }, [], {}, META);
    expect(out.result).toBe('3');
    expect(out.entities['EntAdmin']).toEqual({ '3': { id: 3, role: 'root' } });
    const admin = denormalize(Admin, '3', out.entities);
    expect(admin).toBeInstanceOf(Admin);
    expect(admin).toBeInstanceOf(User);
    expect(admin?.username).toBe('');
    expect(admin?.role).toBe('root');
  });
});

describe('fromJS', () => {
  it('User.fromJS({ id: 1, extra: true }) keeps unknown fields and the defaults of absent ones', () => {
    const user = User.fromJS({ id: 1, extra: true });
    expect(user).toBeInstanceOf(User);
    expect(user).toEqual({ id: 1, username: '', createdAt: new Date(0), extra: true });
    expect(Object.keys(user)).toEqual(['id', 'username', 'createdAt', 'extra']);
  });

  it('only own enumerable properties of props are assigned', () => {
    const props = Object.create({ inherited: 'no' }) as Record<string, unknown>;
    props['id'] = 2;
    Object.defineProperty(props, 'hidden', { value: 'no', enumerable: false });
    const user = User.fromJS(props) as User & Record<string, unknown>;
    expect(user.id).toBe(2);
    expect(Object.prototype.hasOwnProperty.call(user, 'inherited')).toBe(false);
    expect(user['inherited']).toBeUndefined();
    expect(user['hidden']).toBeUndefined();
  });

  it('fromJS does not modify props', () => {
    const props = { id: 4, username: 'ann' };
    const user = User.fromJS(props);
    expect(props).toStrictEqual({ id: 4, username: 'ann' });
    expect(user).not.toBe(props);
  });
});

describe('pk', () => {
  it('pk() runs with this bound to the processed plain object, not an instance', () => {
    const seen: unknown[] = [];
    class Slugged extends Entity {
      title = '';
      pk() {
        seen.push(this);
        return (this as unknown as { slug?: string }).slug;
      }
      static override key = 'EntSlugged';
      static override process(input: any) {
        return { ...input, slug: String(input.title).toLowerCase() };
      }
    }
    const out = normalize(Slugged, { title: 'Hello' }, [], {}, META);
    expect(out.result).toBe('hello');
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toBeInstanceOf(Slugged);
    expect(Object.getPrototypeOf(seen[0])).toBe(Object.prototype);
    expect(seen[0]).toEqual({ title: 'Hello', slug: 'hello' });
  });

  it('static pk(value) runs pk() on a plain value and returns a string', () => {
    expect(Post.pk({ id: 5 })).toBe('5');
    expect(Tag.pk({ name: 'ts' })).toBe('ts');
  });

  it('the pk goes through String()', () => {
    class NumericPk extends Entity {
      id = 0;
      pk() {
        return this.id;
      }
      static override key = 'EntNumericPk';
    }
    const out = normalize([NumericPk], [{ id: 5 }, { id: 0 }], [], {}, META);
    expect(out.result).toEqual(['5', '0']);
    expect(Object.keys(out.entities['EntNumericPk']!)).toEqual(['0', '5']);
    expect(NumericPk.pk({ id: 7 })).toBe('7');
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ["''", ''],
    ["'undefined'", 'undefined'],
    ['NaN', NaN],
  ])('a pk() returning %s means "no pk"', (_label, value) => {
    class Flexible extends Entity {
      pk() {
        return (this as unknown as { k: string | number | null | undefined }).k;
      }
      static override key = 'EntFlexible';
    }
    expect(Flexible.pk({ k: value })).toBeUndefined();
    const error = thrown(() => normalize(Flexible, { k: value, other: 1 }, [], {}, META));
    expect(error).toBeInstanceOf(NormalizeError);
    expect((error as NormalizeError).problem).toContain('missing primary key');
    expect((error as NormalizeError).problem).toContain('EntFlexible');
  });

  it('a template pk of a missing field ("undefined") means "no pk"', () => {
    expect(Post.pk({ title: 'x' })).toBeUndefined();
    expect(() => normalize(Post, { title: 'x' }, [], {}, META)).toThrow('missing primary key');
  });

  it('composite keys are allowed', () => {
    class Repo extends Entity {
      owner = '';
      repo = '';
      pk() {
        return `${this.owner}/${this.repo}`;
      }
      static override key = 'EntRepo';
    }
    const out = normalize(Repo, { owner: 'ann', repo: 'x', stars: 3 }, [], {}, META);
    expect(out.result).toBe('ann/x');
    expect(out.entities['EntRepo']).toEqual({ 'ann/x': { owner: 'ann', repo: 'x', stars: 3 } });
    expect(denormalize(Repo, 'ann/x', out.entities)).toEqual({ owner: 'ann', repo: 'x', stars: 3 });
  });

  it('pk(parent, key, args) receives the parent, the field name and the normalize args', () => {
    const calls: { parent: unknown; key: unknown; args: unknown }[] = [];
    class Comment extends Entity {
      id = 0;
      pk(parent?: any, key?: string, args?: readonly any[]) {
        calls.push({ parent, key, args });
        return `${this.id}`;
      }
      static override key = 'EntComment';
    }
    class Thread extends Entity {
      id = 0;
      pk() {
        return `${this.id}`;
      }
      static override key = 'EntThread';
      static override schema = { comments: [Comment] };
    }
    normalize(Thread, { id: 1, comments: [{ id: 10 }] }, [{ page: 2 }], {}, META);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.key).toBe('comments');
    expect(calls[0]!.args).toEqual([{ page: 2 }]);
    expect((calls[0]!.parent as { id: number }).id).toBe(1);
  });

  it('an Entity subclass chain that never defines pk() throws on first use', () => {
    abstract class NoPk extends Entity {
      id = 0;
      static override key = 'NoPk';
    }
    abstract class NoPkChild extends NoPk {
      static override key = 'NoPkChild';
    }
    const error = thrown(() => normalize(NoPk, { id: 1 }, [], {}, META));
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('NoPk must define pk()');
    expect(() => NoPkChild.fromJS()).toThrow(/^NoPkChild must define pk\(\)$/);
    expect(() => NoPkChild.pk({ id: 1 })).toThrow('NoPkChild must define pk()');
  });
});

describe('static key', () => {
  it('the key defaults to the class name', () => {
    class Gadget extends Entity {
      id = 0;
      pk() {
        return `${this.id}`;
      }
    }
    expect(Gadget.key).toBe('Gadget');
    const out = normalize(Gadget, { id: 1 }, [], {}, META);
    expect(out.entities).toEqual({ Gadget: { '1': { id: 1 } } });
  });

  it('a class without a name and without static key throws, on .key too', () => {
    const Anonymous = [
      class extends Entity {
        pk() {
          return '1';
        }
      },
    ][0]!;
    expect(Anonymous.name).toBe('');
    expect(() => Anonymous.key).toThrow('Entity classes without a name must define static key');
    expect(() => normalize(Anonymous, { id: 1 }, [], {}, META)).toThrow('Entity classes without a name must define static key');
  });

  it('an empty static key throws', () => {
    class Blank extends Entity {
      pk() {
        return '1';
      }
      static override key = '';
    }
    expect(() => Blank.fromJS()).toThrow('Entity classes without a name must define static key');
  });

  it('classes with the same key share one table', () => {
    class PostSummary extends Entity {
      id = 0;
      title = '';
      pk() {
        return `${this.id}`;
      }
      static override key = 'EntPost';
    }
    const first = normalize(Post, { id: 1, title: 'full', body: 'long' }, [], {}, META);
    const second = normalize(PostSummary, { id: 2, title: 'short' }, [], first, { ...META, fetchedAt: 101 });
    expect(Object.keys(second.entities['EntPost']!).sort()).toEqual(['1', '2']);
    const summary = denormalize(PostSummary, '1', second.entities);
    expect(summary).toBeInstanceOf(PostSummary);
    expect(summary).toEqual({ id: 1, title: 'full', body: 'long' });
  });
});

describe('static schema', () => {
  class Member extends Entity {
    id = 0;
    pk() {
      return `${this.id}`;
    }
    static override key = 'EntMember';
  }
  class Board extends Entity {
    id = 0;
    owner = Member.fromJS();
    admins: Member[] = [];
    guests: Member[] = [];
    extra = { lead: Member.fromJS(), note: '' };
    openedAt = new Date(0);
    pk() {
      return `${this.id}`;
    }
    static override key = 'EntBoard';
    static override schema = {
      owner: Member, // an Entity class
      admins: new schema.Array(Member), // a schema instance
      guests: [Member], // array shorthand
      extra: { lead: Member }, // plain-object shorthand
      openedAt: (iso: string) => new Date(iso), // a deserializer
    };
  }

  it('each kind of member (Entity, schema instance, [X], {…}, deserializer) is normalized and read', () => {
    const input = {
      id: 1,
      owner: { id: 10 },
      admins: [{ id: 11 }],
      guests: [{ id: 12 }, { id: 13 }],
      extra: { lead: { id: 14 }, note: 'n' },
      openedAt: '2024-01-01T00:00:00.000Z',
    };
    const out = normalize(Board, input, [], {}, META);
    expect(out.entities['EntBoard']!['1']).toStrictEqual({
      id: 1,
      owner: '10',
      admins: ['11'],
      guests: ['12', '13'],
      extra: { lead: '14', note: 'n' },
      openedAt: '2024-01-01T00:00:00.000Z',
    });
    expect(Object.keys(out.entities['EntMember']!).sort()).toEqual(['10', '11', '12', '13', '14']);
    const board = denormalize(Board, '1', out.entities)!;
    expect(board.owner).toBeInstanceOf(Member);
    expect(board.owner.id).toBe(10);
    expect(board.admins.map((m) => m.id)).toEqual([11]);
    expect(board.admins[0]).toBeInstanceOf(Member);
    expect(board.guests.map((m) => m.id)).toEqual([12, 13]);
    expect(board.extra.lead).toBeInstanceOf(Member);
    expect(board.extra.lead.id).toBe(14);
    expect(board.extra.note).toBe('n');
    expect(board.openedAt).toBeInstanceOf(Date);
    expect(board.openedAt.toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });

  it('members are visited only when present as own properties', () => {
    const input = Object.create({ owner: { id: 99 } }) as Record<string, unknown>;
    input['id'] = 2;
    const out = normalize(Board, input, [], {}, META);
    expect(out.entities['EntBoard']!['2']).toStrictEqual({ id: 2 });
    expect(out.entities['EntMember']).toBeUndefined();
    const board = denormalize(Board, '2', out.entities)!;
    expect(board.owner).toBeInstanceOf(Member);
    expect(board.owner.id).toBe(0);
    expect(board.admins).toEqual([]);
  });
});

describe('process', () => {
  it('process runs first: it may rename, add and remove fields, and pk() sees its output', () => {
    const order: string[] = [];
    class Renamed extends Entity {
      id = 0;
      pk() {
        order.push('pk');
        return `${this.id}`;
      }
      static override key = 'EntRenamed';
      static override process(input: any) {
        order.push('process');
        const { _id, secret: _secret, ...rest } = input;
        return { ...rest, id: _id, added: true };
      }
    }
    const input = { _id: 7, secret: 's', name: 'n' };
    const out = normalize(Renamed, input, [], {}, META);
    expect(order).toEqual(['process', 'pk']);
    expect(out.result).toBe('7');
    expect(out.entities['EntRenamed']!['7']).toStrictEqual({ name: 'n', id: 7, added: true });
    expect(input).toStrictEqual({ _id: 7, secret: 's', name: 'n' });
  });

  it('process(input, parent, key, args) receives the raw input, the parent, the field name and the args', () => {
    const calls: unknown[][] = [];
    class Person extends Entity {
      id = 0;
      pk() {
        return `${this.id}`;
      }
      static override key = 'EntProcPerson';
      static override process(input: any, parent: unknown, key: string | undefined, args: readonly unknown[]) {
        calls.push([input, parent, key, args]);
        return { ...input };
      }
    }
    class Car extends Entity {
      id = 0;
      pk() {
        return `${this.id}`;
      }
      static override key = 'EntProcCar';
      static override schema = { driver: Person };
    }
    const driver = { id: 2 };
    normalize(Car, { id: 1, driver }, ['a', { b: 1 }], {}, META);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe(driver);
    expect((calls[0]![1] as { id: number }).id).toBe(1);
    expect(calls[0]![2]).toBe('driver');
    expect(calls[0]![3]).toEqual(['a', { b: 1 }]);
  });

  it('the default process returns a shallow copy (the input is not stored itself)', () => {
    const input = { id: 3, title: 't' };
    const out = normalize(Post, input, [], {}, META);
    const stored = out.entities['EntPost']!['3'];
    expect(stored).toStrictEqual({ id: 3, title: 't' });
    expect(stored).not.toBe(input);
    expect(Entity.process(input, undefined, undefined, [])).toStrictEqual(input);
    expect(Entity.process(input, undefined, undefined, [])).not.toBe(input);
  });

  it('process returning undefined tombstones the entity, with the pk computed from the raw input', () => {
    class Deletable extends Entity {
      id = 0;
      pk() {
        return `${this.id}`;
      }
      static override key = 'EntDeletable';
      static override process(input: any) {
        return input.deleted ? undefined : { ...input };
      }
    }
    const store = normalize(Deletable, { id: 5, title: 'live' }, [], {}, META);
    expect(store.entities['EntDeletable']!['5']).toEqual({ id: 5, title: 'live' });
    const out = normalize(Deletable, { id: 5, deleted: true }, [], store, { ...META, fetchedAt: 200, date: 200 });
    expect(out.result).toBe('5');
    expect(out.entities['EntDeletable']!['5']).toBeNull();
    expect(denormalize(Deletable, '5', out.entities)).toBeUndefined();
    const fresh = normalize(Deletable, { id: 6, deleted: true }, [], {}, META);
    expect(fresh.entities['EntDeletable']).toEqual({ '6': null });
  });

  it('process returning undefined for a nested entity without a pk leaves it out (field, list item, value) instead of failing the answer', () => {
    class Badge extends Entity {
      id = 0;
      label = '';
      pk() {
        return `${this.id}`;
      }
      static override key = 'EntBadge';
      // A badge the API sends as a placeholder `{ hidden: true }` (no id) is dropped.
      static override process(input: any) {
        return input.hidden ? undefined : { ...input };
      }
    }
    class Member extends Entity {
      id = 0;
      badge: Badge | undefined = undefined;
      badges: Badge[] = [];
      byKind: Record<string, Badge> = {};
      pk() {
        return `${this.id}`;
      }
      static override key = 'EntMember';
      static override schema = { badge: Badge, badges: [Badge], byKind: new schema.Values(Badge) };
    }
    const out = normalize(
      Member,
      { id: 1, badge: { hidden: true }, badges: [{ id: 2, label: 'gold' }, { hidden: true }], byKind: { a: { hidden: true }, b: { id: 2, label: 'gold' } } },
      [],
      {},
      META,
    );
    expect(out.entities['EntMember']!['1']).toEqual({ id: 1, badges: ['2'], byKind: { b: '2' } });
    expect(out.entities['EntBadge']).toEqual({ '2': { id: 2, label: 'gold' } });
    expectJSONRoundTrip(out.entities);
    const member = denormalize(Member, '1', out.entities)!;
    expect(member.badge).toBeUndefined();
    expect(member.badges.map((badge) => badge.label)).toEqual(['gold']);
    expect(Object.keys(member.byKind)).toEqual(['b']);
    // At the top of an answer there is nothing to leave it out of: the missing pk is an error.
    expect(() => normalize(Badge, { hidden: true }, [], {}, META)).toThrow(/missing primary key/);
  });

  it('pk(parent, key, args) receives the parent entity, the field name and the args, for a field, list items and values', () => {
    const calls: { parentId: unknown; key: unknown; args: unknown }[] = [];
    class Label extends Entity {
      name = '';
      pk(parent?: { id?: number }, key?: string, args?: readonly unknown[]) {
        calls.push({ parentId: parent?.id, key, args });
        return `${parent?.id ?? key}/${this.name}`;
      }
      static override key = 'EntScopedLabel';
    }
    class Repo extends Entity {
      id = 0;
      pk() {
        return `${this.id}`;
      }
      static override key = 'EntScopedRepo';
      static override schema = { main: Label, labels: [Label], byColor: new schema.Values(Label) };
    }
    const out = normalize(Repo, { id: 7, main: { name: 'bug' }, labels: [{ name: 'docs' }], byColor: { red: { name: 'hot' } } }, [{ owner: 'ann' }], {}, META);
    expect(out.entities['EntScopedRepo']!['7']).toEqual({ id: 7, main: '7/bug', labels: ['7/docs'], byColor: { red: 'red/hot' } });
    expect(calls).toEqual([
      { parentId: 7, key: 'main', args: [{ owner: 'ann' }] },
      { parentId: 7, key: 'labels', args: [{ owner: 'ann' }] },
      // A Values member's items are keyed inside the object that holds them.
      { parentId: undefined, key: 'red', args: [{ owner: 'ann' }] },
    ]);
    expect(Label.pk({ name: 'bug' }, { id: 7 }, 'main')).toBe('7/bug');
  });
});

describe('validate', () => {
  const order: string[] = [];
  const validated: unknown[] = [];
  class Strict extends Entity {
    id = 0;
    title = '';
    pk() {
      order.push('pk');
      return `${this.id}`;
    }
    static override key = 'EntStrict';
    static override process(input: any) {
      order.push('process');
      return { ...input, processed: true };
    }
    static override validate(processed: any) {
      order.push('validate');
      validated.push(processed);
      return typeof processed.title === 'string' && processed.title !== '' ? undefined : 'title is required';
    }
  }
  class Holder extends Entity {
    id = 0;
    item = Strict.fromJS();
    pk() {
      return `${this.id}`;
    }
    static override key = 'EntHolder';
    static override schema = { item: Strict };
  }

  beforeEach(() => {
    order.length = 0;
    validated.length = 0;
  });

  it('validate runs after process and pk, with the processed object', () => {
    normalize(Strict, { id: 1, title: 'ok' }, [], {}, META);
    expect(order).toEqual(['process', 'pk', 'validate']);
    expect(validated).toEqual([{ id: 1, title: 'ok', processed: true }]);
  });

  it('the default validate returns undefined', () => {
    expect(Entity.validate({})).toBeUndefined();
    expect(Post.validate({ anything: 1 })).toBeUndefined();
  });

  it('a returned string fails normalization with that string as the problem', () => {
    const error = thrown(() => normalize(Strict, { id: 1, title: '' }, [], {}, META));
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(NormalizeError);
    expect((error as NormalizeError).problem).toBe('title is required');
    expect((error as NormalizeError).status).toBe(400);
    expect((error as Error).message).toContain('title is required');
  });

  it('a stored entity for which validate returns a string reads as missing', () => {
    const entities = { EntStrict: { '1': { id: 1, title: '' }, '2': { id: 2, title: 'ok' } }, EntHolder: { '9': { id: 9, item: '1' } } };
    expect(denormalize(Strict, '1', entities)).toBeUndefined();
    expect(denormalize(Strict, '2', entities)).toBeInstanceOf(Strict);
    const holder = denormalize(Holder, '9', entities);
    expect(holder).toBeInstanceOf(Holder);
    expect(holder?.id).toBe(9);
    expect(holder?.item).toBeUndefined();
    expect(new MemoCache().denormalize(Strict, '1', entities).data).toBeUndefined();
  });
});

describe('detailFields: summaries are stored and read as any entity', () => {
  class Article extends Entity {
    slug = '';
    title = '';
    body = '';
    pk() {
      return this.slug;
    }
    static override key = 'EntArticle';
    static override detailFields = ['body'];
  }

  it('a list of summaries normalizes without error, and reads (and queries) with the absent field at its default', () => {
    const { result, entities } = normalize([Article], [{ slug: 'a', title: 'A' }], [], {}, META);
    expect(entities['EntArticle']).toEqual({ a: { slug: 'a', title: 'A' } });
    expect(denormalize([Article], result, entities)).toEqual([Article.fromJS({ slug: 'a', title: 'A' })]);
    expect(new MemoCache().query(Article, ['a'], { entities }).data).toMatchObject({ slug: 'a', body: '' });
  });

  it('a detailFields that is not an array of field names fails on first use, naming the class and the fix', () => {
    class Wrong extends Entity {
      id = 0;
      pk() {
        return `${this.id}`;
      }
      static override key = 'EntWrong';
      static override detailFields = 'body' as unknown as string[];
    }
    expect(() => normalize(Wrong, { id: 1 })).toThrow("[rtk-rest] EntWrong.detailFields must be an array of field names, got \"body\". Write static detailFields = ['body'].");
  });
});

describe('reading entities', () => {
  const entities = {
    EntUser: { '1': { id: 1, username: 'ann', createdAt: '2024-01-01T00:00:00.000Z' }, '2': null },
    EntPost: {
      '10': { id: 10, title: 'linked', author: '1', extra: 'kept' },
      '11': { id: 11, title: 'missing author', author: '404' },
      '12': { id: 12, title: 'deleted author', author: '2' },
      '13': { id: 13, title: 'null author', author: null },
      '14': { id: 14 },
      '15': null,
    },
  };

  it('an entity reads as fromJS(stored), unknown stored fields kept', () => {
    const post = denormalize(Post, '10', entities) as Post & { extra?: string };
    expect(post).toBeInstanceOf(Post);
    expect(post.id).toBe(10);
    expect(post.title).toBe('linked');
    expect(post.extra).toBe('kept');
  });

  it('a reference to a stored entity reads as its instance, with deserializers applied', () => {
    const post = denormalize(Post, '10', entities)!;
    expect(post.author).toBeInstanceOf(User);
    expect(post.author.username).toBe('ann');
    expect(post.author.createdAt).toBeInstanceOf(Date);
    expect(post.author.createdAt.toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });

  it('a reference to a missing entity reads as undefined; the parent stays readable', () => {
    const post = denormalize(Post, '11', entities);
    expect(post).toBeInstanceOf(Post);
    expect(post?.title).toBe('missing author');
    expect(post?.author).toBeUndefined();
  });

  it('a reference to a tombstoned entity reads as undefined; the parent stays readable', () => {
    const post = denormalize(Post, '12', entities);
    expect(post).toBeInstanceOf(Post);
    expect(post?.author).toBeUndefined();
  });

  it('null reads as null', () => {
    const post = denormalize(Post, '13', entities);
    expect(post).toBeInstanceOf(Post);
    expect(post?.author).toBeNull();
  });

  it('an absent member reads as the field default', () => {
    const post = denormalize(Post, '14', entities)!;
    expect(post).toBeInstanceOf(Post);
    expect(post.title).toBe('');
    expect(post.author).toBeInstanceOf(User);
    expect(post.author).toEqual({ id: 0, username: '', createdAt: new Date(0) });
  });

  it('a missing or tombstoned top-level entity reads as undefined', () => {
    expect(denormalize(Post, '15', entities)).toBeUndefined();
    expect(denormalize(Post, '999', entities)).toBeUndefined();
    expect(denormalize(Post, '1', {})).toBeUndefined();
  });
});

describe('immutability', () => {
  const store = normalize(Post, { id: 1, title: 't', author: { id: 2, username: 'bo' } }, [], {}, META);

  it('instances read in development are frozen', () => {
    const post = denormalize(Post, '1', store.entities)!;
    expect(Object.isFrozen(post)).toBe(true);
    expect(Object.isFrozen(post.author)).toBe(true);
    expect(() => {
      (post as { title: string }).title = 'changed';
    }).toThrow(TypeError);
    expect(post.title).toBe('t');
  });

  it('instances read through MemoCache are frozen', () => {
    const post = new MemoCache().denormalize(Post, '1', store.entities).data!;
    expect(Object.isFrozen(post)).toBe(true);
    expect(Object.isFrozen(post.author)).toBe(true);
  });
});

describe('hostile names', () => {
  const HOSTILE = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

  class Thing extends Entity {
    id = '';
    pk() {
      return this.id;
    }
    static override key = 'EntThing';
    static override indexes = ['label'];
  }

  let before: ReturnType<typeof objectPrototypeSnapshot>;
  beforeEach(() => {
    before = objectPrototypeSnapshot();
  });
  afterEach(() => {
    expect(objectPrototypeSnapshot()).toEqual(before);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('hostile pks are stored and read as own properties', () => {
    const out = normalize([Thing], HOSTILE.map((id) => ({ id, label: `l-${id}` })), [], {}, META);
    expect(out.result).toEqual(HOSTILE);
    const table = out.entities['EntThing']!;
    expect(Object.getPrototypeOf(table)).toBe(Object.prototype);
    expect(Object.keys(table).sort()).toEqual([...HOSTILE].sort());
    for (const pk of HOSTILE) {
      expect(Object.prototype.hasOwnProperty.call(table, pk)).toBe(true);
      expect(table[pk]).toStrictEqual({ id: pk, label: `l-${pk}` });
      expect(Object.prototype.hasOwnProperty.call(out.entitiesMeta['EntThing']!, pk)).toBe(true);
      const thing = denormalize(Thing, pk, out.entities);
      expect(thing).toBeInstanceOf(Thing);
      expect(thing?.id).toBe(pk);
    }
    expectJSONRoundTrip(out);
  });

  it('a hostile pk that is not stored reads as missing, not as an inherited member', () => {
    const out = normalize(Thing, { id: 'other' }, [], {}, META);
    for (const pk of HOSTILE) expect(denormalize(Thing, pk, out.entities)).toBeUndefined();
  });

  it('hostile field names (string values) are stored and read as own properties', () => {
    const input = JSON.parse('{"id":"a","__proto__":"p","constructor":"c","prototype":"q"}');
    const out = normalize(Thing, input, [], {}, META);
    const stored = out.entities['EntThing']!['a'] as Record<string, unknown>;
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(Object.keys(stored)).toEqual(['id', '__proto__', 'constructor', 'prototype']);
    expect(stored['__proto__']).toBe('p');
    expectJSONRoundTrip(out);
    const thing = denormalize(Thing, 'a', out.entities) as unknown as Record<string, unknown>;
    expect(thing).toBeInstanceOf(Thing);
    expect(Object.getPrototypeOf(thing)).toBe(Thing.prototype);
    expect(Object.getOwnPropertyDescriptor(thing, '__proto__')?.value).toBe('p');
    expect(Object.getOwnPropertyDescriptor(thing, 'constructor')?.value).toBe('c');
    expect(thing['prototype']).toBe('q');
  });

  it('a __proto__ field holding an object is stored and read as an own property; the instance prototype is untouched', () => {
    const input = JSON.parse('{"id":"b","__proto__":{"polluted":true},"constructor":{"x":1}}');
    const out = normalize(Thing, input, [], {}, META);
    const stored = out.entities['EntThing']!['b'] as Record<string, unknown>;
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(stored, '__proto__')?.value).toEqual({ polluted: true });
    expect(stored['polluted']).toBeUndefined();
    expectJSONRoundTrip(out);
    const thing = denormalize(Thing, 'b', out.entities) as unknown as Record<string, unknown>;
    expect(thing).toBeInstanceOf(Thing);
    expect(Object.getPrototypeOf(thing)).toBe(Thing.prototype);
    expect(thing['polluted']).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(thing, '__proto__')?.value).toEqual({ polluted: true });
    expect(Object.getOwnPropertyDescriptor(thing, 'constructor')?.value).toEqual({ x: 1 });
  });

  it('fromJS with an own __proto__ property keeps the class prototype', () => {
    const props = JSON.parse('{"id":"c","__proto__":{"polluted":true}}');
    const thing = Thing.fromJS(props) as unknown as Record<string, unknown>;
    expect(thing).toBeInstanceOf(Thing);
    expect(Object.getPrototypeOf(thing)).toBe(Thing.prototype);
    expect(thing['polluted']).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(thing, '__proto__')?.value).toEqual({ polluted: true });
  });

  it('hostile names as schema members hold nested entities as own properties', () => {
    class Box extends Entity {
      id = '';
      pk() {
        return this.id;
      }
      static override key = 'EntBox';
      static override schema = { ['__proto__']: Thing, constructor: Thing, prototype: [Thing] };
    }
    expect(Object.keys(Box.schema)).toEqual(['__proto__', 'constructor', 'prototype']);
    const input = JSON.parse(
      '{"id":"box","__proto__":{"id":"t1"},"constructor":{"id":"t2"},"prototype":[{"id":"t3"},{"id":"__proto__"}]}',
    );
    const out = normalize(Box, input, [], {}, META);
    const stored = out.entities['EntBox']!['box'] as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(stored, '__proto__')?.value).toBe('t1');
    expect(stored['constructor']).toBe('t2');
    expect(stored['prototype']).toEqual(['t3', '__proto__']);
    expect(Object.keys(out.entities['EntThing']!).sort()).toEqual(['__proto__', 't1', 't2', 't3']);
    expectJSONRoundTrip(out);
    const box = denormalize(Box, 'box', out.entities) as unknown as Record<string, unknown>;
    expect(Object.getPrototypeOf(box)).toBe(Box.prototype);
    const first = Object.getOwnPropertyDescriptor(box, '__proto__')?.value as Thing;
    expect(first).toBeInstanceOf(Thing);
    expect(first.id).toBe('t1');
    expect(box['constructor']).toBeInstanceOf(Thing);
    expect((box['prototype'] as Thing[]).map((t) => t.id)).toEqual(['t3', '__proto__']);
  });

  it('fields named pk and toJSON shadow the methods on that instance only', () => {
    const out = normalize([Thing], [{ id: 'a', pk: 'shadow', toJSON: 'nope' }, { id: 'b' }], [], {}, META);
    expect(out.result).toEqual(['a', 'b']);
    expect(out.entities['EntThing']!['a']).toStrictEqual({ id: 'a', pk: 'shadow', toJSON: 'nope' });
    expect(Thing.pk({ id: 'a', pk: 'shadow' })).toBe('a');
    expectJSONRoundTrip(out);
    const cache = new MemoCache();
    const [a, b] = cache.denormalize([Thing], ['a', 'b'], out.entities).data as unknown as Record<string, unknown>[];
    expect(a).toBeInstanceOf(Thing);
    expect(a!['pk']).toBe('shadow');
    expect(a!['toJSON']).toBe('nope');
    expect(typeof b!['pk']).toBe('function');
    expect(typeof Thing.prototype.pk).toBe('function');
    // A second write over the shadowed entity still computes its pk with the class method.
    const again = normalize(Thing, { id: 'a', pk: 'other', label: 'x' }, [], out, { ...META, fetchedAt: 101 });
    expect(again.result).toBe('a');
    expect(again.entities['EntThing']!['a']).toStrictEqual({ id: 'a', pk: 'other', toJSON: 'nope', label: 'x' });
  });
});

describe('self-referencing data', () => {
  class Person extends Entity {
    id = 0;
    name = '';
    friend: Person | undefined = undefined;
    friends: Person[] = [];
    pk() {
      return `${this.id}`;
    }
    static override key = 'EntPerson';
    static override schema: Record<string, unknown> = {};
  }
  Person.schema = { friend: Person, friends: [Person] };

  it('an object referencing itself normalizes without looping', () => {
    const a: Record<string, unknown> = { id: 1, name: 'a' };
    a['friend'] = a;
    const out = normalize(Person, a, [], {}, META);
    expect(out.result).toBe('1');
    expect(out.entities['EntPerson']).toStrictEqual({ '1': { id: 1, name: 'a', friend: '1' } });
    expectJSONRoundTrip(out);
  });

  it('a cycle through two objects normalizes without looping', () => {
    const a: Record<string, unknown> = { id: 1, name: 'a' };
    const b: Record<string, unknown> = { id: 2, name: 'b', friend: a, friends: [a] };
    a['friend'] = b;
    a['friends'] = [b, a];
    const out = normalize([Person], [a, b], [], {}, META);
    expect(out.result).toEqual(['1', '2']);
    expect(out.entities['EntPerson']).toStrictEqual({
      '1': { id: 1, name: 'a', friend: '2', friends: ['2', '1'] },
      '2': { id: 2, name: 'b', friend: '1', friends: ['1'] },
    });
  });

  it('a self reference reads back as a cyclic graph with shared identity', () => {
    const entities = { EntPerson: { '1': { id: 1, name: 'a', friend: '1' } } };
    const a = denormalize(Person, '1', entities)!;
    expect(a).toBeInstanceOf(Person);
    expect(a.friend).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
  });

  it('a two-entity cycle reads back with a.friend.friend === a (denormalize and MemoCache)', () => {
    const entities = {
      EntPerson: {
        '1': { id: 1, name: 'a', friend: '2', friends: ['2', '1'] },
        '2': { id: 2, name: 'b', friend: '1', friends: ['1'] },
      },
    };
    const a = denormalize(Person, '1', entities)!;
    expect(a.friend).toBeInstanceOf(Person);
    expect(a.friend!.name).toBe('b');
    expect(a.friend!.friend).toBe(a);
    expect(a.friends[0]).toBe(a.friend);
    expect(a.friends[1]).toBe(a);
    expect(a.friend!.friends[0]).toBe(a);

    const cache = new MemoCache();
    const m = cache.denormalize(Person, '1', entities).data!;
    expect(m.friend!.friend).toBe(m);
    expect(m.friends[1]).toBe(m);
    expect(cache.denormalize(Person, '1', entities).data).toBe(m);
    const fromB = cache.denormalize(Person, '2', entities).data!;
    expect(fromB.friend!.friend).toBe(fromB);
  });
});
