import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type * as EntityFile from '../../src/schema/Entity';

// Every schema module works whichever file an app (or a test, or a bundler's chunk) loads first,
// and whatever it loads besides: a schema resolves its members through the argument each call
// hands it, not through a function another module had to register as it loaded. Each test loads
// its files into a fresh module registry, the file under test first.

type EntityModule = typeof EntityFile;

const schemaDir = join(__dirname, '../../src/schema');
const modules = readdirSync(schemaDir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();

/** `file` loaded first into a fresh registry, then `others`, all handed to `use`. */
function loadFirst<T>(file: string, others: string[], use: (...loaded: any[]) => T): T {
  let out: T | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a registry of this test's own, in load order
    const loaded = [file, ...others].map((name) => require(join(schemaDir, name)));
    out = use(...loaded);
  });
  return out as T;
}

function postClass({ Entity }: EntityModule) {
  return class Post extends Entity {
    id = 0;
    title = '';
    pk() {
      return this.id;
    }
    static override key = 'Post';
  };
}

describe('each schema module alone', () => {
  it('finds the modules', () => {
    expect(modules).toEqual(expect.arrayContaining(['Array', 'Entity', 'Object', 'Values', 'entityNode', 'toNode']));
  });

  it.each(modules)('%s loads first, alone', (file) => {
    expect(() => loadFirst(file, [], () => undefined)).not.toThrow();
  });

  it("Entity's statics work with Entity.ts the only file loaded", () => {
    loadFirst('Entity', [], (entity: EntityModule) => {
      const Post = postClass(entity);
      expect(Post.pk({ id: 5 })).toBe('5');
      expect(Post.pk({ id: null })).toBeUndefined();
      const post = Post.fromJS({ id: 2, title: 'a' });
      expect(post).toBeInstanceOf(Post);
      expect(post.title).toBe('a');
      // @ts-expect-error a class that forgets pk(), as plain JavaScript may
      class NoPk extends entity.Entity {
        static override key = 'NoPk';
      }
      expect(() => (NoPk as unknown as typeof Post).fromJS()).toThrow('NoPk must define pk()');
    });
  });

  it.each([
    ['Array', (m: any, Post: unknown) => new m.ArraySchema({ posts: [Post] }), '[{ posts: [Post] }]', false],
    ['Values', (m: any, Post: unknown) => new m.ValuesSchema(Post), 'Values(Post)', false],
    ['Object', (m: any, Post: unknown) => new m.ObjectSchema({ post: Post, next: '' }), '{ post: Post, next }', true],
  ])('%s loaded first describes its members, whatever is loaded', (file, make, description, queryable) => {
    loadFirst(file, ['Entity'], (module, entity: EntityModule) => {
      const schema = make(module, postClass(entity));
      expect(schema.describe()).toBe(description);
      expect(schema.queryable).toBe(queryable);
    });
  });

  it.each([
    ['Array', (m: any, Post: unknown) => new m.ArraySchema(Post), [{ id: 1, title: 'a' }]],
    ['Values', (m: any, Post: unknown) => new m.ValuesSchema(Post), { first: { id: 1, title: 'a' } }],
    ['Object', (m: any, Post: unknown) => new m.ObjectSchema({ post: Post, next: '' }), { post: { id: 1, title: 'a' }, next: '?p=2' }],
    ['entityNode', (_m: any, Post: unknown) => Post, { id: 1, title: 'a' }],
  ])('%s loaded before normalize and denormalize round-trips', (file, make, input) => {
    loadFirst(file, ['Entity', 'normalize', 'denormalize'], (module, entity: EntityModule, { normalize }, { denormalize }) => {
      const Post = postClass(entity);
      const schema = make(module, Post);
      const { result, entities } = normalize(schema, input);
      expect(entities.Post['1']).toEqual({ id: 1, title: 'a' });
      expect(JSON.parse(JSON.stringify(denormalize(schema, result, entities)))).toEqual(input);
    });
  });
});
