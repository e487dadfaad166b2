/**
 * GitHub's full description (`@octokit/openapi`, api.github.com, ~1,000 operations)
 * generates a client that compiles with `tsc --strict`, and every operation is in it.
 */
import { join } from 'node:path';
import { generateToDir } from '../src';
import { tempDir, typecheck } from './support';

const DESCRIPTION = join(__dirname, '../node_modules/@octokit/openapi/generated/api.github.com.json');

const outDir = tempDir('rtk-rest-codegen-github-');

describe("GitHub's full description", () => {
  it('generates every operation, as a resource member or an endpoint, and the client compiles with 0 errors', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const doc = require(DESCRIPTION) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      ['get', 'post', 'put', 'patch', 'delete'].filter((m) => item[m]).map((m) => `\`${m.toUpperCase()} ${path}\``),
    );
    expect(operations.length).toBeGreaterThan(900);

    const { files, warnings } = await generateToDir(DESCRIPTION, outDir());
    const code = Object.values(files).join('\n');
    // Each operation's TSDoc ends with its method and path, once.
    const documented = operations.filter((line) => code.split(`* ${line}\n`).length === 2);
    expect(documented).toHaveLength(operations.length);
    expect(code.match(/= createResource\(/g)!.length).toBeGreaterThan(50);
    expect(code.match(/ extends Entity \{/g)!.length).toBeGreaterThan(150);
    expect(warnings.list.length).toBeLessThan(20);

    expect(typecheck(outDir())).toEqual([]);
  }, 300_000);
});
