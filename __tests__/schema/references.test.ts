/**
 * Moving stored references from one pk of an entity table to another, as a store does when an
 * update answers under another pk: read per schema, so only references to that table move.
 */
import { Entity, schema } from 'rtk-rest';
import { movedCell, movedReferences, schemaTables, toNode } from '../../src/schema';

class User extends Entity {
  id = 0;
  pk() {
    return `${this.id}`;
  }
  static override key = 'User';
}

class Post extends Entity {
  id = 0;
  author = User.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
  static override schema = { author: User };
}

const move = { key: 'User', from: '1', to: 'one' };
const node = (definition: unknown) => toNode(definition)!;

describe('movedReferences', () => {
  it('moves references to the table and pk only, through arrays, objects and dictionaries', () => {
    const definition = { users: [User], posts: [Post], byRole: new schema.Values(User), owner: User, count: 0 };
    const stored = { users: ['2', '1', null], posts: ['1'], byRole: { admin: '1', guest: '2' }, owner: 1, count: 1 };
    expect(movedReferences(node(definition), stored, move)).toEqual({
      users: ['2', 'one', null],
      // Post 1 is another table's pk 1: it stays.
      posts: ['1'],
      byRole: { admin: 'one', guest: '2' },
      owner: 'one',
      count: 1,
    });
  });

  it('returns the value itself when it holds no reference to move', () => {
    const stored = { users: ['2', '3'], owner: '4' };
    expect(movedReferences(node({ users: [User], owner: User }), stored, move)).toBe(stored);
  });

  it('moves a union reference only when its member is the moved table', () => {
    const Feed = new schema.Union({ user: User, post: Post }, 'type');
    const stored = [
      { id: '1', schema: 'post' },
      { id: '1', schema: 'user' },
    ];
    expect(movedReferences(node([Feed]), stored, move)).toEqual([
      { id: '1', schema: 'post' },
      { id: 'one', schema: 'user' },
    ]);
  });

  it('keeps a collection pk (its list is a cell of its own) and moves through Invalidate', () => {
    expect(movedReferences(new schema.Collection([User]), '{}', { key: '[User]', from: '{}', to: 'x' })).toBe('{}');
    expect(movedReferences(new schema.Invalidate(User), '1', move)).toBe('one');
  });

  it('a list that already holds the new pk keeps it once, at its place', () => {
    expect(movedReferences(node([User]), ['one', '2', '1'], move)).toEqual(['one', '2']);
  });
});

describe('movedCell and schemaTables', () => {
  it('moves an entity cell’s nested fields and a collection’s list', () => {
    const tables = schemaTables([new schema.Collection([Post]), User]);
    // User has no nested schema: none of its cells can hold a reference.
    expect([...tables.keys()]).toEqual(['[Post]', 'Post']);
    expect(movedCell(tables.get('Post')!, { id: 5, author: '1' }, move)).toEqual({ id: 5, author: 'one' });
    expect(movedCell(tables.get('[Post]')!, ['5', '1'], { key: 'Post', from: '1', to: '9' })).toEqual(['5', '9']);
  });

  it('follows cycles and skips definitions that are no schema', () => {
    class Node extends Entity {
      id = 0;
      pk() {
        return `${this.id}`;
      }
      static override key = 'Node';
      static override schema: Record<string, unknown> = {};
    }
    Node.schema = { next: Node };
    expect([...schemaTables([Node, 42, undefined]).keys()]).toEqual(['Node']);
    expect(movedCell(toNode(Node)!, { id: 1, next: '1' }, { key: 'Node', from: '1', to: '2' })).toEqual({ id: 1, next: '2' });
  });
});
