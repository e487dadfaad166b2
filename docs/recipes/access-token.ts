// #region recipe
import { Entity, RestEndpoint, createResource } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';

// The token lives in this module: never in the Redux store, never in an action.
let accessToken: string | undefined;
export const setAccessToken = (token: string | undefined) => {
  accessToken = token;
};

export class AuthedEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  // Runs while each request is prepared, so every request sends the token of that moment.
  override getHeaders(headers: Record<string, string>) {
    return accessToken ? { ...headers, 'Access-Token': accessToken } : headers;
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

export const PostResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/:group/posts/:id',
  schema: Post,
  Endpoint: AuthedEndpoint,
});
// #endregion recipe
