import { Entity, MemoCache, denormalize, normalize } from 'rtk-rest';
import type { EntityMeta } from 'rtk-rest';

// Deserializers in `static schema`, and a bad one.

const META: EntityMeta = { fetchedAt: 100, date: 100, expiresAt: 1e15 };
const ISO = '2024-01-01T00:00:00.000Z';

/** A decimal-like ES class: must be invoked with `new`. */
class Decimal {
  readonly value: string;
  constructor(raw: string) {
    if (!/^-?\d+(\.\d+)?$/.test(String(raw))) throw new Error(`invalid decimal ${String(raw)}`);
    this.value = String(raw);
  }
  toFixed(digits: number): string {
    return Number(this.value).toFixed(digits);
  }
}

interface LegacyDecimalInstance {
  value: string;
  plus(other: string): string;
}

/** A decimal-like pre-class constructor with prototype methods, as decimal libraries ship. */
function LegacyDecimal(this: LegacyDecimalInstance, raw: string): void {
  if (!new.target) throw new TypeError('LegacyDecimal must be called with new');
  this.value = String(raw);
}
LegacyDecimal.prototype.plus = function plus(this: LegacyDecimalInstance, other: string): string {
  return String(Number(this.value) + Number(other));
};

/** A plain function (its prototype holds only `constructor`): must be called without `new`. */
function doubled(raw: string): number {
  return Number(raw) * 2;
}

/** A subclass of a built-in, written as an ES class. */
class IsoDate extends Date {}

class Invoice extends Entity {
  id = 0;
  issuedAt = new Date(0);
  dueAt = new Date(0);
  price = new Decimal('0');
  legacy: LegacyDecimalInstance | undefined = undefined;
  count = 0;
  big = BigInt(0);
  label = '';
  twice = 0;
  homepage: URL | undefined = undefined;
  paidAt = new IsoDate(0);
  pk() {
    return `${this.id}`;
  }
  static override key = 'DesInvoice';
  static override schema = {
    issuedAt: Date,
    dueAt: (iso: string) => new Date(iso),
    price: Decimal,
    legacy: LegacyDecimal,
    count: Number,
    big: BigInt,
    label: String,
    twice: doubled,
    homepage: URL,
    paidAt: IsoDate,
  };
}

const WIRE = {
  id: 1,
  issuedAt: ISO,
  dueAt: '2024-02-01T00:00:00.000Z',
  price: '12.30',
  legacy: '1.5',
  count: '5',
  big: '9007199254740993',
  label: 42,
  twice: '21',
  homepage: 'https://example.com/a',
  paidAt: '2024-03-01T00:00:00.000Z',
};

/** An entity whose deserializers record every raw value they receive. */
const received: unknown[] = [];
function recordingDate(iso: string): Date {
  received.push(iso);
  return new Date(iso);
}
class Tracked extends Entity {
  id = 0;
  at = new Date(0);
  pk() {
    return `${this.id}`;
  }
  static override key = 'DesTracked';
  static override schema = { at: recordingDate };
}

class Author extends Entity {
  id = 0;
  name = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'DesAuthor';
}
class Article extends Entity {
  id = 0;
  at = new Date(0);
  author = Author.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'DesArticle';
  static override schema = { at: recordingDate, author: Author };
}

beforeEach(() => {
  received.length = 0;
});

describe('raw values in the store, deserialized on read', () => {
  it('normalization stores the raw wire value untouched', () => {
    const out = normalize(Invoice, WIRE, [], {}, META);
    expect(out.entities['DesInvoice']!['1']).toStrictEqual(WIRE);
  });

  it('a present, non-null raw value goes through the deserializer on read', () => {
    const out = normalize(Tracked, { id: 1, at: ISO }, [], {}, META);
    const tracked = denormalize(Tracked, '1', out.entities)!;
    expect(received).toEqual([ISO]);
    expect(tracked.at).toBeInstanceOf(Date);
    expect(tracked.at.toISOString()).toBe(ISO);
  });

  it('an absent field gets its default unchanged, and the default is never passed to the deserializer', () => {
    const out = normalize(Tracked, { id: 2 }, [], {}, META);
    expect(out.entities['DesTracked']!['2']).toStrictEqual({ id: 2 });
    const tracked = denormalize(Tracked, '2', out.entities)!;
    expect(tracked.at).toBeInstanceOf(Date);
    expect(tracked.at.getTime()).toBe(0);
    expect(new MemoCache().denormalize(Tracked, '2', out.entities).data!.at.getTime()).toBe(0);
    expect(received).toEqual([]);
  });

  it('an undefined input field is absent: the default, not deserialized', () => {
    const out = normalize(Tracked, { id: 3, at: undefined }, [], {}, META);
    expect(Object.keys(out.entities['DesTracked']!['3']!)).toEqual(['id']);
    expect(denormalize(Tracked, '3', out.entities)!.at.getTime()).toBe(0);
    expect(received).toEqual([]);
  });

  it('null stays null and is not deserialized', () => {
    const out = normalize(Tracked, { id: 4, at: null }, [], {}, META);
    expect(out.entities['DesTracked']!['4']).toStrictEqual({ id: 4, at: null });
    expect(denormalize(Tracked, '4', out.entities)!.at).toBeNull();
    expect(received).toEqual([]);
  });

  it('a Date in the input is stored as its ISO string and reads back as an equal Date', () => {
    const out = normalize(Tracked, { id: 5, at: new Date(ISO) }, [], {}, META);
    expect(out.entities['DesTracked']!['5']).toStrictEqual({ id: 5, at: ISO });
    const tracked = denormalize(Tracked, '5', out.entities)!;
    expect(tracked.at.toISOString()).toBe(ISO);
    expect(received).toEqual([ISO]);
  });

  it('an absent Decimal field reads as the class-field default', () => {
    const out = normalize(Invoice, { id: 6 }, [], {}, META);
    const invoice = denormalize(Invoice, '6', out.entities)!;
    expect(invoice.price).toBeInstanceOf(Decimal);
    expect(invoice.price.value).toBe('0');
    expect(invoice.legacy).toBeUndefined();
    expect(invoice.count).toBe(0);
  });
});

describe('how a deserializer is invoked', () => {
  const out = normalize(Invoice, WIRE, [], {}, META);
  const invoice = denormalize(Invoice, '1', out.entities)!;

  it('createdAt: Date (a built-in constructor) reads as new Date(raw)', () => {
    expect(invoice.issuedAt).toBeInstanceOf(Date);
    expect(invoice.issuedAt.toISOString()).toBe(ISO);
  });

  it('a plain arrow function is called as fn(raw)', () => {
    expect(invoice.dueAt).toBeInstanceOf(Date);
    expect(invoice.dueAt.toISOString()).toBe('2024-02-01T00:00:00.000Z');
  });

  it('a decimal ES class is invoked with new', () => {
    expect(invoice.price).toBeInstanceOf(Decimal);
    expect(invoice.price.value).toBe('12.30');
    expect(invoice.price.toFixed(1)).toBe('12.3');
  });

  it('a pre-class constructor function with prototype methods is invoked with new', () => {
    expect(invoice.legacy).toBeInstanceOf(LegacyDecimal);
    expect(invoice.legacy!.value).toBe('1.5');
    expect(invoice.legacy!.plus('1')).toBe('2.5');
  });

  it('count: Number is called as Number(raw) and yields a primitive', () => {
    expect(invoice.count).toBe(5);
    expect(typeof invoice.count).toBe('number');
  });

  it('BigInt and String are called without new and yield primitives', () => {
    expect(invoice.big).toBe(BigInt('9007199254740993'));
    expect(typeof invoice.big).toBe('bigint');
    expect(invoice.label).toBe('42');
    expect(typeof invoice.label).toBe('string');
  });

  it('a plain function whose prototype has only constructor is called as fn(raw)', () => {
    expect(invoice.twice).toBe(42);
  });

  it('another built-in constructor (URL) is invoked with new', () => {
    expect(invoice.homepage).toBeInstanceOf(URL);
    expect(invoice.homepage!.pathname).toBe('/a');
  });

  it('an ES class extending a built-in is invoked with new', () => {
    expect(invoice.paidAt).toBeInstanceOf(IsoDate);
    expect(invoice.paidAt.toISOString()).toBe('2024-03-01T00:00:00.000Z');
  });

  it('every deserialized field reads without a dev log', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const again = denormalize(Invoice, '1', out.entities)!;
      expect(again.price).toBeInstanceOf(Decimal);
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });
});

describe('deserialized values are computed once per stored entity object', () => {
  it('MemoCache: reading an unchanged entity again yields the same Date', () => {
    const out = normalize(Tracked, { id: 1, at: ISO }, [], {}, META);
    const cache = new MemoCache();
    const first = cache.denormalize(Tracked, '1', out.entities).data!;
    const second = cache.denormalize(Tracked, '1', out.entities).data!;
    expect(second.at).toBe(first.at);
    expect(received).toEqual([ISO]);
  });

  it('MemoCache: an entity rebuilt because a nested entity changed keeps the same Date (its stored object is unchanged)', () => {
    const store = normalize(Article, { id: 1, at: ISO, author: { id: 7, name: 'ann' } }, [], {}, META);
    const cache = new MemoCache();
    const before = cache.denormalize(Article, '1', store.entities).data!;
    const next = normalize(Author, { id: 7, name: 'anne' }, [], store, { ...META, fetchedAt: 200, date: 200 });
    expect(next.entities['DesArticle']!['1']).toBe(store.entities['DesArticle']!['1']);
    const after = cache.denormalize(Article, '1', next.entities).data!;
    expect(after).not.toBe(before);
    expect(after.author.name).toBe('anne');
    expect(after.at).toBe(before.at);
    expect(received).toEqual([ISO]);
  });

  it('denormalize(): reading the same stored entity object again yields the same Date', () => {
    const out = normalize(Tracked, { id: 2, at: ISO }, [], {}, META);
    const first = denormalize(Tracked, '2', out.entities)!;
    const second = denormalize(Tracked, '2', out.entities)!;
    expect(second.at).toBe(first.at);
    expect(received).toEqual([ISO]);
  });

  it('a changed stored entity object is deserialized again', () => {
    const store = normalize(Tracked, { id: 3, at: ISO }, [], {}, META);
    const cache = new MemoCache();
    const before = cache.denormalize(Tracked, '3', store.entities).data!;
    const next = normalize(Tracked, { id: 3, at: '2025-01-01T00:00:00.000Z' }, [], store, { ...META, fetchedAt: 200 });
    const after = cache.denormalize(Tracked, '3', next.entities).data!;
    expect(after.at).not.toBe(before.at);
    expect(after.at.toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });
});

describe('a deserializer that throws', () => {
  class Priced extends Entity {
    id = 0;
    price = new Decimal('0');
    at = new Date(0);
    note = '';
    pk() {
      return `${this.id}`;
    }
    static override key = 'DesPriced';
    static override schema = {
      price: Decimal,
      at: Date,
      note: (raw: string): string => {
        throw new Error(`cannot parse ${raw}`);
      },
    };
  }

  let error: jest.SpyInstance;
  beforeEach(() => {
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    error.mockRestore();
  });

  function logged(): string {
    return error.mock.calls.map((args: unknown[]) => args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ')).join('\n');
  }

  it('a throwing ES-class deserializer leaves the raw value and logs the entity key, pk and field', () => {
    const out = normalize(Priced, { id: 7, price: 'twelve', at: ISO }, [], {}, META);
    const priced = denormalize(Priced, '7', out.entities)!;
    expect(priced).toBeInstanceOf(Priced);
    expect(priced.price).toBe('twelve');
    expect(priced.at).toBeInstanceOf(Date);
    expect(priced.at.toISOString()).toBe(ISO);
    expect(error).toHaveBeenCalledTimes(1);
    const message = logged();
    expect(message).toContain('DesPriced');
    expect(message).toContain('7');
    expect(message).toContain('price');
  });

  it('a throwing plain-function deserializer leaves the raw value and logs the entity key, pk and field', () => {
    const out = normalize(Priced, { id: 8, note: 'raw-note' }, [], {}, META);
    const priced = new MemoCache().denormalize(Priced, '8', out.entities).data!;
    expect(priced.note).toBe('raw-note');
    expect(priced.price.value).toBe('0');
    expect(error).toHaveBeenCalledTimes(1);
    const message = logged();
    expect(message).toContain('DesPriced');
    expect(message).toContain('8');
    expect(message).toContain('note');
  });

  it('the store is unchanged by a failing read', () => {
    const out = normalize(Priced, { id: 9, price: 'bad' }, [], {}, META);
    const snapshot = JSON.stringify(out);
    const cell = out.entities['DesPriced']!['9'];
    denormalize(Priced, '9', out.entities);
    expect(JSON.stringify(out)).toBe(snapshot);
    expect(out.entities['DesPriced']!['9']).toBe(cell);
    expect(error).toHaveBeenCalledTimes(1);
  });
});
