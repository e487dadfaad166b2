import { Entity, MemoCache, denormalize, normalize, schema } from 'rtk-rest';
import type { EntityMeta } from 'rtk-rest';

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

const byType = new schema.Union({ text: TextPost, image: ImagePost }, 'type');
const meta = (fetchedAt: number): EntityMeta => ({ fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 1000 });

const feed = [
  { id: 1, type: 'text', body: 'hello' },
  { id: 1, type: 'image', url: 'a.png' },
  { id: 2, type: 'image', url: 'b.png' },
];

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
});

describe('Union', () => {
  it('attribute as a field name: items normalize to { id, schema } and read as instances of map[type]', () => {
    const out = normalize(byType, { id: 5, type: 'image', url: 'x.png' });
    expect(out.result).toEqual({ id: '5', schema: 'image' });
    expect(out.entities).toEqual({ ImagePost: { '5': { id: 5, type: 'image', url: 'x.png' } } });
    const read = denormalize(byType, out.result, out.entities);
    expect(read).toBeInstanceOf(ImagePost);
    expect((read as ImagePost).url).toBe('x.png');
    expect(warn).not.toHaveBeenCalled();
  });

  it('attribute as a function (input, parent, key) => typeName', () => {
    const attribute = jest.fn((input: { url?: string }) => (input.url ? 'image' : 'text'));
    const union = new schema.Union({ text: TextPost, image: ImagePost }, attribute);
    class Wrapper extends Entity {
      id = 0;
      attachment: TextPost | ImagePost | null = null;
      pk() {
        return `${this.id}`;
      }
      static override key = 'UnionWrapper';
      static override schema = { attachment: union };
    }
    const attachment = { id: 9, url: 'y.png' };
    const out = normalize(Wrapper, { id: 1, attachment });
    expect(out.entities.UnionWrapper!['1']).toEqual({ id: 1, attachment: { id: '9', schema: 'image' } });
    expect(out.entities.ImagePost!['9']).toEqual({ id: 9, url: 'y.png' });
    expect(attribute).toHaveBeenCalledWith(attachment, expect.objectContaining({ id: 1 }), 'attachment');
    const wrapper = denormalize(Wrapper, '1', out.entities) as Wrapper;
    expect(wrapper.attachment).toBeInstanceOf(ImagePost);
    const text = normalize(union, { id: 3, body: 'plain' });
    expect(text.result).toEqual({ id: '3', schema: 'text' });
  });

  it('omitting the attribute throws', () => {
    // @ts-expect-error the attribute is required
    expect(() => new schema.Union({ text: TextPost, image: ImagePost })).toThrow(Error);
  });

  it('an unknown type warns, naming the value', () => {
    normalize([byType], [{ id: 3, type: 'video', src: 'v.mp4' }]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('video');
  });

  it('an unknown type is kept as raw JSON and read back as that plain object', () => {
    const raw = { id: 3, type: 'video', src: 'v.mp4', at: new Date('2024-01-01T00:00:00.000Z') };
    const out = normalize([byType], [{ id: 1, type: 'text', body: 'b' }, raw]);
    const json = { id: 3, type: 'video', src: 'v.mp4', at: '2024-01-01T00:00:00.000Z' };
    expect(out.result).toEqual([{ id: '1', schema: 'text' }, json]);
    expect(JSON.parse(JSON.stringify(out.result))).toEqual(out.result);
    const read = denormalize([byType], out.result, out.entities) as unknown[];
    expect(read).toHaveLength(2);
    expect(read[0]).toBeInstanceOf(TextPost);
    expect(read[1]).toEqual(json);
    expect(Object.getPrototypeOf(read[1])).toBe(Object.prototype);
    expect(read[1]).not.toBeInstanceOf(Entity);
    const memoRead = new MemoCache().denormalize([byType], out.result, out.entities).data as unknown[];
    expect(memoRead[1]).toEqual(json);
  });

  it('queried by { id, type } it looks in that type\'s table', () => {
    const { entities } = normalize([byType], feed);
    const memo = new MemoCache();
    const image = memo.query(byType, [{ id: 1, type: 'image' }], { entities }).data;
    expect(image).toBeInstanceOf(ImagePost);
    expect((image as ImagePost).url).toBe('a.png');
    const text = memo.query(byType, [{ id: 1, type: 'text' }], { entities }).data;
    expect(text).toBeInstanceOf(TextPost);
    expect(memo.query(byType, [{ id: 2, type: 'text' }], { entities }).data).toBeUndefined();
  });

  it('queried by a pk alone it tries each member in map order', () => {
    const { entities } = normalize([byType], feed);
    const memo = new MemoCache();
    expect(memo.query(byType, ['1'], { entities }).data).toBeInstanceOf(TextPost);
    expect(memo.query(byType, [2], { entities }).data).toBeInstanceOf(ImagePost);
    expect(memo.query(byType, ['7'], { entities }).data).toBeUndefined();
    const reversed = new schema.Union({ image: ImagePost, text: TextPost }, 'type');
    expect(memo.query(reversed, ['1'], { entities }).data).toBeInstanceOf(ImagePost);
  });
});

describe('polymorphic containers', () => {
  it('[Union] reads each item as its member type', () => {
    const out = normalize([byType], feed);
    expect(out.result).toEqual([
      { id: '1', schema: 'text' },
      { id: '1', schema: 'image' },
      { id: '2', schema: 'image' },
    ]);
    const read = denormalize([byType], out.result, out.entities) as (TextPost | ImagePost)[];
    expect(read.map((item) => item.constructor)).toEqual([TextPost, ImagePost, ImagePost]);
    const missing = denormalize([byType], [{ id: '1', schema: 'text' }, { id: '8', schema: 'image' }], out.entities) as unknown[];
    expect(missing).toHaveLength(1);
  });

  it('Values(Union)', () => {
    const values = new schema.Values(byType);
    const out = normalize(values, { a: feed[0], b: feed[2], c: null });
    expect(out.result).toEqual({ a: { id: '1', schema: 'text' }, b: { id: '2', schema: 'image' } });
    const read = denormalize(values, out.result, out.entities) as Record<string, TextPost | ImagePost>;
    expect(read.a).toBeInstanceOf(TextPost);
    expect(read.b).toBeInstanceOf(ImagePost);
  });

  it('Collection([Union]) stores refs under [TextPost;ImagePost] and reads polymorphically', () => {
    const collection = new schema.Collection([byType]);
    const out = normalize(collection, feed, [{ tag: 'x' }], {}, meta(100));
    expect(out.result).toBe('{"tag":"x"}');
    expect(out.entities['[TextPost;ImagePost]']).toEqual({
      '{"tag":"x"}': [
        { id: '1', schema: 'text' },
        { id: '1', schema: 'image' },
        { id: '2', schema: 'image' },
      ],
    });
    const read = denormalize(collection, out.result, out.entities) as (TextPost | ImagePost)[];
    expect(read.map((item) => item.constructor)).toEqual([TextPost, ImagePost, ImagePost]);
  });

  it('Collection([Union]).push appends refs and skips a ref already present', () => {
    const collection = new schema.Collection([byType]);
    const store = normalize(collection, feed, [], {}, meta(100));
    const out = normalize(collection.push, [{ id: 2, type: 'text', body: 'new' }, { id: 2, type: 'image', url: 'c.png' }], [], store, meta(200));
    expect(out.result).toEqual([
      { id: '2', schema: 'text' },
      { id: '2', schema: 'image' },
    ]);
    expect(out.entities['[TextPost;ImagePost]']!['{}']).toEqual([
      { id: '1', schema: 'text' },
      { id: '1', schema: 'image' },
      { id: '2', schema: 'image' },
      { id: '2', schema: 'text' },
    ]);
    expect(out.entities.ImagePost!['2']).toEqual({ id: 2, type: 'image', url: 'c.png' });
  });

  it('Invalidate(Union) tombstones the member named by the attribute', () => {
    const store = normalize([byType], feed, [], {}, meta(100));
    const out = normalize(new schema.Invalidate(byType), { id: 1, type: 'image' }, [], store, meta(200));
    expect(out.result).toEqual({ id: '1', schema: 'image' });
    expect(out.entities.ImagePost!['1']).toBeNull();
    expect(out.entities.TextPost!['1']).toBe(store.entities.TextPost!['1']);
    const read = denormalize([byType], store.result, out.entities) as (TextPost | ImagePost)[];
    expect(read.map((item) => item.constructor)).toEqual([TextPost, ImagePost]);
    expect(read.map((item) => item.id)).toEqual([1, 2]);
  });
});
