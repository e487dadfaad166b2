/**
 * Browser tests of the example app: the app built with Vite, served with its REST
 * server on a free loopback port, driven by playwright-core in Debian's chromium. Each test gets
 * a fresh server database and a fresh browser context; a failing test saves a screenshot.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer } from '../../example-app/server';

const root = join(__dirname, '..', '..');
const appDir = join(root, 'example-app');
export const screenshotDir = join(root, '.ci', 'out', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Builds the app once per test file. */
function buildApp(): string {
  const outDir = join(appDir, 'dist');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const run = spawnSync(process.execPath, [vite, 'build', '--config', join(appDir, 'vite.config.mts'), '--logLevel', 'warn'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`vite build failed:\n${run.stdout}\n${run.stderr}`);
  return outDir;
}

export interface AppUnderTest {
  url: string;
  /** A JSON request straight to the API (not through the app). */
  api(path: string, init?: RequestInit): Promise<any>;
}

/** Starts server and browser in beforeAll; gives each test a fresh database and page. */
export function useApp(): { app: AppUnderTest; page: () => Page } {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let current: Page | undefined;
  const app: AppUnderTest = {
    url: '',
    async api(path, init) {
      const response = await fetch(app.url + path, init);
      return response.status === 204 ? undefined : response.json();
    },
  };
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`no chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
    const staticDir = buildApp();
    server = await startServer({ port: 0, staticDir });
    app.url = server.url;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  }, 120_000);
  beforeEach(async () => {
    server!.reset();
    context = await browser!.newContext({ viewport: { width: 1000, height: 900 } });
    current = await context.newPage();
    current.setDefaultTimeout(10_000);
  });
  afterEach(async () => {
    await context?.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return { app, page: () => current! };
}

/** A test that saves a screenshot of the page when it fails. */
export function e2e(name: string, body: () => Promise<void>, page: () => Page): void {
  test(
    name,
    async () => {
      try {
        await body();
      } catch (error) {
        mkdirSync(screenshotDir, { recursive: true });
        const file = join(screenshotDir, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`);
        await page()
          .screenshot({ path: file, fullPage: true })
          .catch(() => undefined);
        throw error;
      }
    },
    60_000,
  );
}

/** Opens the app and waits for the first page of posts. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('.posts > li').first().waitFor();
}

/** Logs in through the form as `username` (password "password"). */
export async function logIn(page: Page, username = 'ada'): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('user').waitFor();
}

export const titles = (page: Page) => page.locator('.posts > li h3').allTextContents();

/** Polls `read` until `check` accepts its value (browser tests wait on a real app and server). */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, { timeout = 10_000, what = 'condition' } = {}): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
