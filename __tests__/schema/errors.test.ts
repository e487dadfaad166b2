import { Entity, MemoCache, NormalizeError, denormalize, normalize, schema } from 'rtk-rest';
import type { EntityMeta, NormalizedTables } from 'rtk-rest';
import { thrown, deepFreeze, expectJSONRoundTrip, objectPrototypeSnapshot } from '../support/json';

// Bad input, as far as the schema layer goes: missing pks, wrong shapes, bad schemas.

const META: EntityMeta = { fetchedAt: 200, date: 200, expiresAt: 1e15 };

class ErrUser extends Entity {
  id = 0;
  username = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'ErrUser';
  static override indexes = ['username'];
}

class ErrPost extends Entity {
  id = 0;
  title = '';
  author = ErrUser.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'ErrPost';
  static override schema = { author: ErrUser };
}

class ErrStrict extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'ErrStrict';
  static override validate(processed: any) {
    return processed.title ? undefined : 'ErrStrict needs a title';
  }
}

/** A frozen store with one post and its author; `check()` asserts it is unchanged. */
function guardedStore(): { store: NormalizedTables; check: () => void } {
  const out = normalize(ErrPost, { id: 1, title: 'kept', author: { id: 7, username: 'ann' } }, [], {}, { ...META, fetchedAt: 100, date: 100 });
  const store: NormalizedTables = deepFreeze({ entities: out.entities, entitiesMeta: out.entitiesMeta, indexes: out.indexes });
  const snapshot = JSON.stringify(store);
  const refsOf = () => [store.entities, store.entitiesMeta, store.indexes, store.entities['ErrPost'], store.entities['ErrUser']];
  const refs = refsOf();
  return {
    store,
    check: () => {
      expect(JSON.stringify(store)).toBe(snapshot);
      refsOf().forEach((ref, i) => expect(ref).toBe(refs[i]));
    },
  };
}

describe('a response that lacks a primary key', () => {
  it('a processing error (status 400) names the entity and quotes the value; the store is not modified', () => {
    const { store, check } = guardedStore();
    const error = thrown(() => normalize(ErrPost, { title: 'x' }, [], store, META));
    expect(error).toBeInstanceOf(NormalizeError);
    expect((error as NormalizeError).status).toBe(400);
    expect(error.message).toContain('ErrPost');
    expect(error.message).toContain('missing primary key');
    expect(error.message).toContain('{"title":"x"}');
    expect((error as NormalizeError).problem).toContain('missing primary key');
    expect((error as NormalizeError).problem).toContain('{"title":"x"}');
    check();
  });

  it('a nested entity without a pk names that entity and quotes its value', () => {
    const { store, check } = guardedStore();
    const error = thrown(() => normalize([ErrPost], [{ id: 2, title: 'ok', author: { id: 8 } }, { id: 3, author: { username: 'nobody' } }], [], store, META));
    expect((error as NormalizeError).status).toBe(400);
    expect((error as NormalizeError).problem).toContain('ErrUser');
    expect((error as NormalizeError).problem).toContain('missing primary key');
    expect((error as NormalizeError).problem).toContain('{"username":"nobody"}');
    check();
  });

  it('quoted values are JSON cut to 200 characters', () => {
    const input = { title: 'x'.repeat(500) };
    const error = thrown(() => normalize(ErrPost, input, [], {}, META));
    const json = JSON.stringify(input);
    expect(error.message).toContain(json.slice(0, 200) + '…');
    expect(error.message).not.toContain(json.slice(0, 201));
  });
});

describe('response shape mismatch', () => {
  it('an array for an Entity: "expected an object for ErrPost, got an array", quoting the input; store unchanged', () => {
    const { store, check } = guardedStore();
    const error = thrown(() => normalize(ErrPost, [{ id: 1 }], [], store, META));
    expect((error as NormalizeError).status).toBe(400);
    expect((error as NormalizeError).problem).toContain('expected an object for ErrPost, got an array');
    expect(error.message).toContain('expected an object for ErrPost, got an array');
    expect(error.message).toContain('[{"id":1}]');
    check();
  });

  it.each([
    ['null', null],
    ['a primitive', 42],
  ])('%s for an Entity fails with a processing error; store unchanged', (_label, input) => {
    const { store, check } = guardedStore();
    const error = thrown(() => normalize(ErrPost, input, [], store, META));
    expect((error as NormalizeError).status).toBe(400);
    expect((error as NormalizeError).problem).toContain('expected an object for ErrPost');
    check();
  });

  it('an object for a Collection fails with a processing error naming the schema; store unchanged', () => {
    const { store, check } = guardedStore();
    const error = thrown(() => normalize(new schema.Collection([ErrPost]), { id: 1, title: 't' }, [], store, META));
    expect((error as NormalizeError).status).toBe(400);
    expect((error as NormalizeError).problem).toContain('expected an array');
    expect(error.message).toContain('ErrPost');
    expect(error.message).toContain('{"id":1,"title":"t"}');
    check();
  });
});

describe('a value that is not a schema', () => {
  it('Entity itself: a TypeError saying to use a subclass (the advice is development-only; production says "not a schema")', () => {
    expect(() => normalize(Entity as never, { id: 1 })).toThrow(new TypeError('[rtk-rest] use a subclass of Entity as a schema, not Entity itself'));
    expect(() => denormalize(Entity as never, '1', {})).toThrow(/not Entity itself/);
  });

  it('any other value: "not a schema", quoting it, with what to use instead', () => {
    expect(() => normalize(42 as never, { id: 1 })).toThrow('[rtk-rest] not a schema: "42". Use an Entity class, a schema, [X] or { … }.');
  });
});

describe('validate() returns a message', () => {
  it('a processing error (status 400) whose problem is that message; the store is not modified', () => {
    const base = normalize(ErrStrict, { id: 1, title: 'kept' }, [], {}, META);
    const store = deepFreeze({ entities: base.entities, entitiesMeta: base.entitiesMeta, indexes: base.indexes });
    const snapshot = JSON.stringify(store);
    const error = thrown(() => normalize([ErrStrict], [{ id: 2, title: 'fine' }, { id: 1, title: '' }], [], store, { ...META, fetchedAt: 300 }));
    expect(error).toBeInstanceOf(NormalizeError);
    expect((error as NormalizeError).status).toBe(400);
    expect((error as NormalizeError).problem).toBe('ErrStrict needs a title');
    expect(error.message).toContain('ErrStrict needs a title');
    expect(JSON.stringify(store)).toBe(snapshot);
    expect(store.entities['ErrStrict']).toStrictEqual({ '1': { id: 1, title: 'kept' } });
  });
});

describe('hostile keys', () => {
  const HOSTILE = ['__proto__', 'constructor', 'prototype'];
  let before: ReturnType<typeof objectPrototypeSnapshot>;
  beforeEach(() => {
    before = objectPrototypeSnapshot();
  });
  afterEach(() => {
    expect(objectPrototypeSnapshot()).toEqual(before);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('__proto__, constructor and prototype as pks: no error, own properties, JSON round trip intact', () => {
    const input = HOSTILE.map((id) => ({ id, username: id }));
    const out = normalize([ErrUser], input, [], {}, META);
    expect(out.result).toEqual(HOSTILE);
    for (const table of [out.entities['ErrUser']!, out.entitiesMeta['ErrUser']!, out.indexes['ErrUser']!['username']!]) {
      expect(Object.getPrototypeOf(table)).toBe(Object.prototype);
      expect(Object.keys(table)).toEqual(HOSTILE);
    }
    for (const pk of HOSTILE) {
      expect(Object.getOwnPropertyDescriptor(out.entities['ErrUser']!, pk)?.value).toStrictEqual({ id: pk, username: pk });
      expect(Object.getOwnPropertyDescriptor(out.indexes['ErrUser']!['username']!, pk)?.value).toBe(pk);
      const user = denormalize(ErrUser, pk, out.entities);
      expect(user).toBeInstanceOf(ErrUser);
      expect(user?.id).toBe(pk);
    }
    expectJSONRoundTrip(out);
  });

  it('__proto__, constructor and prototype as field names (object values): no error, own properties, reads keep the class prototype', () => {
    const input = JSON.parse('{"id":1,"__proto__":{"polluted":true},"constructor":{"polluted":true},"prototype":{"polluted":true}}');
    const out = normalize(ErrUser, input, [], {}, META);
    const stored = out.entities['ErrUser']!['1'] as object;
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(Object.keys(stored)).toEqual(['id', ...HOSTILE]);
    for (const field of HOSTILE) expect(Object.getOwnPropertyDescriptor(stored, field)?.value).toEqual({ polluted: true });
    expectJSONRoundTrip(out);
    const user = denormalize(ErrUser, '1', out.entities) as unknown as Record<string, unknown>;
    expect(user).toBeInstanceOf(ErrUser);
    expect(Object.getPrototypeOf(user)).toBe(ErrUser.prototype);
    expect(user['polluted']).toBeUndefined();
    for (const field of HOSTILE) expect(Object.getOwnPropertyDescriptor(user, field)?.value).toEqual({ polluted: true });
  });

  it('hostile names as Values keys and as object-schema data keys survive a JSON round trip', () => {
    const dict = JSON.parse('{"__proto__":{"id":1,"username":"a"},"constructor":{"id":2,"username":"b"},"prototype":{"id":3,"username":"c"}}');
    const out = normalize(new schema.Values(ErrUser), dict, [], {}, META);
    const result = out.result as Record<string, string>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual(HOSTILE);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toBe('1');
    expectJSONRoundTrip(out);
    const read = denormalize(new schema.Values(ErrUser), result, out.entities) as Record<string, ErrUser>;
    expect(Object.keys(read)).toEqual(HOSTILE);
    expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toBeInstanceOf(ErrUser);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);

    const page = JSON.parse('{"users":[{"id":4}],"__proto__":{"polluted":true},"constructor":"c"}');
    const pageOut = normalize({ users: [ErrUser] }, page, [], {}, META);
    const pageResult = pageOut.result as Record<string, unknown>;
    expect(Object.getPrototypeOf(pageResult)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(pageResult, '__proto__')?.value).toEqual({ polluted: true });
    expect(pageResult['constructor']).toBe('c');
    expectJSONRoundTrip(pageOut);
  });

  it('hostile query keys: lookups by pk and by index value find own entries only', () => {
    const out = normalize([ErrUser], [{ id: '__proto__', username: 'constructor' }], [], {}, META);
    const cache = new MemoCache();
    expect(cache.query(ErrUser, ['__proto__'], out).data?.username).toBe('constructor');
    expect(cache.query(ErrUser, [{ username: 'constructor' }], out).data?.id).toBe('__proto__');
    expect(cache.query(ErrUser, ['constructor'], out).data).toBeUndefined();
    expect(cache.query(ErrUser, ['prototype'], out).data).toBeUndefined();
    expect(cache.query(ErrUser, [{ username: '__proto__' }], out).data).toBeUndefined();
    expect(cache.query(ErrUser, [{ username: 'toString' }], out).data).toBeUndefined();
  });

  it('hostile pks in a given store are read and merged as own properties', () => {
    const store = JSON.parse(
      '{"entities":{"ErrUser":{"__proto__":{"id":"__proto__","username":"p"}}},"entitiesMeta":{"ErrUser":{"__proto__":{"fetchedAt":1,"date":1,"expiresAt":1e15}}},"indexes":{}}',
    );
    const out = normalize(ErrUser, { id: '__proto__', extra: 1 }, [], store, META);
    expect(Object.getOwnPropertyDescriptor(out.entities['ErrUser']!, '__proto__')?.value).toStrictEqual({ id: '__proto__', username: 'p', extra: 1 });
    expect(Object.getOwnPropertyDescriptor(out.entitiesMeta['ErrUser']!, '__proto__')?.value).toStrictEqual(META);
    expect(Object.getPrototypeOf(out.entities['ErrUser'])).toBe(Object.prototype);
    expectJSONRoundTrip(out);
  });
});
