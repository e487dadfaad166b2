import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { AUTHORS, FIRST_PAGE, PAGE_SIZE, editTitleOnServer, installFakeFetch, renameAuthorOnServer, resetServer } from './data';
import { renders } from './ui';

/**
 * The in-page harness (bundled into each app's page): `install(app)` puts `window.bench` on the
 * page, which the driver (run.mjs) calls one step at a time. Each step times one action with
 * `performance.now()` from just before the action until the DOM shows its result: checked once
 * the action has returned (or its promise resolved) and the microtasks queued by it have run —
 * React renders a store update in a microtask — and then at every DOM mutation
 * (MutationObserver). The renders of rows and lists are counted from the start of the step until
 * the driver's `settle`, which also lets timers and effects left by the step run before the next.
 */

/** One app under test: a new store with nothing fetched, and the actions the steps time. */
export interface AppInstance {
  /** Dispatches the first page's fetch; resolves, once the store holds it, with its number of posts. */
  prefetch(): Promise<number>;
  /** The list app under its store's react-redux Provider. */
  element: ReactElement;
  /** A write the list does not show: a comment stored as if fetched elsewhere. */
  unrelatedWrite(id: number): void;
  /** Writes the author's new name into the cache (as a mutation's answer would). */
  renameAuthor(id: number, name: string): void;
  /** Writes the post's new title into the cache. */
  editTitle(id: number, title: string): void;
}

export interface BenchApp {
  lib: string;
  create(): AppInstance;
}

export const SCENARIOS = ['prefetch', 'mount', 'unrelatedWrite', 'unrelatedWriteAgain', 'renameAuthor', 'editTitle', 'appendPage'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/**
 * The author renamed and the post edited: author 7 wrote posts 7, 57, …, 957 and, on the appended
 * page, 1007 (which must show the new name too).
 */
const RENAMED_AUTHOR = 7;
const EDITED_POST = 500;
const renamedName = (round: number) => `Author ${RENAMED_AUTHOR}, renamed in round ${round}`;

interface Counts {
  rows: number;
  mounts: number;
  lists: number;
}

class PageBench {
  private container: HTMLElement | undefined;
  private root: Root | undefined;
  private app: AppInstance | undefined;
  private round = 0;

  constructor(readonly lib: string, private readonly create: () => AppInstance) {}

  describe() {
    return { lib: this.lib, crossOriginIsolated: globalThis.crossOriginIsolated, visibility: document.visibilityState, userAgent: navigator.userAgent };
  }

  /** A new store and an empty root, after a full GC when the page can force one. */
  start(round: number): void {
    this.finish();
    (globalThis as { gc?: () => void }).gc?.();
    this.round = round;
    resetServer();
    this.container = document.body.appendChild(document.createElement('div'));
    this.root = createRoot(this.container);
    this.app = this.create();
  }

  /** Times one scenario; throws when the DOM does not show what it should. */
  async step(name: ScenarioName): Promise<number> {
    const app = this.app!;
    Object.assign(renders, { rows: 0, mounts: 0, lists: 0 });
    switch (name) {
      case 'prefetch': {
        let posts: number | undefined;
        const ms = await this.timed(
          async () => {
            posts = await app.prefetch();
          },
          () => posts !== undefined,
        );
        check(posts === FIRST_PAGE, `prefetch stored ${posts} posts, not ${FIRST_PAGE}`);
        return ms;
      }
      case 'mount': {
        const ms = await this.timed(
          () => flushSync(() => this.root!.render(app.element)),
          () => this.list()?.childElementCount === FIRST_PAGE,
        );
        check(this.text(1) === 'Post 1 by Author 1', `row 1 shows "${this.text(1)}"`);
        return ms;
      }
      // The first write after the list was read, then another one (another comment).
      case 'unrelatedWrite':
      case 'unrelatedWriteAgain': {
        const comment = name === 'unrelatedWrite' ? 1 : 2;
        return this.timed(
          () => app.unrelatedWrite(comment),
          () => true,
        );
      }
      case 'renameAuthor': {
        const name = renamedName(this.round);
        const shown = this.row(RENAMED_AUTHOR).querySelector('.author')!;
        renameAuthorOnServer(RENAMED_AUTHOR, name);
        const ms = await this.timed(
          () => app.renameAuthor(RENAMED_AUTHOR, name),
          () => shown.textContent === name,
        );
        const renamed = [...this.list()!.querySelectorAll('.author')].filter((author) => author.textContent === name).length;
        check(renamed === FIRST_PAGE / AUTHORS, `${renamed} rows show the new author name`);
        return ms;
      }
      case 'editTitle': {
        const title = `Post ${EDITED_POST}, edited in round ${this.round}`;
        const shown = this.row(EDITED_POST).querySelector('.title')!;
        editTitleOnServer(EDITED_POST, title);
        return this.timed(
          () => app.editTitle(EDITED_POST, title),
          () => shown.textContent === title,
        );
      }
      case 'appendPage': {
        const list = this.list()!;
        const ms = await this.timed(
          () => this.container!.querySelector('button')!.click(),
          () => list.childElementCount === FIRST_PAGE + PAGE_SIZE,
        );
        const last = FIRST_PAGE + PAGE_SIZE;
        check(this.text(last) === `Post ${last} by Author ${((last - 1) % AUTHORS) + 1}`, `row ${last} shows "${this.text(last)}"`);
        const byRenamed = FIRST_PAGE + RENAMED_AUTHOR;
        check(this.text(byRenamed) === `Post ${byRenamed} by ${renamedName(this.round)}`, `row ${byRenamed} shows "${this.text(byRenamed)}"`);
        return ms;
      }
    }
  }

  /** Waits `ms`, then returns the renders counted since the step began. */
  async settle(ms: number): Promise<Counts> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { ...renders };
  }

  /** Unmounts the list and drops the store. */
  finish(): void {
    this.root?.unmount();
    this.container?.remove();
    this.root = this.container = this.app = undefined;
  }

  private async timed(action: () => unknown, done: () => boolean): Promise<number> {
    const start = performance.now();
    await action();
    if (!done()) await this.mutation(done);
    return performance.now() - start;
  }

  /** Resolves at the first DOM mutation after which `done()` holds. */
  private mutation(done: () => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const observer = new MutationObserver(() => {
        if (!done()) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      });
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`[rtk-rest bench] browser: ${this.lib}: the DOM did not show the result within 10 s`));
      }, 10_000);
      observer.observe(this.container!, { childList: true, subtree: true, characterData: true });
    });
  }

  private list(): HTMLUListElement | null {
    return this.container!.querySelector('ul');
  }

  private row(id: number): Element {
    const row = this.list()?.querySelector(`li[data-id="${id}"]`);
    check(row != null, `no row for post ${id}`);
    return row!;
  }

  private text(id: number): string {
    return this.row(id).textContent ?? '';
  }
}

function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(`[rtk-rest bench] browser: ${message}`);
}

/** Installs the fake server and `window.bench` for the driver. */
export function install(app: BenchApp): void {
  installFakeFetch(2);
  (globalThis as { bench?: PageBench }).bench = new PageBench(app.lib, () => app.create());
}
