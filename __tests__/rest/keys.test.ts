import { Entity, RestEndpoint, createResource, denormalize, normalize } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';
import { jsonResponse, restoreFetchAfterEach, stubFetch } from '../support/fetch';

class KPost extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'KPost';
}
const A = 'https://api.example.com';
const PostResource = createResource({ path: '/:group/posts/:id', schema: KPost, urlPrefix: A, searchParams: {} as { author?: string }, paginationField: 'page' });

describe('an overridden url() is used by key() and by the request', () => {
  let tenant = 'acme';
  class TenantEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
    override url(params: any) {
      return `https://${tenant}.example.com${super.url(params)}`;
    }
    override testKey(key: string) {
      return super.testKey(key.replace(/^(\S+) https:\/\/[^/]+/, '$1 '));
    }
  }
  const getPost = new TenantEndpoint({ path: '/posts/:id' });
  restoreFetchAfterEach();

  it('key() and the request use the override; testKey is overridden with it', async () => {
    expect(getPost.key({ id: 5 })).toBe('GET https://acme.example.com/posts/5');
    tenant = 'beta';
    expect(getPost.key({ id: 5 })).toBe('GET https://beta.example.com/posts/5');
    expect(getPost.testKey('GET https://beta.example.com/posts/5')).toBe(true);
    const calls = stubFetch(() => jsonResponse({ id: 5 }));
    await getPost({ id: 5 });
    expect(calls.map(({ url }) => url)).toEqual(['https://beta.example.com/posts/5']);
  });
});

describe('a page has the key of the list it extends', () => {
  it('getList.getPage.key({ group, author, page: 2 }) is the list key', () => {
    const getPage = PostResource.getList.getPage;
    expect(getPage.key({ group: 'react', author: 'ann', page: 2 })).toBe(`GET ${A}/react/posts?author=ann`);
    expect(getPage.key({ group: 'react', author: 'ann', page: 2 })).toBe(PostResource.getList.key({ group: 'react', author: 'ann' }));
    expect(getPage.url({ group: 'react', author: 'ann', page: 2 })).toBe(`${A}/react/posts?author=ann&page=2`);
  });
});

describe('delete ordering', () => {
  const del = (fetchedAt: number) => ({ fetchedAt, date: fetchedAt, expiresAt: 1e12 });
  it('a response to a request started before the delete cannot bring the entity back', () => {
    const stored = normalize(KPost, { id: 5, title: 'a' }, [], {}, del(100));
    const deleted = normalize(PostResource.delete.schema, { group: 'react', id: 5 }, [], stored, del(300));
    const late = normalize(PostResource.get.schema, { id: 5, title: 'stale' }, [], deleted, del(200));
    expect(late.entities.KPost!['5']).toBeNull();
    expect(denormalize(KPost, '5', late.entities)).toBeUndefined();
  });

  it('a request that starts after the delete re-creates the entity', () => {
    const deleted = normalize(PostResource.delete.schema, '5', [], {}, del(300));
    const recreated = normalize(PostResource.get.schema, { id: 5, title: 'again' }, [], deleted, del(400));
    expect(recreated.entities.KPost!['5']).toEqual({ id: 5, title: 'again' });
    expect(denormalize(KPost, '5', recreated.entities)).toBeInstanceOf(KPost);
  });
});

describe('keyPrefix: keys independent of the origin requests go to', () => {
  restoreFetchAfterEach();
  const onServer = createResource({ path: '/:group/posts/:id', schema: KPost, urlPrefix: 'http://internal:3000', keyPrefix: 'api:' });
  const inBrowser = createResource({ path: '/:group/posts/:id', schema: KPost, urlPrefix: 'https://public.example', keyPrefix: 'api:' });

  it('keys use keyPrefix in place of urlPrefix, so both sides make the same keys; requests still go to urlPrefix', async () => {
    const args = { group: 'react', id: 5, author: 'ann' };
    expect(onServer.get.key(args)).toBe('GET api:/react/posts/5?author=ann');
    expect(inBrowser.get.key(args)).toBe(onServer.get.key(args));
    expect(inBrowser.getList.key({ group: 'react' })).toBe('GET api:/react/posts');
    expect(onServer.get.url(args)).toBe('http://internal:3000/react/posts/5?author=ann');
    const calls = stubFetch(() => jsonResponse({ id: 5 }));
    await onServer.get(args);
    expect(calls.map(({ url }) => url)).toEqual(['http://internal:3000/react/posts/5?author=ann']);
  });

  it('testKey matches keys made with keyPrefix, and no longer those made with the URL', () => {
    expect(inBrowser.get.testKey(onServer.get.key({ group: 'react', id: 5 }))).toBe(true);
    expect(inBrowser.get.testKey('GET https://public.example/react/posts/5')).toBe(false);
  });

  it('extend keeps keyPrefix; a urlPrefix function with a keyPrefix keeps the key stable', () => {
    let origin = 'http://internal:3000';
    const get = new RestEndpoint({ path: '/posts/:id', urlPrefix: () => origin, keyPrefix: '' });
    const extended = get.extend({ dataExpiryLength: 5 });
    expect(extended.key({ id: 5 })).toBe('GET /posts/5');
    origin = 'https://public.example';
    expect(get.key({ id: 5 })).toBe('GET /posts/5');
    expect(get.url({ id: 5 })).toBe('https://public.example/posts/5');
  });

  it('a keyPrefix that is not a string is a clear error', () => {
    expect(() => new RestEndpoint({ path: '/posts/:id', keyPrefix: 5 as unknown as string })).toThrow('[rtk-rest] GET /posts/:id: keyPrefix must be a string, got number.');
  });
});
