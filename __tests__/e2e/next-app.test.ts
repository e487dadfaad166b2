/**
 * The Next.js App Router example (next-app/) in a real browser: built with `next build` (by
 * .ci/run, or here when no build is found), served with `next start`, against the example REST
 * server, both on free loopback ports. Checks what server rendering promises: the posts in the
 * first HTML, no request from the browser for data the server delivered fresh, a slow read
 * streamed (fallback, then content), mutations after hydration, no hydration warning, and one
 * user's page never showing another user's data.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer } from '../../example-app/server';
import { e2e, eventually } from './support';

const root = join(__dirname, '..', '..');
const appDir = join(root, 'next-app');
const nextBin = join(appDir, 'node_modules', 'next', 'dist', 'bin', 'next');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

/** The app as `.ci/run` builds it; built here when missing (the library's build must exist). */
function ensureBuilt(): void {
  if (!existsSync(nextBin)) throw new Error('next-app is not installed: npm run build && npm ci --prefix next-app');
  if (existsSync(join(appDir, '.next', 'BUILD_ID'))) return;
  const run = spawnSync(process.execPath, [nextBin, 'build'], { cwd: appDir, env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`next build failed:\n${run.stdout}\n${run.stderr}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let api: Awaited<ReturnType<typeof startServer>>;
let next: ChildProcess | undefined;
let nextLog = '';
let browser: Browser;
let base = '';
const contexts: BrowserContext[] = [];
let current: Page | undefined;
const page = () => current!;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`no chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  ensureBuilt();
  api = await startServer({ port: 0 });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  next = spawn(process.execPath, [nextBin, 'start', '--port', String(port), '--hostname', '127.0.0.1'], { cwd: appDir, env: { ...env, API_URL: api.url } });
  next.stdout!.on('data', (chunk) => (nextLog += chunk));
  next.stderr!.on('data', (chunk) => (nextLog += chunk));
  await eventually(
    () => fetch(`${base}/login`).then((r) => r.status, () => 0),
    (status) => status === 200,
    { timeout: 30_000, what: 'next start to answer' },
  ).catch((error) => {
    throw new Error(`${error.message}\nnext start said:\n${nextLog}`);
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}, 300_000);

beforeEach(async () => {
  api.reset();
  current = await newPage();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  next?.kill('SIGTERM');
  await api?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  contexts.push(context);
  const created = await context.newPage();
  created.setDefaultTimeout(10_000);
  return created;
}

/** What a page sent and logged: its requests to the API (through /rest or straight), RSC payload requests, console problems. */
function watch(target: Page) {
  const seen = { data: [] as string[], rsc: [] as string[], problems: [] as string[] };
  target.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(`${base}/rest/`) || url.startsWith(api.url)) seen.data.push(`${request.method()} ${url}`);
    else if (request.headers()['rsc'] === '1' || url.includes('_rsc=')) seen.rsc.push(url);
  });
  target.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.problems.push(`${message.type()}: ${message.text()}`);
  });
  target.on('pageerror', (error) => seen.problems.push(`pageerror: ${error.message}`));
  return seen;
}

/** Waits until React has hydrated the element (its DOM node carries React's fiber), then for the network to go quiet. */
async function hydrated(target: Page, selector: string): Promise<void> {
  await target.waitForFunction((css) => {
    const node = document.querySelector(css);
    return node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber'));
  }, selector);
  await target.waitForLoadState('networkidle');
}

async function logIn(target: Page, username: string): Promise<void> {
  await target.goto(`${base}/login`);
  await hydrated(target, 'form');
  await target.getByLabel('Username').fill(username);
  await target.getByLabel('Password').fill('password');
  await Promise.all([target.waitForURL(`${base}/me`), target.getByRole('button', { name: 'Log in' }).click()]);
}

const unescape = (html: string) =>
  html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const listTitles = (html: string) => [...html.matchAll(/class="title">([^<]*)</g)].map((match) => unescape(match[1]!));
const serverTitles = async (path: string) => ((await (await fetch(api.url + path)).json()) as { title: string }[]).map((post) => post.title);

e2e(
  'the first HTML response already holds the posts (server render time and size recorded)',
  async () => {
    const expected = await serverTitles('/api/react/posts');
    expect(expected).toHaveLength(5);
    const first = await fetch(`${base}/`);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(listTitles(html)).toEqual(expected);
    // Warm runs: the time to the whole document (fetch of the list on the REST server included) and its size.
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      const body = await (await fetch(`${base}/`)).arrayBuffer();
      times.push(performance.now() - start);
      size = body.byteLength;
    }
    times.sort((a, b) => a - b);
    const metrics = { postsPage: { renderMsMedian: Number(times[3]!.toFixed(1)), renderMsMin: Number(times[0]!.toFixed(1)), htmlBytes: size } };
    mkdirSync(join(root, '.ci', 'out'), { recursive: true });
    writeFileSync(join(root, '.ci', 'out', 'next-app-metrics.json'), JSON.stringify(metrics, null, 2));
    console.log(`next-app posts page: ${JSON.stringify(metrics.postsPage)}`);
  },
  page,
);

e2e(
  'the browser sends no request for data the server delivered fresh (list, post, signed-in page)',
  async () => {
    const seen = watch(page());
    await page().goto(`${base}/`);
    await hydrated(page(), '[data-testid=post-list]');
    await page().goto(`${base}/posts/10`);
    await hydrated(page(), '[data-testid=post-detail]');
    await expect(page().getByTestId('post-detail').locator('h2').textContent()).resolves.toBe((await (await fetch(`${api.url}/api/react/posts/10`)).json()).title);
    await logIn(page(), 'ada');
    await hydrated(page(), '[data-testid=profile]');
    expect(seen.data).toEqual([]);
    console.log(`next-app data requests after hydration: ${seen.data.length}; RSC prefetches of linked routes: ${seen.rsc.length}`);
  },
  page,
);

e2e(
  'a slow endpoint streams its fallback first, then its content in the same response, and the browser does not fetch it again',
  async () => {
    // The raw stream: the fallback arrives in a chunk before the one that brings the posts.
    const response = await fetch(`${base}/slow`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(decoder.decode(read.value, { stream: true }));
    const fallbackAt = chunks.findIndex((chunk) => chunk.includes('data-testid="slow-fallback"'));
    const contentAt = chunks.findIndex((chunk) => chunk.includes('data-testid="slow-posts"'));
    expect(fallbackAt).toBeGreaterThanOrEqual(0);
    expect(contentAt).toBeGreaterThan(fallbackAt);
    const grace = await serverTitles('/api/react/posts?author=grace');
    expect(grace.length).toBeGreaterThan(0);
    for (const title of grace) expect(chunks.slice(contentAt).join('')).toContain(title.replace(/'/g, '&#x27;'));
    // The read's data (its key in a script RestScripts inserted) comes before the content that read it.
    const whole = chunks.join('');
    const dataAt = whole.indexOf('GET api:/api/react/posts?author=grace');
    expect(dataAt).toBeGreaterThan(whole.indexOf('data-testid="slow-fallback"'));
    expect(dataAt).toBeLessThan(whole.indexOf('data-testid="slow-posts"'));

    // In the browser: the content shows, from the streamed data, with no second request.
    const seen = watch(page());
    await page().goto(`${base}/slow`);
    await hydrated(page(), '[data-testid=slow-posts]');
    await expect(page().getByTestId('slow-posts').locator('li').count()).resolves.toBe(grace.length);
    expect(seen.data).toEqual([]);
    expect(seen.problems).toEqual([]);
  },
  page,
);

e2e(
  'a like and an edit after hydration update the post and its row in the list, and the list page after a client navigation',
  async () => {
    await logIn(page(), 'ada');
    const seen = watch(page());
    await page().goto(`${base}/posts/10`);
    await hydrated(page(), '[data-testid=post-detail]');
    const before = (await (await fetch(`${api.url}/api/react/posts/10`)).json()).like_count as number;
    const detail = page().getByTestId('post-detail');
    const row = page().getByTestId('list-post-10');
    await expect(detail.locator('.likes').textContent()).resolves.toBe(String(before));

    await detail.getByRole('button', { name: 'Like' }).click();
    await eventually(() => detail.locator('.likes').textContent(), (text) => text === String(before + 1), { what: 'the like in the detail' });
    await eventually(() => row.locator('.likes').textContent(), (text) => text === String(before + 1), { what: 'the like in the list' });

    await detail.getByRole('button', { name: 'Edit' }).click();
    await detail.getByLabel('Title').fill('Renamed in the browser');
    await detail.getByRole('button', { name: 'Save' }).click();
    await eventually(() => detail.locator('h2').textContent(), (text) => text === 'Renamed in the browser', { what: 'the new title in the detail' });
    await eventually(() => row.locator('.title').textContent(), (text) => text === 'Renamed in the browser', { what: 'the new title in the list' });
    const stored = await (await fetch(`${api.url}/api/react/posts/10`)).json();
    expect(stored).toMatchObject({ like_count: before + 1, title: 'Renamed in the browser' });
    // The mutations were the only requests to the API.
    expect(seen.data).toEqual([`POST ${base}/rest/api/react/posts/10/like`, `PATCH ${base}/rest/api/react/posts/10`]);

    // Back to the list by a client navigation: the route's slice merges into the tab's store.
    await page().getByRole('link', { name: 'Posts', exact: true }).click();
    await page().waitForURL(`${base}/`);
    await eventually(() => page().getByTestId('list-post-10').locator('.title').textContent(), (text) => text === 'Renamed in the browser', { what: 'the list page' });
    await expect(page().getByTestId('list-post-10').locator('.likes').textContent()).resolves.toBe(String(before + 1));
    await page().waitForLoadState('networkidle');
    expect(seen.data).toHaveLength(2); // the list came with the route's slice, not from the browser
    expect(seen.problems).toEqual([]);
  },
  page,
);

e2e(
  'no page logs a hydration warning or any other console error',
  async () => {
    const seen = watch(page());
    for (const [path, selector] of [
      ['/', '[data-testid=post-list]'],
      ['/posts/3', '[data-testid=post-detail]'],
      ['/slow', '[data-testid=slow-posts]'],
      ['/login', 'form'],
    ] as const) {
      await page().goto(base + path);
      await hydrated(page(), selector);
    }
    await logIn(page(), 'grace');
    await hydrated(page(), '[data-testid=profile]');
    expect(seen.problems).toEqual([]);
  },
  page,
);

e2e(
  'the signed-in page is rendered with each user’s own cookie: two users at once never see each other’s data, and the token never reaches the page',
  async () => {
    const ada = page();
    const grace = await newPage();
    await Promise.all([logIn(ada, 'ada'), logIn(grace, 'grace')]);
    const users = [
      { page: ada, name: 'Ada Lovelace', username: 'ada', other: ['Grace Hopper', '@grace'] },
      { page: grace, name: 'Grace Hopper', username: 'grace', other: ['Ada Lovelace', '@ada'] },
    ];
    for (const user of users) {
      const cookie = (await user.page.context().cookies()).find((c) => c.name === 'session')!;
      expect(cookie.httpOnly).toBe(true);
      Object.assign(user, { token: cookie.value });
    }
    // Both users' pages, rendered at the same time, several rounds.
    for (let round = 0; round < 4; round++) {
      await Promise.all(users.map((user) => user.page.reload()));
      for (const user of users) {
        await expect(user.page.getByTestId('me').textContent()).resolves.toBe(user.name);
        const html = await user.page.content();
        for (const other of user.other) expect(html).not.toContain(other);
        const mine = await serverTitles(`/api/react/posts?author=${user.username}`);
        await expect(user.page.getByTestId('my-posts').locator('li').allTextContents()).resolves.toEqual(mine);
      }
    }
    // Straight HTTP, many requests of both users interleaved: each answer is its sender's, and no
    // document holds a token, its own or the other's.
    const tokens = users.map((user) => (user as unknown as { token: string }).token);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => {
        const user = users[i % 2]!;
        return fetch(`${base}/me`, { headers: { Cookie: `session=${tokens[i % 2]}` } }).then(async (r) => ({ user, html: await r.text() }));
      }),
    );
    for (const { user, html } of answers) {
      expect(html).toContain(`data-testid="me">${user.name}<`);
      for (const other of user.other) expect(html).not.toContain(other);
      for (const token of tokens) expect(html).not.toContain(token);
    }
    // Without a session the page sends the visitor to the login form.
    const anonymous = await fetch(`${base}/me`, { redirect: 'manual' });
    expect(anonymous.status).toBe(307);
    expect(anonymous.headers.get('location')).toMatch(/\/login$/);
  },
  page,
);

