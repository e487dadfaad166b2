// #region recipe
import { Entity, RestEndpoint, createResource } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';

let tenant = 'acme';
export const setTenant = (name: string) => {
  tenant = name;
};

export class TenantEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  // Used by key() and by the request, so each tenant's data is cached under its own keys.
  override url(params: Record<string, unknown>) {
    return `https://${tenant}.example.com${super.url(params)}`;
  }
  // Keys no longer start with `${method} ${urlPrefix}`: strip the host before matching, so
  // invalidateAll(endpoint), expireAll(endpoint) and mockFetch interceptors match every tenant.
  override testKey(key: string) {
    return super.testKey(key.replace(/^(\S+) https:\/\/[^/]+/, '$1 '));
  }
}

export class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
}

export const PostResource = createResource({ path: '/posts/:id', schema: Post, Endpoint: TenantEndpoint });
// #endregion recipe
