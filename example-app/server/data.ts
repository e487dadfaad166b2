import type { Router } from 'json-server';
import seed from './db.json';
import type { Comment, Credential, Post, Seed, StoredComment, StoredPost, Tables, User } from './types';
import { HttpError } from './http';

/** A fresh deep copy of db.json, so that no run ever changes the seed. */
export function freshSeed(): Seed {
  return structuredClone(seed as Seed);
}

/** The served tables of a seed; credentials stay out of json-server's router. */
export function tablesOf({ users, posts, comments }: Seed): Tables {
  return { users, posts, comments };
}

/** Reads and writes the in-memory database behind json-server's router. */
export class Data {
  constructor(
    private readonly router: Router<Tables>,
    private credentials: Credential[],
  ) {}

  /** The live tables; mutating them is how routes write. */
  get tables(): Tables {
    return this.router.db.getState();
  }

  /** Replaces every table with a fresh copy of the seed. */
  reseed(): void {
    const fresh = freshSeed();
    this.credentials = fresh.credentials;
    this.router.db.setState(tablesOf(fresh));
  }

  userById(id: number): User | undefined {
    return this.tables.users.find((user) => user.id === id);
  }

  /** The user with these credentials, or undefined. */
  authenticate(username: string, password: string): User | undefined {
    const user = this.tables.users.find((candidate) => candidate.username === username);
    const credential = user && this.credentials.find((c) => c.user_id === user.id);
    return credential?.password === password ? user : undefined;
  }

  /** The post with this id in this group, or a 404. */
  post(group: string, id: number): StoredPost {
    const post = this.tables.posts.find((candidate) => candidate.id === id && candidate.group === group);
    if (!post) throw new HttpError(404, `No post ${id} in ${group}`);
    return post;
  }

  /** The post on the wire, with its author expanded. */
  expandPost({ author_id, ...post }: StoredPost): Post {
    return { ...post, author: this.author(author_id) };
  }

  /** The comment on the wire, with its author expanded. */
  expandComment({ author_id, ...comment }: StoredComment): Comment {
    return { ...comment, author: this.author(author_id) };
  }

  private author(id: number): User {
    const user = this.userById(id);
    if (!user) throw new Error(`The seed has no user ${id}`);
    return { ...user };
  }
}

/** One more than the largest id of a table (1 when empty). */
export function nextId(rows: ReadonlyArray<{ id: number }>): number {
  return rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
}
