/** A user as stored and as served. */
export interface User {
  id: number;
  username: string;
  display_name: string;
  created_at: string;
}

/** A password, kept apart from `users` so no route ever serves it. */
export interface Credential {
  user_id: number;
  password: string;
}

/** A post as stored: `author_id` is expanded to `author` on the wire. */
export interface StoredPost {
  id: number;
  group: string;
  title: string;
  body: string;
  author_id: number;
  created_at: string;
  updated_at: string;
  like_count: number;
  /** A decimal with two places, kept as a string like a SQL NUMERIC column. */
  rating: string;
}

/** A comment as stored. */
export interface StoredComment {
  id: number;
  post_id: number;
  author_id: number;
  body: string;
  created_at: string;
}

/** The tables json-server's router serves from memory. */
export interface Tables {
  users: User[];
  posts: StoredPost[];
  comments: StoredComment[];
}

/** The shape of db.json. */
export interface Seed extends Tables {
  credentials: Credential[];
}

/** A post on the wire. */
export type Post = Omit<StoredPost, 'author_id'> & { author: User };

/** A comment on the wire. */
export type Comment = Omit<StoredComment, 'author_id'> & { author: User };

/** Options shared by createApiServer and startServer. */
export interface ServerOptions {
  /** The clock, in epoch milliseconds; tests pass a controllable one. Default Date.now. */
  now?: () => number;
  /** How long an access token lives. Default 30 minutes. */
  tokenTtlMs?: number;
  /** Posts per page. Default 5. */
  pageSize?: number;
  /** The built app's folder, served at / with an index.html fallback. */
  staticDir?: string;
  /** How a request with `X-Delay: <ms>` waits; tests pass one that needs no real time. Default setTimeout. */
  wait?: (ms: number) => Promise<void>;
}
