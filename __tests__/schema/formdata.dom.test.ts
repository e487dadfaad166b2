import { Entity, normalize, schema } from 'rtk-rest';

// In a browser the FormData class is the DOM's, not Node's: collection filters and
// resource bodies must recognise it by the global of the environment they run in.
class DomTodo extends Entity {
  id = 0;
  title = '';
  userId = 0;
  pk() {
    return `${this.id}`;
  }
  static override key = 'DomTodo';
}
const todos = new schema.Collection([DomTodo]);
const meta = { fetchedAt: 1, date: 1, expiresAt: 1e12 };

describe('collection filters read a browser FormData body', () => {
  it('push with a DOM FormData body reaches the lists its entries match', () => {
    expect(typeof window).toBe('object');
    let store = normalize(todos, [], [{ userId: 2 }], {}, meta);
    store = normalize(todos, [], [{ userId: 3 }], store, meta);
    const form = new FormData();
    form.append('userId', '2');
    const out = normalize(todos.push, { id: 9, title: 'x', userId: 2 }, [form], store, meta);
    expect(out.entities['[DomTodo]']).toEqual({ '{"userId":"2"}': ['9'], '{"userId":"3"}': [] });
  });
});
