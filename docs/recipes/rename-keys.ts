// #region recipe
import { Entity, createResource } from 'rtk-rest';

export class Comment extends Entity {
  id = '';
  body = '';
  pk() {
    return this.id;
  }
  static override key = 'Comment';
  // The server calls the key `_id`. Entity-level process runs wherever a Comment appears,
  // nested in other entities too, before pk() is computed.
  static override process(input: any) {
    const { _id, ...fields } = input;
    return { ...fields, id: _id };
  }
}

export class Thread extends Entity {
  id = 0;
  title = '';
  comments: Comment[] = [];
  pk() {
    return `${this.id}`;
  }
  static override key = 'Thread';
  static override schema = { comments: [Comment] };
}

export const ThreadResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/threads/:id',
  schema: Thread,
});
// #endregion recipe
