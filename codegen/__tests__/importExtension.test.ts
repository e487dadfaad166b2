/**
 * The output of an ESM TypeScript project (`"type": "module"`, `module`
 * and `moduleResolution` `nodenext`) needs file extensions on relative imports; the
 * `importExtension` option writes them, and no option keeps the bundler/CommonJS output as it was.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../src/cli';
import { checkConfig } from '../src/config';
import { generateToDir } from '../src/generate';
import { tempDir, typecheckNodeNext } from './support';

const dir = tempDir('rtk-rest-codegen-ext-');
const DESCRIPTION = join(__dirname, '../examples/bookshop.yaml');

describe('importExtension for ESM projects under nodenext', () => {
  it('without the option, nodenext rejects the extensionless relative imports (TS2835)', async () => {
    const out = join(dir(), 'plain');
    await generateToDir(DESCRIPTION, out, { validate: false });
    expect(readFileSync(join(out, 'index.ts'), 'utf8')).toContain("from './models';");
    expect(typecheckNodeNext(out).join('\n')).toMatch(/explicit file extensions/);
  });

  it("with importExtension: '.js', the output compiles under nodenext ESM", async () => {
    const out = join(dir(), 'js');
    const { files } = await generateToDir(DESCRIPTION, out, { validate: false, importExtension: '.js' });
    expect(files['index.ts']).toContain("from './models.js';");
    expect(Object.values(files).join('\n')).not.toMatch(/from '\.\/[A-Za-z]+';/);
    expect(typecheckNodeNext(out)).toEqual([]);
  });

  it('is checked: only "", ".js" or ".ts"', () => {
    expect(() => checkConfig({ importExtension: 'js' })).toThrow(/"importExtension" must be one of "", ".js", ".ts"/);
  });
});

describe('the --import-extension flag', () => {
  it('writes the extension, and rejects an unknown one', async () => {
    const out = join(dir(), 'cli');
    const lines: string[] = [];
    expect(await main([DESCRIPTION, '--out', out, '--import-extension', '.js'], (l) => lines.push(l))).toBe(0);
    expect(readFileSync(join(out, 'index.ts'), 'utf8')).toContain("from './server.js';");
    expect(await main([DESCRIPTION, '--out', out, '--import-extension', 'mjs'], (l) => lines.push(l))).toBe(1);
    expect(lines.join('\n')).toMatch(/--import-extension.*"importExtension" must be one of/);
  });
});
