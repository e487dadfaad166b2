/**
 * A wrapped, cursor-paginated list keeps its optional and nullable leaf
 * fields (`{ items, next: string | null }`), typed as they may arrive, not only required ones.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateYaml, tempDir, typecheck } from './support';

const dir = tempDir('rtk-rest-codegen-leaves-');

const DESCRIPTION = `openapi: 3.0.3
info: { title: Shop, version: '1.0' }
servers: [{ url: 'http://127.0.0.1/api' }]
paths:
  /reviews:
    get:
      operationId: listReviews
      parameters:
        - { name: cursor, in: query, schema: { type: string } }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [items, total]
                properties:
                  items: { type: array, items: { $ref: '#/components/schemas/Review' } }
                  total: { type: integer }
                  next: { type: string, nullable: true }
                  more: { type: boolean }
components:
  schemas:
    Review:
      type: object
      required: [id]
      properties:
        id: { type: integer }
`;

describe('optional and nullable leaves of a wrapped list are kept', () => {
  it('types next as string | null | undefined, and the client reads r.next', async () => {
    const { out, files } = await generateYaml(dir(), DESCRIPTION);
    const code = files['default.ts']!;
    expect(code).toContain("next: '' as string | null | undefined");
    expect(code).toContain('more: false as boolean | undefined');
    expect(code).toContain('total: 0');
    expect(code).toContain("paginationField: 'cursor'");
    // What the user wrote: reading the cursor of a page compiles.
    writeFileSync(
      join(out, 'use.ts'),
      "import type { Denormalize } from 'rtk-rest';\nimport { listReviews } from './default';\n" +
        'export function next(r: Denormalize<typeof listReviews.schema>): string | null | undefined {\n  return r.next;\n}\n',
    );
    expect(typecheck(out)).toEqual([]);
  });
});
