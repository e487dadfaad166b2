/**
 * The fake server both apps fetch from, answered inside the page: `fetch` is replaced by a
 * function that answers at once (latency 0, no network) with a real `Response` holding JSON text
 * built before the run, so both libraries pay the same for parsing and the benchmark measures
 * the libraries, not the network.
 *
 * `GET /posts` (and `/posts?page=1`) is the first page, posts 1–1,000; `/posts?page=N` for N ≥ 2
 * holds the next 20. Post i is by author ((i − 1) mod 50) + 1, so each of the 50 authors wrote 20
 * of the first page's posts. Authors are embedded in each post, as a REST API sends them.
 * `GET /comments/:id` answers a comment, which neither list shows. The server knows the renames and
 * edits the apps write into their caches (`renameAuthor`, `editTitle`), as a server that took the
 * mutation would, so a later page does not bring back an author's old name.
 */

export const URL_PREFIX = 'http://bench.test';
export const FIRST_PAGE = 1000;
export const PAGE_SIZE = 20;
export const AUTHORS = 50;

export interface AuthorData {
  id: number;
  name: string;
}
export interface PostData {
  id: number;
  title: string;
  author: AuthorData;
}
export interface CommentData {
  id: number;
  text: string;
}

const authorNames = new Map<number, string>();
const titles = new Map<number, string>();

function post(id: number): PostData {
  const author = ((id - 1) % AUTHORS) + 1;
  return { id, title: titles.get(id) ?? `Post ${id}`, author: { id: author, name: authorNames.get(author) ?? `Author ${author}` } };
}

/** The posts of a page (1-based): the first holds FIRST_PAGE, later ones PAGE_SIZE. */
export function pagePosts(page: number): PostData[] {
  const first = page === 1 ? 1 : FIRST_PAGE + (page - 2) * PAGE_SIZE + 1;
  const count = page === 1 ? FIRST_PAGE : PAGE_SIZE;
  return Array.from({ length: count }, (_, i) => post(first + i));
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const bodies = new Map<number, string>();

function pageBody(page: number): string {
  let body = bodies.get(page);
  if (body === undefined) bodies.set(page, (body = JSON.stringify(pagePosts(page))));
  return body;
}

function answer(url: URL): string {
  if (url.pathname === '/posts') return pageBody(Number(url.searchParams.get('page') ?? 1));
  const comment = /^\/comments\/(\d+)$/.exec(url.pathname);
  if (comment !== null) return JSON.stringify({ id: Number(comment[1]), text: `Comment ${comment[1]}` });
  throw new Error(`[rtk-rest bench] browser: no fake answer for ${url.href}`);
}

let prebuilt = 0;
/** Builds the pages' JSON ahead of the requests, so that no timed request pays for it. */
function prebuild(): void {
  bodies.clear();
  for (let page = 1; page <= prebuilt; page++) pageBody(page);
}

/** The server's data as it was at first (a new round). */
export function resetServer(): void {
  authorNames.clear();
  titles.clear();
  prebuild();
}
export function renameAuthorOnServer(id: number, name: string): void {
  authorNames.set(id, name);
  prebuild();
}
export function editTitleOnServer(id: number, title: string): void {
  titles.set(id, title);
  prebuild();
}

/** Replaces `globalThis.fetch` with the fake server, its first `pages` pages built ahead. */
export function installFakeFetch(pages: number): void {
  prebuilt = pages;
  prebuild();
  globalThis.fetch = (input: RequestInfo | URL) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return Promise.resolve(new Response(answer(new URL(href)), { status: 200, headers: JSON_HEADERS }));
  };
}
