/**
 * The in-process "server" of the store workload (bench/workloads/store.ts): posts `post-N` with
 * a nested author `user-(N % 100)` whose data never changes, served as pages. Every response is
 * a fresh object tree, as a parsed response is: pages are kept as JSON strings and parsed
 * either ahead of a timed run (`prepare`, so that no library's timing includes JSON.parse) or on
 * demand (memory runs, so that nothing but the store holds them).
 */

export interface UserData {
  id: string;
  name: string;
}
export interface PostData {
  id: string;
  title: string;
  author: UserData;
}
export interface CommentData {
  id: string;
  text: string;
}

export const AUTHORS = 100;

export const user = (k: number): UserData => ({ id: `user-${k}`, name: `User ${k}` });
export const post = (n: number, title = `Post ${n}`): PostData => ({ id: `post-${n}`, title, author: user(n % AUTHORS) });
export const comment = (i: number): CommentData => ({ id: `comment-${i}`, text: `Comment ${i}` });

/** Posts `from` … `from + count - 1`. */
export const posts = (from: number, count: number): PostData[] => Array.from({ length: count }, (_, i) => post(from + i));

export class PostServer {
  private readonly json: string[];
  private parsed: (PostData[] | undefined)[] = [];

  /** `pages` pages of `pageSize` posts each: page p holds posts p·pageSize … p·pageSize + pageSize − 1. */
  constructor(
    readonly pages: number,
    readonly pageSize: number,
  ) {
    this.json = Array.from({ length: pages }, (_, p) => JSON.stringify(posts(p * pageSize, pageSize)));
  }

  /** Parses every page now (untimed); `page()` then hands each out once. */
  prepare(): void {
    this.parsed = this.json.map((text) => JSON.parse(text) as PostData[]);
  }

  /** Page `p` as a fresh object tree; dropped from the server once handed out. */
  page(p: number): PostData[] {
    const ready = this.parsed[p];
    if (ready === undefined) return JSON.parse(this.json[p]!) as PostData[];
    this.parsed[p] = undefined;
    return ready;
  }

  /** The page's JSON text (for a real `Response`). */
  text(p: number): string {
    return this.json[p]!;
  }

  /** Total length of every page's JSON text, in UTF-16 units (ASCII here, so bytes). */
  jsonLength(): number {
    let length = 0;
    for (const text of this.json) length += text.length;
    return length;
  }
}

/** The page number of `…/posts?page=N`, without a URL parser. */
export function pageOf(url: string): number {
  return Number(url.slice(url.lastIndexOf('=') + 1));
}

/** Throws unless `list` is posts `from` … `from + count − 1` with their authors' names. */
export function checkPosts(lib: string, what: string, list: unknown, from: number, count: number): void {
  const fail = (problem: string) => {
    throw new Error(`[rtk-rest bench] store/${lib}: ${what}: ${problem}`);
  };
  if (!Array.isArray(list)) return fail(`expected an array of posts, got ${typeof list}`);
  if (list.length !== count) fail(`expected ${count} posts, got ${list.length}`);
  list.forEach((item: Partial<PostData> | undefined, i) => {
    const n = from + i;
    if (item?.id !== `post-${n}`) fail(`item ${i} is ${JSON.stringify(item?.id)}, expected "post-${n}"`);
    const name = item?.author?.name;
    if (name !== `User ${n % AUTHORS}`) fail(`post-${n} has author name ${JSON.stringify(name)}, expected "User ${n % AUTHORS}"`);
  });
}
