/**
 * The example app in a real browser against its real server: log in, list, load more,
 * create, edit, delete, fast likes, polling, token expiry; and what a new user met.
 * The server lists newest first: page 1 holds posts 12 to 8.
 */
import type { Locator } from 'playwright-core';
import { e2e, eventually, logIn, open, titles, useApp } from './support';

const { app, page } = useApp();
const post = (id: number | string) => page().getByTestId(`post-${id}`);

/** Sends the page's next `method` request matching `pattern` with `X-Fail: 500`: the server refuses it and changes nothing. */
async function failNext(method: string, pattern: string | RegExp): Promise<void> {
  let used = false;
  await page().route(pattern, async (route) => {
    if (used || route.request().method() !== method) return route.fallback();
    used = true;
    await route.continue({ headers: { ...route.request().headers(), 'x-fail': '500' } });
  });
}

/** Edits a post's title through its inline form. */
async function editTitle(row: Locator, title: string): Promise<void> {
  await row.getByRole('button', { name: 'Edit' }).click();
  await row.getByLabel('Title').fill(title);
  await row.getByRole('button', { name: 'Save' }).click();
}

e2e(
  'logs in with the form and shows who is signed in',
  async () => {
    await open(page(), app.url);
    await expect(page().getByTestId('user').count()).resolves.toBe(0);
    await logIn(page());
    await expect(page().getByTestId('user').textContent()).resolves.toBe('Ada Lovelace');
    await expect(page().getByRole('button', { name: 'Publish' }).isVisible()).resolves.toBe(true);
  },
  page,
);

e2e(
  'a wrong password says so and stays logged out',
  async () => {
    await open(page(), app.url);
    await page().getByLabel('Password').fill('nope');
    await page().getByRole('button', { name: 'Log in' }).click();
    await page().getByText('Wrong username or password.').waitFor();
    await expect(page().getByTestId('user').count()).resolves.toBe(0);
  },
  page,
);

e2e(
  'the list shows the first page of posts from the server',
  async () => {
    await open(page(), app.url);
    const server = await app.api('/api/react/posts');
    await expect(titles(page())).resolves.toEqual(server.map((p: { title: string }) => p.title));
    // Dates and decimals arrive as strings and are shown through their deserializers.
    await expect(post(11).locator('.meta').textContent()).resolves.toMatch(/by Ada Lovelace · \d+\/\d+\/2024 · rating 4\.2/);
  },
  page,
);

e2e(
  'load more appends page 2, then page 3, without duplicates',
  async () => {
    await open(page(), app.url);
    await page().getByRole('button', { name: 'Load more' }).click();
    await page().locator('.posts > li').nth(9).waitFor();
    await page().getByRole('button', { name: 'Load more' }).click();
    await page().locator('.posts > li').nth(11).waitFor();
    const shown = await titles(page());
    expect(shown).toHaveLength(12);
    expect(new Set(shown).size).toBe(12);
    const all = [...(await app.api('/api/react/posts')), ...(await app.api('/api/react/posts?page=2')), ...(await app.api('/api/react/posts?page=3'))];
    expect(shown).toEqual(all.map((p: { title: string }) => p.title));
    await expect(page().getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);
  },
  page,
);

e2e(
  'a failed "Load more" shows its error while the list stays; Load more again appends the page',
  async () => {
    await open(page(), app.url);
    await page().locator('.posts > li').nth(4).waitFor();
    const first = await titles(page());
    // The next page's URL as the server's Link header names it, made to fail once.
    await failNext('GET', /\/api\/react\/posts\?page=2$/);
    await page().getByRole('button', { name: 'Load more' }).click();
    const alert = page().getByRole('region', { name: 'Posts' }).getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(/500|Simulated server failure/);
    await expect(titles(page())).resolves.toEqual(first);
    await page().getByRole('button', { name: 'Load more' }).click();
    await page().locator('.posts > li').nth(9).waitFor();
    await expect(alert.count()).resolves.toBe(0);
    const pages = [...(await app.api('/api/react/posts')), ...(await app.api('/api/react/posts?page=2'))];
    await expect(titles(page())).resolves.toEqual(pages.map((p: { title: string }) => p.title));
  },
  page,
);

e2e(
  'edit changes the title in place and on the server',
  async () => {
    await open(page(), app.url);
    await logIn(page());
    await post(12).getByRole('button', { name: 'Edit' }).click();
    await post(12).getByLabel('Title').fill('Edited in the browser');
    await post(12).getByRole('button', { name: 'Save' }).click();
    await post(12).locator('h3', { hasText: 'Edited in the browser' }).waitFor();
    await eventually(async () => (await app.api('/api/react/posts/12')).title, (title) => title === 'Edited in the browser', { what: 'the server to store the edit' });
  },
  page,
);

e2e(
  'delete removes the post from the list and the server',
  async () => {
    await open(page(), app.url);
    await logIn(page());
    const title = await post(11).locator('h3').textContent();
    await post(11).getByRole('button', { name: 'Delete' }).click();
    await post(11).waitFor({ state: 'detached' });
    await expect(titles(page())).resolves.not.toContain(title);
    await eventually(async () => (await fetch(`${app.url}/api/react/posts/11`)).status, (status) => status === 404, { what: 'the server to delete post 11' });
  },
  page,
);

e2e(
  'three fast likes end at the server’s count',
  async () => {
    await open(page(), app.url);
    await logIn(page());
    const before = (await app.api('/api/react/posts/12')).like_count as number;
    const like = post(12).getByRole('button', { name: /^Like / });
    await like.click();
    await like.click();
    await like.click();
    await eventually(async () => (await app.api('/api/react/posts/12')).like_count, (count) => count === before + 3, { what: 'three likes on the server' });
    await post(12).locator('.likes', { hasText: String(before + 3) }).waitFor();
    await page().waitForLoadState('networkidle');
    await expect(post(12).locator('.likes').textContent()).resolves.toBe(String(before + 3));
  },
  page,
);

e2e(
  'the stats widget updates by polling',
  async () => {
    await open(page(), app.url);
    const visitors = page().getByTestId('visitors');
    await visitors.waitFor();
    const first = await visitors.textContent();
    // The server counts a visitor a second and the widget polls every 2 s.
    await eventually(() => visitors.textContent(), (now) => now !== first, { timeout: 8_000, what: 'the stats to change' });
  },
  page,
);

e2e(
  'an expired token logs out with a message',
  async () => {
    await open(page(), app.url);
    await logIn(page());
    await app.api('/api/_control/expire-tokens', { method: 'POST' });
    await post(12).getByRole('button', { name: /^Like / }).click();
    await page().getByText('Your session expired. Log in again.').waitFor();
    await expect(page().getByTestId('user').count()).resolves.toBe(0);
    await page().getByRole('button', { name: 'Log in' }).waitFor();
  },
  page,
);

describe('the example app, tried as a new user would', () => {
  e2e(
    'the failure switch fails the next change, not the stats poll, and its message clears',
    async () => {
      await open(page(), app.url);
      await logIn(page());
      const original = (await post(12).locator('h3').textContent())!;
      await page().getByRole('button', { name: /^Make the next \w+ fail$/ }).click();
      const hint = page().locator('.fail [role="status"]');
      await hint.waitFor();
      // The stats widget polls every 2 s: two polls go through while the switch waits for a change.
      const visitors = page().getByTestId('visitors');
      for (let poll = 0; poll < 2; poll++) {
        const shown = await visitors.textContent();
        await eventually(() => visitors.textContent(), (now) => now !== shown, { what: 'a stats poll to succeed' });
      }
      await expect(hint.isVisible()).resolves.toBe(true);
      await editTitle(post(12), 'This edit will fail');
      await post(12).getByRole('alert').filter({ hasText: 'The server failed (500)' }).waitFor();
      await expect(post(12).locator('h3').textContent()).resolves.toBe(original);
      await expect(app.api('/api/react/posts/12')).resolves.toMatchObject({ title: original });
      await hint.waitFor({ state: 'detached' });
      // One change only: the next one goes through.
      await editTitle(post(12), 'This edit works');
      await post(12).locator('h3', { hasText: 'This edit works' }).waitFor();
      await eventually(async () => (await app.api('/api/react/posts/12')).title, (title) => title === 'This edit works', { what: 'the server to store the edit' });
      await expect(post(12).getByRole('alert').count()).resolves.toBe(0);
    },
    page,
  );

  e2e(
    'a failed delete brings the post back with a message',
    async () => {
      await open(page(), app.url);
      await logIn(page());
      const title = await post(11).locator('h3').textContent();
      await failNext('DELETE', '**/api/react/posts/11');
      await post(11).getByRole('button', { name: 'Delete' }).click();
      await post(11).getByRole('alert').filter({ hasText: 'The server failed (500)' }).waitFor();
      await expect(post(11).locator('h3').textContent()).resolves.toBe(title);
      await expect(app.api('/api/react/posts/11')).resolves.toMatchObject({ id: 11, title });
    },
    page,
  );

  e2e(
    'a new post appears at the top of the list, on screen, and stays there after a reload',
    async () => {
      await open(page(), app.url);
      await logIn(page());
      // Hold the server's answer back, to see the optimistic post before it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page().route('**/api/react/posts', async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      });
      await page().getByLabel('New post title').fill('Written in the browser test');
      await page().getByLabel('New post body').fill('Hello!');
      await page().getByRole('button', { name: 'Publish' }).click();
      const first = page().locator('.posts > li').first();
      await first.and(page().locator('.pending', { hasText: 'Written in the browser test' })).waitFor();
      const box = (await first.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(page().viewportSize()!.height);
      release();
      await first.and(page().locator(':not(.pending)', { hasText: 'Written in the browser test' })).waitFor();
      await expect(page().locator('.posts > li', { hasText: 'Written in the browser test' }).count()).resolves.toBe(1);
      await page().reload();
      await first.waitFor();
      await expect(first.locator('h3').textContent()).resolves.toBe('Written in the browser test');
    },
    page,
  );

  e2e(
    'the new-post form on useMutation: a failed create shows the server’s message and keeps what was typed; a retry publishes and empties it',
    async () => {
      await open(page(), app.url);
      await logIn(page());
      const publish = page().getByRole('button', { name: /^Publish/ });
      const alert = page().locator('.new-post [role="alert"]');
      await failNext('POST', '**/api/react/posts');
      await page().getByLabel('New post title').fill('Kept after a failure');
      await page().getByLabel('New post body').fill('Still here');
      await publish.click();
      // The server's own message (its JSON body), not only the status.
      await alert.filter({ hasText: 'Simulated server failure' }).waitFor();
      await expect(alert.textContent()).resolves.toMatch(/500.*try again/);
      await expect(page().getByLabel('New post title').inputValue()).resolves.toBe('Kept after a failure');
      await expect(page().getByLabel('New post body').inputValue()).resolves.toBe('Still here');
      await expect(page().locator('.posts > li', { hasText: 'Kept after a failure' }).count()).resolves.toBe(0);
      // A 422 with field errors shows each field's message.
      await page().route('**/api/react/posts', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ errors: [{ field: 'title', message: 'is already taken' }] }) })
          : route.fallback(),
      );
      await publish.click();
      await alert.filter({ hasText: 'title: is already taken' }).waitFor();
      await expect(page().getByLabel('New post title').inputValue()).resolves.toBe('Kept after a failure');
      await page().unroute('**/api/react/posts');
      // Trying again: the button says so while the request is out, then the form empties.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page().route('**/api/react/posts', async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.fallback();
      });
      await publish.click();
      await page().getByRole('button', { name: 'Publishing…', disabled: true }).waitFor();
      release();
      await page().locator('.posts > li:not(.pending)', { hasText: 'Kept after a failure' }).waitFor();
      await page().getByRole('button', { name: 'Publish', disabled: false }).waitFor();
      await expect(page().getByLabel('New post title').inputValue()).resolves.toBe('');
      await expect(page().getByLabel('New post body').inputValue()).resolves.toBe('');
      await expect(alert.count()).resolves.toBe(0);
      await eventually(
        async () => (await app.api('/api/react/posts')).filter((p: { title: string }) => p.title === 'Kept after a failure').length,
        (count) => count === 1,
        { what: 'the server to store the post once' },
      );
    },
    page,
  );

  e2e(
    'the like button and the edit form on useMutation: a failure shows the server’s message and rolls back; the next try clears it',
    async () => {
      await open(page(), app.url);
      await logIn(page());
      const row = post(12);
      const original = (await row.locator('h3').textContent())!;
      const likes = (await row.locator('.likes').textContent())!;
      await failNext('POST', '**/api/react/posts/12/like');
      await row.getByRole('button', { name: /^Like / }).click();
      await row.getByRole('alert').filter({ hasText: 'The server failed (500): Simulated server failure' }).waitFor();
      await expect(row.locator('.likes').textContent()).resolves.toBe(likes);
      await failNext('PATCH', '**/api/react/posts/12');
      // The like's message is still on screen, so waiting for "an alert" would pass at once: wait for the PATCH's answer,
      // then for the rolled-back title (the row renders it a moment after the answer arrives).
      const patched = page().waitForResponse((response) => response.request().method() === 'PATCH' && response.url().endsWith('/api/react/posts/12'));
      await editTitle(row, 'This edit will fail');
      await expect(patched.then((response) => response.status())).resolves.toBe(500);
      await row.locator('h3', { hasText: original }).waitFor();
      await page().locator('[data-testid="post-12"]:not(.pending)').waitFor();
      await expect(row.locator('h3').textContent()).resolves.toBe(original);
      await expect(row.getByRole('alert').textContent()).resolves.toContain('Simulated server failure');
      // The like's state is its own: a like that succeeds clears its message, and the failed edit's stays until it is tried again.
      await row.getByRole('button', { name: /^Like / }).click();
      await row.locator('.likes', { hasText: String(Number(likes) + 1) }).waitFor();
      await editTitle(row, 'This edit works');
      await row.locator('h3', { hasText: 'This edit works' }).waitFor();
      await page().waitForLoadState('networkidle');
      await expect(row.getByRole('alert').count()).resolves.toBe(0);
      await expect(app.api('/api/react/posts/12')).resolves.toMatchObject({ title: 'This edit works', like_count: Number(likes) + 1 });
    },
    page,
  );

  e2e(
    'logging out clears the messages of the session',
    async () => {
      await open(page(), app.url);
      await logIn(page());
      await failNext('POST', '**/api/react/posts/12/like');
      await post(12).getByRole('button', { name: /^Like / }).click();
      await post(12).getByRole('alert').waitFor();
      await page().getByRole('button', { name: /^Make the next \w+ fail$/ }).click();
      await page().locator('.fail [role="status"]').waitFor();
      await page().getByRole('button', { name: 'Log out' }).click();
      await page().getByRole('button', { name: 'Log in' }).waitFor();
      await post(12).waitFor();
      await expect(page().getByRole('alert').count()).resolves.toBe(0);
      await expect(page().locator('.fail [role="status"]').count()).resolves.toBe(0);
    },
    page,
  );

  e2e(
    'rows are memoized: a like renders only the liked post’s row again',
    async () => {
      await open(page(), app.url);
      await logIn(page());
      const renders = async () =>
        Object.fromEntries(await page().locator('.posts > li').evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-testid'), Number(row.getAttribute('data-renders'))])));
      await page().waitForLoadState('networkidle');
      const before = await renders();
      expect(Object.keys(before)).toEqual(['post-12', 'post-11', 'post-10', 'post-9', 'post-8']);
      for (const count of Object.values(before)) expect(count).toBeGreaterThanOrEqual(1);
      const likes = (await app.api('/api/react/posts/12')).like_count as number;
      await post(12).getByRole('button', { name: /^Like / }).click();
      await post(12).locator('.likes', { hasText: String(likes + 1) }).waitFor();
      await eventually(async () => (await app.api('/api/react/posts/12')).like_count, (count) => count === likes + 1, { what: 'the like on the server' });
      await page().waitForLoadState('networkidle');
      const after = await renders();
      expect(after['post-12']).toBeGreaterThan(before['post-12']!);
      expect({ ...after, 'post-12': 0 }).toEqual({ ...before, 'post-12': 0 });
    },
    page,
  );
});

describe('live posts over server-sent events', () => {
  /** How many clients listen to the server's post events now. */
  const openStreams = async () => ((await app.api('/api/_control/events')) as { clients: number }).clients;
  const untilOpenStreams = (clients: number) => eventually(openStreams, (count) => count === clients, { what: `${clients} open event streams` });

  /** Creates a post as `username` through the API, as another client would. */
  async function createElsewhere(title: string, username = 'grace'): Promise<{ id: number; title: string }> {
    const session = await app.api('/api/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password: 'password' }) });
    return app.api('/api/react/posts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Access-Token': session.access_token },
      body: JSON.stringify({ title, body: 'Sent from another client' }),
    });
  }

  e2e(
    'a post created elsewhere appears live over SSE at the top of the list, exactly once, with no refetch; leaving the page closes the stream',
    async () => {
      const listReads: string[] = [];
      page().on('request', (request) => {
        if (request.method() === 'GET' && /\/api\/react\/posts(\?|$)/.test(request.url())) listReads.push(request.url());
      });
      await open(page(), app.url);
      // The list is mounted: the page holds one stream open.
      await untilOpenStreams(1);
      const reads = listReads.length;
      const created = await createElsewhere('Pushed over SSE');
      const first = page().locator('.posts > li').first();
      await first.locator('h3', { hasText: 'Pushed over SSE' }).waitFor();
      await expect(first.getAttribute('data-testid')).resolves.toBe(`post-${created.id}`);
      await expect(first.locator('.meta').textContent()).resolves.toMatch(/^by Grace Hopper/);
      await expect(page().locator('.posts > li', { hasText: 'Pushed over SSE' }).count()).resolves.toBe(1);
      expect(listReads).toHaveLength(reads);
      // Logging in remounts the list: its stream closes and a new one opens, never two at once for long.
      await logIn(page());
      await untilOpenStreams(1);
      // A post this page creates comes back over the stream too: it is shown once.
      await page().getByLabel('New post title').fill('Created on this page');
      await page().getByRole('button', { name: 'Publish' }).click();
      await page().locator('.posts > li:not(.pending)', { hasText: 'Created on this page' }).waitFor();
      await page().waitForLoadState('networkidle');
      await expect(page().locator('.posts > li', { hasText: 'Created on this page' }).count()).resolves.toBe(1);
      await expect(titles(page()).then((shown) => shown.slice(0, 2))).resolves.toEqual(['Created on this page', 'Pushed over SSE']);
      // A reload closes the old stream and opens one; leaving the app closes it.
      await page().reload();
      await page().locator('.posts > li').first().waitFor();
      await untilOpenStreams(1);
      await page().goto('about:blank');
      await untilOpenStreams(0);
    },
    page,
  );
});
