/* A console tour of rtk-rest's schema layer (what `npm start` shows until the example app lands). */
import { Entity, MemoCache, normalize, schema } from 'rtk-rest';

class User extends Entity {
  id = 0;
  username = '';
  createdAt = new Date(0);
  pk() {
    return `${this.id}`;
  }
  static override key = 'User';
  static override indexes = ['username'];
  static override schema = { createdAt: Date };
}

class Post extends Entity {
  id = 0;
  title = '';
  author = User.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
  static override schema = { author: User };
}

const list = new schema.Collection([Post]);
const response = [
  { id: 5, title: 'Normalized', author: { id: 1, username: 'ann', createdAt: '2024-01-01T00:00:00.000Z' } },
  { id: 6, title: 'Always consistent', author: { id: 1, username: 'ann', createdAt: '2024-01-01T00:00:00.000Z' } },
];
const first = normalize(list, response, [{ group: 'react' }]);
console.log('Stored as plain JSON (what Redux DevTools shows):');
console.log(JSON.stringify({ entities: first.entities, indexes: first.indexes }, null, 2));

const memo = new MemoCache();
const posts = memo.denormalize(list, first.result, first.entities).data!;
console.log('\nRead back as instances:', posts.map((p) => `${p.title} by ${p.author.username}, ${p.author.createdAt.toISOString()}`));
console.log('Both posts share one author instance:', posts[0]!.author === posts[1]!.author);

const renamed = normalize(User, { id: 1, username: 'annie' }, [], first);
const again = memo.denormalize(list, first.result, renamed.entities).data!;
console.log('\nAfter one write to User 1, every post shows it:', again.map((p) => p.author.username));
console.log('Index follows the rename:', renamed.indexes.User);
console.log('\nThe React example app arrives with the next issues; run `npm test` for the suite.');
