import { expectTypeOf } from 'expect-type';
import { Entity, MemoCache, denormalize, normalize, schema } from 'rtk-rest';
import type { Denormalize } from 'rtk-rest';

class User extends Entity {
  id = 0;
  username = '';
  createdAt = new Date(0);
  pk() {
    return `${this.id}`;
  }
  static override key = 'TypesUser';
  static override schema = { createdAt: (iso: string) => new Date(iso) };
}
class Post extends Entity {
  id = 0;
  title = '';
  author = User.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'TypesPost';
  static override schema = { author: User };
}
class TextPost extends Entity {
  id = 0;
  type = 'text' as const;
  body = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'TypesTextPost';
}
class ImagePost extends Entity {
  id = 0;
  type = 'image' as const;
  url = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'TypesImagePost';
}

const union = new schema.Union({ text: TextPost, image: ImagePost }, 'type');
const allPosts = new schema.All(Post);
const byAuthor = new schema.Query(allPosts, (posts, { author }: { author: string }) => {
  expectTypeOf(posts).toEqualTypeOf<Post[]>();
  return posts.filter((post) => post.author.username === author);
});

describe('types: Denormalize<S>', () => {
  it('an Entity class reads as its instance type', () => {
    expectTypeOf<Denormalize<typeof Post>>().toEqualTypeOf<Post>();
    expectTypeOf<Denormalize<typeof Post>['author']>().toEqualTypeOf<User>();
    const { entities, result } = normalize(Post, { id: 1, title: 'a', author: { id: 2 } });
    const post = denormalize(Post, result, entities);
    expectTypeOf(post).toEqualTypeOf<Post | undefined>();
    expect(post).toBeInstanceOf(Post);
  });

  it('[Post], schema.Array and schema.Values', () => {
    expectTypeOf<Denormalize<[typeof Post]>>().toEqualTypeOf<Post[]>();
    expectTypeOf<Denormalize<readonly [typeof Post]>>().toEqualTypeOf<Post[]>();
    expectTypeOf<Denormalize<schema.Array<typeof Post>>>().toEqualTypeOf<Post[]>();
    expectTypeOf<Denormalize<schema.Values<typeof Post>>>().toEqualTypeOf<Record<string, Post>>();
    const values = new schema.Values(Post);
    expectTypeOf<Denormalize<typeof values>>().toEqualTypeOf<Record<string, Post>>();
    expect(values.describe()).toBe('Values(TypesPost)');
    const list = [Post] as const;
    const { entities, result } = normalize(list, [{ id: 1 }]);
    const read = new MemoCache().denormalize(list, result, entities).data;
    expectTypeOf(read).toEqualTypeOf<Post[] | undefined>();
    expect(read![0]).toBeInstanceOf(Post);
  });

  it('schema.Collection([Post]) and Collection(Values)', () => {
    const collection = new schema.Collection([Post]);
    expectTypeOf<Denormalize<typeof collection>>().toEqualTypeOf<Post[]>();
    const dictionary = new schema.Collection(new schema.Values(Post));
    expectTypeOf<Denormalize<typeof dictionary>>().toEqualTypeOf<Record<string, Post>>();
    expect(dictionary.key).toBe('{TypesPost}');
    const { entities, result } = normalize(collection, [{ id: 1 }]);
    const read = denormalize(collection, result, entities);
    expectTypeOf(read).toEqualTypeOf<Post[] | undefined>();
    expect(read![0]).toBeInstanceOf(Post);
  });

  // The same cause on the read side: an Array definition also fits `schema.Values<any>`
  // (its output `any[]` fits `Record<string, any>`), so the output is decided on the array forms first.
  it('user check A: a Collection of schema.Array reads as an array, even over an untyped item schema', () => {
    const array = new schema.Collection(new schema.Array(Post));
    expectTypeOf<Denormalize<typeof array>>().toEqualTypeOf<Post[]>();
    const untyped: any = Post;
    const untypedArray = new schema.Collection(new schema.Array(untyped));
    expectTypeOf<Denormalize<typeof untypedArray>>().toEqualTypeOf<any[]>();
    const untypedValues = new schema.Collection(new schema.Values(untyped));
    expectTypeOf<Denormalize<typeof untypedValues>>().toEqualTypeOf<Record<string, any>>();
    expect([array.isValues, untypedArray.isValues, untypedValues.isValues]).toEqual([false, false, true]);
  });

  it('an object shorthand { results: [Post], next: "" }', () => {
    const page = { results: [Post], next: '' } as const;
    expectTypeOf<Denormalize<typeof page>>().toEqualTypeOf<{ readonly results: Post[]; readonly next: '' }>();
    expectTypeOf<Denormalize<{ results: [typeof Post]; next: string }>>().toEqualTypeOf<{ results: Post[]; next: string }>();
    const withCollection = new schema.Object({ results: new schema.Collection([Post]), next: '' });
    expectTypeOf<Denormalize<typeof withCollection>>().toEqualTypeOf<{ results: Post[]; next: string }>();
    const read = denormalize(page, { results: [], next: 'x' }, {});
    expectTypeOf(read).toEqualTypeOf<{ readonly results: Post[]; readonly next: '' } | undefined>();
    expect(read).toEqual({ results: [], next: 'x' });
    expect(withCollection.describe()).toBe('{ results: Collection([TypesPost]), next }');
  });

  it('schema.Union reads as the union of its members', () => {
    expectTypeOf<Denormalize<typeof union>>().toEqualTypeOf<TextPost | ImagePost>();
    const { entities, result } = normalize(union, { id: 1, type: 'image', url: 'x' });
    const read = denormalize(union, result, entities);
    expectTypeOf(read).toEqualTypeOf<TextPost | ImagePost | undefined>();
    expect(read).toBeInstanceOf(ImagePost);
  });

  it('schema.All and schema.Query', () => {
    expectTypeOf<Denormalize<typeof allPosts>>().toEqualTypeOf<Post[]>();
    const media = new schema.All({ text: TextPost, image: ImagePost }, 'type');
    expectTypeOf<Denormalize<typeof media>>().toEqualTypeOf<(TextPost | ImagePost)[]>();
    expect(media.describe()).toBe('All(TypesTextPost | TypesImagePost)');
    expectTypeOf<Denormalize<typeof byAuthor>>().toEqualTypeOf<Post[]>();
    const count = new schema.Query(Post, (post) => post.title.length);
    expectTypeOf<Denormalize<typeof count>>().toEqualTypeOf<number>();
    expect(count.queryable).toBe(true);
    const { entities } = normalize(allPosts, [{ id: 1, author: { id: 1, username: 'ann' } }]);
    const read = new MemoCache().query(byAuthor, [{ author: 'ann' }], { entities }).data;
    expectTypeOf(read).toEqualTypeOf<Post[] | undefined>();
    expect(read).toHaveLength(1);
  });
});

describe('types: Entity.fromJS', () => {
  it('fromJS returns the subclass type and checks known fields', () => {
    const post = Post.fromJS({ id: 1, title: 'hello' });
    expectTypeOf(post).toEqualTypeOf<Post>();
    expectTypeOf(User.fromJS()).toEqualTypeOf<User>();
    // @ts-expect-error `id` is a number
    Post.fromJS({ id: 'one' });
    // @ts-expect-error `author` is a User
    Post.fromJS({ author: 5 });
    expect(post).toBeInstanceOf(Post);
    expect(post.title).toBe('hello');
  });
});
