import { expectTypeOf } from 'expect-type';
import { Entity, RestEndpoint, createResource, hookifyResource, schema } from 'rtk-rest';
import type { DataOf, RestGenerics } from 'rtk-rest';
import { compilePath } from '../../src/rest/path';
import type { ListPath } from '../../src/rest/pathTypes';

/**
 * Types of `createResource` members with the running example. Calls appear only inside `expectTypeOf` or never-run functions: nothing is sent.
 */

type Value = string | number;
type G = { group: Value };
type I = { group: Value; id: Value };
type L = { group: Value; author?: string };
/** Never called: holds calls whose types are checked, without sending anything. */
const typeOnly = (_check: () => unknown) => undefined;

class User extends Entity {
  id = 0;
  username = '';
  createdAt = new Date(0);
  pk() {
    return `${this.id}`;
  }
  static override key = 'ResourceTypesUser';
}
class Post extends Entity {
  id = 0;
  title = '';
  author = User.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'ResourceTypesPost';
  static override schema = { author: User };
}
/** The default body: `Partial` of the entity's fields. */
type PostFields = Partial<Omit<Post, 'pk'>>;
interface PostBody {
  title: string;
  authorId: number;
}

const PostResource = createResource({
  path: '/:group/posts/:id',
  schema: Post,
  urlPrefix: 'https://api.example.com',
  searchParams: {} as { author?: string },
  paginationField: 'page',
});

describe('types: member parameters (G, I, L)', () => {
  it('get takes I and reads a Post', () => {
    expectTypeOf(PostResource.get).parameters.toEqualTypeOf<[urlParams: I]>();
    expectTypeOf<DataOf<typeof PostResource.get>>().toEqualTypeOf<Post>();
    // @ts-expect-error `id` is required
    typeOnly(() => PostResource.get({ group: 'react' }));
    // @ts-expect-error a misspelled parameter
    typeOnly(() => PostResource.get({ group: 'react', idd: 5 }));
    // @ts-expect-error searchParams type only the list
    typeOnly(() => PostResource.get({ group: 'react', id: 5, author: 'ann' }));
    expect(PostResource.get.url({ group: 'react', id: 5 })).toBe('https://api.example.com/react/posts/5');
  });

  it('getList takes L = G & { author?: string } and reads Post[]', () => {
    expectTypeOf(PostResource.getList).parameters.toEqualTypeOf<[urlParams: L]>();
    expectTypeOf(PostResource.getList.path).toEqualTypeOf<'/:group/posts'>();
    expectTypeOf<DataOf<typeof PostResource.getList>>().toEqualTypeOf<Post[]>();
    // @ts-expect-error getList without `group`
    typeOnly(() => PostResource.getList({ author: 'ann' }));
    // @ts-expect-error the list has no `id`
    typeOnly(() => PostResource.getList({ group: 'react', id: 5 }));
    expect(PostResource.getList.path).toBe('/:group/posts');
  });

  it('getList.push and unshift take (L, body) and return the created Post', () => {
    type Body = PostFields | PostFields[] | FormData;
    expectTypeOf(PostResource.getList.push).parameters.toEqualTypeOf<[urlParams: L, body: Body]>();
    expectTypeOf(PostResource.getList.unshift).parameters.toEqualTypeOf<[urlParams: L, body: Body]>();
    expectTypeOf<DataOf<typeof PostResource.getList.push>>().toEqualTypeOf<Post>();
    expectTypeOf(PostResource.getList.push).toBeCallableWith({ group: 'react', author: 'ann' }, { title: 'hi' });
    expectTypeOf(PostResource.getList.assign).toEqualTypeOf<undefined>();
    // @ts-expect-error a wrong body type
    typeOnly(() => PostResource.getList.push({ group: 'react' }, { title: 5 }));
    expect(PostResource.getList.push.name).toBe('ResourceTypesPost.getList.push');
  });

  it('getList.getPage takes L & { page: string | number } and reads the whole list', () => {
    expectTypeOf(PostResource.getList.getPage).parameters.toEqualTypeOf<[urlParams: { group: Value; author?: string; page: Value }]>();
    expectTypeOf<DataOf<typeof PostResource.getList.getPage>>().toEqualTypeOf<Post[]>();
    // @ts-expect-error the page is required
    typeOnly(() => PostResource.getList.getPage({ group: 'react' }));
    expect(PostResource.getList.getPage.key({ group: 'react', author: 'ann', page: 2 })).toBe(
      'GET https://api.example.com/react/posts?author=ann',
    );
  });

  it('update and partialUpdate take (I, body): Partial fields or FormData', () => {
    expectTypeOf(PostResource.update).parameters.toEqualTypeOf<[urlParams: I, body: PostFields | FormData]>();
    expectTypeOf(PostResource.partialUpdate).parameters.toEqualTypeOf<[urlParams: I, body: PostFields | FormData]>();
    expectTypeOf<DataOf<typeof PostResource.update>>().toEqualTypeOf<Post>();
    // @ts-expect-error a wrong body type
    typeOnly(() => PostResource.update({ group: 'react', id: 5 }, { title: 5 }));
    // @ts-expect-error the body is required
    typeOnly(() => PostResource.update({ group: 'react', id: 5 }));
    expect(PostResource.update.method).toBe('PUT');
  });

  it('delete takes I, no body, and reads the deleted Post', () => {
    expectTypeOf(PostResource.delete).parameters.toEqualTypeOf<[urlParams: I]>();
    expectTypeOf<DataOf<typeof PostResource.delete>>().toEqualTypeOf<Post>();
    // @ts-expect-error DELETE takes no body
    typeOnly(() => PostResource.delete({ group: 'react', id: 5 }, { title: 'x' }));
    expect(PostResource.delete.method).toBe('DELETE');
  });

  it('without paginationField there is no getPage; G alone is a valid list argument', () => {
    const Plain = createResource({ path: '/:group/posts/:id', schema: Post });
    expectTypeOf(Plain.getList.getPage).toEqualTypeOf<undefined>();
    expectTypeOf(Plain.getList).parameters.toEqualTypeOf<[urlParams: G]>();
    expect(Plain.getList.getPage).toBeUndefined();
  });
});

describe('types: the body option', () => {
  const Typed = createResource({ path: '/posts/:id', schema: Post, body: {} as PostBody });

  it('types getList.push, unshift and update; partialUpdate takes Partial of it', () => {
    expectTypeOf(Typed.update).parameters.toEqualTypeOf<[urlParams: { id: Value }, body: PostBody]>();
    expectTypeOf(Typed.partialUpdate).parameters.toEqualTypeOf<[urlParams: { id: Value }, body: Partial<PostBody>]>();
    // The list of '/posts/:id' has no parameters: push takes the body alone.
    expectTypeOf(Typed.getList.push).parameters.toEqualTypeOf<[body: PostBody]>();
    // @ts-expect-error update needs the whole body
    typeOnly(() => Typed.update({ id: 1 }, { title: 'x' }));
    expect(Typed.getList.path).toBe('/posts');
  });
});

describe('types: a Union schema', () => {
  class TextPost extends Entity {
    id = 0;
    type = 'text' as const;
    body = '';
    pk() {
      return `${this.id}`;
    }
    static override key = 'ResourceTypesTextPost';
  }
  class ImagePost extends Entity {
    id = 0;
    type = 'image' as const;
    url = '';
    pk() {
      return `${this.id}`;
    }
    static override key = 'ResourceTypesImagePost';
  }
  const FeedResource = createResource({ path: '/feed/:id', schema: new schema.Union({ text: TextPost, image: ImagePost }, 'type') });

  it('members read either entity; bodies are Partial of either one’s fields', () => {
    type Fields = Partial<Omit<TextPost, 'pk'>> | Partial<Omit<ImagePost, 'pk'>>;
    expectTypeOf<DataOf<typeof FeedResource.get>>().toEqualTypeOf<TextPost | ImagePost>();
    expectTypeOf<DataOf<typeof FeedResource.getList>>().toEqualTypeOf<(TextPost | ImagePost)[]>();
    expectTypeOf<DataOf<typeof FeedResource.delete>>().toEqualTypeOf<TextPost | ImagePost>();
    expectTypeOf(FeedResource.update).parameters.toEqualTypeOf<[urlParams: { id: Value }, body: Fields | FormData]>();
    expectTypeOf(FeedResource.getList.push).parameters.toEqualTypeOf<[body: Fields | Fields[] | FormData]>();
    expect(FeedResource.getList.path).toBe('/feed');
  });
});

describe('types: a schema that is neither an Entity nor a Union', () => {
  it('getList reads a plain array and has no collection extenders; delete uses the schema', () => {
    const Tags = createResource({ path: '/tags/:id', schema: { id: 0, name: '' } });
    expectTypeOf<DataOf<typeof Tags.get>>().toEqualTypeOf<{ id: number; name: string }>();
    expectTypeOf<DataOf<typeof Tags.getList>>().toEqualTypeOf<{ id: number; name: string }[]>();
    expectTypeOf<DataOf<typeof Tags.delete>>().toEqualTypeOf<{ id: number; name: string }>();
    expectTypeOf(Tags.getList.push).toEqualTypeOf<undefined>();
    expectTypeOf(Tags.update).parameters.toEqualTypeOf<[urlParams: { id: Value }, body: Partial<{ id: number; name: string }> | FormData]>();
    expect(Tags.getList.push).toBeUndefined();
  });
});

describe('types: the list template', () => {
  it('ListPath agrees with the runtime', () => {
    const list = (template: string) => compilePath(template).listTemplate();
    expectTypeOf<ListPath<'/:group/posts/:id'>>().toEqualTypeOf<'/:group/posts'>();
    expectTypeOf<ListPath<'/:first/:second'>>().toEqualTypeOf<'/:first'>();
    expectTypeOf<ListPath<'/:first'>>().toEqualTypeOf<'/'>();
    expectTypeOf<ListPath<'/posts/:id?'>>().toEqualTypeOf<'/posts'>();
    expectTypeOf<ListPath<'/users{/:id}'>>().toEqualTypeOf<'/users'>();
    expectTypeOf<ListPath<'/users/:id.json'>>().toEqualTypeOf<'/users'>();
    expectTypeOf<ListPath<'/users/:id/details'>>().toEqualTypeOf<'/users'>();
    expectTypeOf<ListPath<'/repos/:owner/*path'>>().toEqualTypeOf<'/repos/:owner'>();
    expectTypeOf<ListPath<'https\\://api.example.com/users/:id'>>().toEqualTypeOf<'https\\://api.example.com/users'>();
    expectTypeOf<ListPath<'/a{/:x/:y}'>>().toEqualTypeOf<'/a'>();
    expectTypeOf<ListPath<'/:a-:b'>>().toEqualTypeOf<'/'>();
    expectTypeOf<ListPath<'/g/:g{/x}/:id'>>().toEqualTypeOf<'/g/:g{/x}'>();
    expectTypeOf<ListPath<'/g/:g{/x}:id'>>().toEqualTypeOf<'/g/:g'>();
    expectTypeOf<ListPath<'/:"a/b"/:"c{d"'>>().toEqualTypeOf<'/:"a/b"'>();
    expectTypeOf<ListPath<'/\\/x/:id'>>().toEqualTypeOf<'/\\/x'>();
    expectTypeOf<ListPath<string>>().toEqualTypeOf<string>();
    const cases = ['/:group/posts/:id', '/:first/:second', '/:first', '/posts/:id?', '/users{/:id}', '/users/:id.json'];
    const more = ['/users/:id/details', '/repos/:owner/*path', 'https\\://api.example.com/users/:id', '/a{/:x/:y}', '/:a-:b'];
    const tricky = ['/g/:g{/x}/:id', '/g/:g{/x}:id', '/:"a/b"/:"c{d"', '/\\/x/:id'];
    expect([...cases, ...more, ...tricky].map(list)).toEqual([
      '/:group/posts',
      '/:first',
      '/',
      '/posts',
      '/users',
      '/users',
      '/users',
      '/repos/:owner',
      'https\\://api.example.com/users',
      '/a',
      '/',
      '/g/:g{/x}',
      '/g/:g',
      '/:"a/b"',
      '/\\/x',
    ]);
  });
});

describe('types: extend', () => {
  it("the add-member form: extend('publish', …) adds a typed member built from get", () => {
    const Published = PostResource.extend('publish', { path: '/:group/posts/:id/publish', method: 'POST' });
    expectTypeOf(Published.publish).parameters.toEqualTypeOf<[urlParams: I, body: any]>();
    expectTypeOf<DataOf<typeof Published.publish>>().toEqualTypeOf<Post>();
    expectTypeOf(Published.get).toEqualTypeOf(PostResource.get);
    const Renamed = PostResource.extend('get', { dataExpiryLength: 5000 });
    expectTypeOf(Renamed.get).parameters.toEqualTypeOf<[urlParams: I]>();
    expect(Published.publish.name).toBe('ResourceTypesPost.publish');
  });

  it('the batch form replaces the named members’ types; other names are errors', () => {
    const Batch = PostResource.extend({ update: { body: {} as PostBody }, get: { dataExpiryLength: 5000 } });
    expectTypeOf(Batch.update).parameters.toEqualTypeOf<[urlParams: I, body: PostBody]>();
    expectTypeOf(Batch.get).parameters.toEqualTypeOf<[urlParams: I]>();
    // @ts-expect-error only members may be named
    typeOnly(() => PostResource.extend({ publish: { method: 'POST' } }));
    expect(Batch.update.method).toBe('PUT');
  });

  it('the function form merges the returned members', () => {
    const ByAuthor = PostResource.extend((Base) => ({
      getByAuthor: Base.getList.extend({ path: '/:group/authors/:author/posts' }),
    }));
    // `author` is now a path parameter; the inherited `searchParams` intersect with it.
    expectTypeOf(ByAuthor.getByAuthor).parameters.toEqualTypeOf<[urlParams: { group: Value; author: string }]>();
    expectTypeOf<DataOf<typeof ByAuthor.getByAuthor>>().toEqualTypeOf<Post[]>();
    expectTypeOf(ByAuthor.get).parameters.toEqualTypeOf<[urlParams: I]>();
    expectTypeOf(ByAuthor.extend).toBeFunction();
    expect(ByAuthor.getByAuthor.url({ group: 'g', author: 'a' })).toBe('https://api.example.com/g/authors/a/posts');
  });
});

describe('types: the Endpoint option', () => {
  it('members keep the subclass’s own members', () => {
    class AuthedEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
      readonly tokenName: string = 'Access-Token';
    }
    const Authed = createResource({ path: '/posts/:id', schema: Post, Endpoint: AuthedEndpoint });
    expectTypeOf(Authed.get.tokenName).toEqualTypeOf<string>();
    expectTypeOf(Authed.get).parameters.toEqualTypeOf<[urlParams: { id: Value }]>();
    expectTypeOf(Authed.update.extend({ method: 'PATCH' }).tokenName).toEqualTypeOf<string>();
    expect(Authed.get).toBeInstanceOf(AuthedEndpoint);
  });
});

describe('types: hookifyResource', () => {
  it('one hook per endpoint member, returning that member', () => {
    const hooks = hookifyResource(PostResource, () => ({ headers: { 'Access-Token': 't' } }));
    expectTypeOf(hooks).toEqualTypeOf<{
      useGet: () => typeof PostResource.get;
      useGetList: () => typeof PostResource.getList;
      useUpdate: () => typeof PostResource.update;
      usePartialUpdate: () => typeof PostResource.partialUpdate;
      useDelete: () => typeof PostResource.delete;
    }>();
    const withPublish = hookifyResource(PostResource.extend('publish', { path: '/:group/posts/:id/publish', method: 'POST' }), () => ({}));
    expectTypeOf(withPublish.usePublish).returns.parameters.toEqualTypeOf<[urlParams: I, body: any]>();
    expect(Object.keys(hooks).sort()).toEqual(['useDelete', 'useGet', 'useGetList', 'usePartialUpdate', 'useUpdate']);
  });
});
