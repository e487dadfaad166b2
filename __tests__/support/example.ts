/** The running example: User, Post and PostResource with urlPrefix `A`. */
import { Entity, createResource } from 'rtk-rest';

export const A = 'https://api.example.com';

export class User extends Entity {
  id = 0;
  username = '';
  createdAt = new Date(0);
  pk() {
    return `${this.id}`;
  }
  static override key = 'User';
  static override indexes = ['username'];
  static override schema = { createdAt: (iso: string) => new Date(iso) };
}

export class Post extends Entity {
  id = 0;
  title = '';
  author = User.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
  static override schema = { author: User };
}

export const PostResource = createResource({
  path: '/:group/posts/:id',
  schema: Post,
  urlPrefix: A,
  searchParams: {} as { author?: string },
  paginationField: 'page',
});
