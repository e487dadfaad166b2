/**
 * The JSON bodies of 4xx / 5xx / default responses become exported
 * types (`GetBookError`), and a client reading them compiles with `tsc --strict`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateToDir } from '../src';
import { tempDir, typecheck } from './support';

const outDir = tempDir('rtk-rest-codegen-errors-');
const json = (schema: object) => ({ description: 'answer', content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const DESCRIPTION = {
  openapi: '3.0.3',
  info: { title: 'Shop', version: '1' },
  servers: [{ url: 'https://shop.test' }],
  components: {
    schemas: {
      Book: { type: 'object', properties: { id: { type: 'string' }, title: { type: 'string' } } },
      NotFound: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
      Problem: { type: 'object', required: ['title', 'status'], properties: { title: { type: 'string' }, status: { type: 'integer' } } },
    },
    responses: { NotFound: json(ref('NotFound')) },
  },
  paths: {
    '/books/{id}': {
      get: {
        operationId: 'getBook',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: json(ref('Book')),
          404: { $ref: '#/components/responses/NotFound' },
          422: json({ type: 'object', required: ['errors'], properties: { errors: { type: 'array', items: { type: 'string' } } } }),
          500: { description: 'no body' },
          default: json(ref('Problem')),
        },
      },
    },
    '/stats': { get: { operationId: 'getStats', responses: { 200: json({ type: 'object' }), '4XX': json(ref('Problem')) } } },
    '/ping': { get: { operationId: 'ping', responses: { 204: { description: 'ok' }, 503: { description: 'down' } } } },
  },
};

describe('typed error responses', () => {
  it('exports the union of an operation\'s JSON error bodies, with their statuses in its TSDoc', async () => {
    const spec = join(outDir(), 'shop.json');
    writeFileSync(spec, JSON.stringify(DESCRIPTION));
    const { files } = await generateToDir(spec, join(outDir(), 'client'));
    const code = files['default.ts']!;
    expect(code).toMatch(/\* `GET \/books\/\{id\}` answers these JSON bodies on errors: 404 `NotFound`, 422, default `Problem`\.\n \*\/\nexport type GetBookError = NotFound \| \{ errors: Array<string> \} \| Problem;/);
    expect(code).toContain('export type GetStatsError = Problem;');
    expect(code).not.toContain('PingError');
  });

  it('a client narrowing error bodies with them compiles', () => {
    writeFileSync(
      join(outDir(), 'client/usage.ts'),
      `import { NetworkError } from 'rtk-rest';
import type { GetBookError } from './index';

/** What the error says, read from the response of a failed call. */
export async function explain(error: unknown): Promise<string> {
  if (!(error instanceof NetworkError) || !error.response) return 'offline';
  const body = (await error.response.json()) as GetBookError;
  if ('errors' in body) return body.errors.join(', ');
  if ('status' in body) return \`\${body.status} \${body.title}\`;
  return body.message;
}
`,
    );
    expect(typecheck(join(outDir(), 'client'))).toEqual([]);
  }, 60_000);
});
