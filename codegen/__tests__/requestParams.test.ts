/**
 * Header and cookie parameters are generated (typed, and sent through
 * `withHeaders` / `withCookies`), and security schemes map to `setAuth` credentials that the
 * operations requiring them send (http bearer and basic, apiKey in a header, the query or a cookie,
 * OAuth 2 tokens) — against a server answering `fetch`, through a real store.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateToDir } from '../src';
import { storeWithRest, tempDir, typecheck } from './support';

const outDir = tempDir('rtk-rest-codegen-params-');
const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

const ok = { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Report' } } } };
const DESCRIPTION = {
  openapi: '3.0.3',
  info: { title: 'Reports', version: '1' },
  servers: [{ url: 'https://reports.test' }],
  security: [{ bearer: [] }],
  components: {
    // A report has no id (plain endpoints); a note is an Entity (a resource whose get has a header parameter).
    schemas: { Report: { type: 'object', properties: { title: { type: 'string' } } }, Note: { type: 'object', properties: { id: { type: 'string' }, title: { type: 'string' } } } },
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer' },
      basic: { type: 'http', scheme: 'basic' },
      key: { type: 'apiKey', in: 'query', name: 'api_key' },
      partner: { type: 'apiKey', in: 'header', name: 'X-Partner-Key' },
      oauth: { type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://reports.test/auth', scopes: {} } } },
    },
  },
  paths: {
    '/reports/{id}': {
      get: {
        operationId: 'getReport',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'integer' } },
          { name: 'Accept', in: 'header', schema: { type: 'string' } },
          { name: 'session', in: 'cookie', schema: { type: 'string' } },
        ],
        responses: { 200: ok },
      },
    },
    '/notes/{id}': {
      get: {
        operationId: 'getNote',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } } },
      },
    },
    '/public/reports/{id}': { get: { operationId: 'getPublicReport', security: [{ key: [] }, {}], parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: ok } } },
    '/partner/reports/{id}': { get: { operationId: 'getPartnerReport', security: [{ partner: [], basic: [] }, { oauth: [] }], parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: ok } } },
  },
};

let client: any;
let warnings: { kind: string }[];
const requests: { url: string; headers: Record<string, string> }[] = [];

beforeAll(async () => {
  const spec = join(outDir(), 'reports.json');
  writeFileSync(spec, JSON.stringify(DESCRIPTION));
  ({ warnings: { list: warnings } } = await generateToDir(spec, join(outDir(), 'client')));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  client = require(join(outDir(), 'client/index.ts'));
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(input), headers: Object.fromEntries(new Headers(init?.headers)) });
    return new Response(JSON.stringify({ id: '1', title: 'Q1' }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});
beforeEach(() => {
  requests.length = 0;
  client.setAuth({});
});

describe('header and cookie parameters', () => {
  it('are generated as typed options, without warnings (Accept is left to the request, as OpenAPI says)', () => {
    const code = readFileSync(join(outDir(), 'client/default.ts'), 'utf8');
    expect(code).toContain("headerParams: {} as { 'X-Tenant': string; 'X-Trace'?: number }");
    expect(code).toContain('cookieParams: {} as { session?: string }');
    expect(code).toContain("get: noteResourceBase.get.extend({ headerParams: {} as { 'X-Tenant': string } })");
    expect(warnings).toEqual([]);
  });

  it('withHeaders and withCookies send them, and give the same endpoint for equal values', async () => {
    const { rest, store } = storeWithRest();
    const { getReport, withHeaders, withCookies } = client;
    const endpoint = withCookies(withHeaders(getReport, { 'X-Tenant': 'acme', 'X-Trace': 7 }), { session: 'a b' });
    expect(withHeaders(getReport, { 'X-Tenant': 'acme', 'X-Trace': 7 })).toBe(withHeaders(getReport, { 'X-Tenant': 'acme', 'X-Trace': 7 }));
    const report: any = await store.dispatch(rest.fetch(endpoint, { id: '1' }));
    expect(report.title).toBe('Q1');
    const note: any = await store.dispatch(rest.fetch(withHeaders(client.NoteResource.get, { 'X-Tenant': 'beta' }), { id: '1' }));
    expect(note).toBeInstanceOf(client.Note);
    expect(requests).toEqual([
      { url: 'https://reports.test/reports/1', headers: expect.objectContaining({ 'x-tenant': 'acme', 'x-trace': '7', cookie: 'session=a%20b' }) },
      { url: 'https://reports.test/notes/1', headers: expect.objectContaining({ 'x-tenant': 'beta' }) },
    ]);
  });
});

describe('security schemes', () => {
  it('setAuth credentials go where the scheme says, only with the operations that require them', async () => {
    const { rest, store } = storeWithRest();
    const { getReport, getPublicReport, setAuth, withHeaders } = client;
    await store.dispatch(rest.fetch(getPublicReport, { id: '1' }));
    setAuth({ bearer: 'tok', key: 'k 1' });
    await store.dispatch(rest.fetch(withHeaders(getReport, { 'X-Tenant': 'acme' }), { id: '2' }));
    await store.dispatch(rest.fetch(getPublicReport, { id: '3' }));
    expect(requests.map((r) => [r.url, r.headers.authorization])).toEqual([
      // optional ({}): sent without credentials while none are set
      ['https://reports.test/public/reports/1', undefined],
      ['https://reports.test/reports/2', 'Bearer tok'],
      // the query key is added when sending: the store's key has no credential in it
      ['https://reports.test/public/reports/3?api_key=k%201', undefined],
    ]);
    expect(getPublicReport.key({ id: '3' })).toBe('GET https://reports.test/public/reports/3');
  });

  it('the first alternative whose credentials are all set is sent: an API key with basic, else an OAuth 2 token', async () => {
    const { rest, store } = storeWithRest();
    const { getPartnerReport, setAuth } = client;
    setAuth({ partner: 'p', basic: { username: 'ann', password: 'pw' }, oauth: 'o' });
    await store.dispatch(rest.fetch(getPartnerReport, { id: '1' }));
    setAuth({ partner: 'p', oauth: 'o' });
    await store.dispatch(rest.fetch(getPartnerReport, { id: '2' }));
    expect(requests.map((r) => [r.headers['x-partner-key'], r.headers.authorization])).toEqual([
      ['p', `Basic ${btoa('ann:pw')}`],
      [undefined, 'Bearer o'],
    ]);
  });

  it('the client compiles, and header parameters and credentials are type-checked', () => {
    writeFileSync(
      join(outDir(), 'client/usage.ts'),
      `import { getReport, NoteResource, setAuth, withHeaders } from './index';
export const a = withHeaders(getReport, { 'X-Tenant': 'acme' });
export const n = withHeaders(NoteResource.get, { 'X-Tenant': 'acme' });
// @ts-expect-error the note's get has X-Tenant only
export const m = withHeaders(NoteResource.get, { 'X-Tenant': 'acme', 'X-Trace': 1 });
// @ts-expect-error X-Tenant is required
export const b = withHeaders(getReport, {});
// @ts-expect-error X-Trace is a number
export const c = withHeaders(getReport, { 'X-Tenant': 'acme', 'X-Trace': 'x' });
setAuth({ bearer: 'token', basic: { username: 'ann', password: 'pw' } });
// @ts-expect-error basic takes a user and a password
setAuth({ basic: 'token' });
`,
    );
    expect(typecheck(join(outDir(), 'client'))).toEqual([]);
  }, 60_000);
});
