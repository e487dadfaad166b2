// #region recipe
import { Entity, RestEndpoint, createResource } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';

export class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
}

/** Every request made through this class lets the browser attach its cookies. */
export class CookieEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  override async getRequestInit(body: unknown) {
    return { ...(await super.getRequestInit(body)), credentials: 'same-origin' as const };
  }
}

// `Endpoint` builds every member (get, getList, update, …) and every extender (getList.push, …)
// from CookieEndpoint, so no request of the resource can forget the credentials.
export const PostResource = createResource({
  path: '/api/:group/posts/:id',
  schema: Post,
  Endpoint: CookieEndpoint,
});
// #endregion recipe
