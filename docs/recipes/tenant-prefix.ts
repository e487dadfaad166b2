// #region recipe
import { Entity, createResource } from 'rtk-rest';

// The API root of the signed-in customer: its own host, a path on a shared host (GitHub
// Enterprise's `https://ghe.example.com/api/v3`), or a local server on `http`.
let apiRoot = 'https://acme.example.com';
export const setApiRoot = (root: string) => {
  apiRoot = root;
};

export class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
}

// A function: called for every URL and key, so url(), key(), testKey() and the request all
// use the root of that moment. Every member and extender (getList.push, getPage…) shares it.
export const PostResource = createResource({ path: '/posts/:id', schema: Post, urlPrefix: () => apiRoot });
// #endregion recipe
