/**
 * `--config` as a TypeScript file (`rtk-rest-codegen.config.ts`),
 * loaded with jiti, with `defineConfig` typed for editors, and clear errors for a config that
 * fails to load or has unknown keys.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../src/cli';
import ts from 'typescript';
import { tempDir } from './support';

// Loading a TypeScript config and type-checking it (a whole program) takes seconds on a busy machine.
jest.setTimeout(30_000);

const dir = tempDir('rtk-rest-codegen-config-');
const DESCRIPTION = join(__dirname, '../examples/bookshop.yaml');
const EXAMPLE = join(__dirname, '../examples/rtk-rest-codegen.config.ts');

/** The type errors of a config file, the generator's sources standing in for the installed package. */
function configErrors(file: string): string {
  const options = { strict: true, noEmit: true, skipLibCheck: true, types: ['node'], module: ts.ModuleKind.CommonJS, esModuleInterop: true };
  const program = ts.createProgram([file], { ...options, paths: { 'rtk-rest-codegen': [join(__dirname, '../src/index.ts')] } });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName === file)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    .join('\n');
}

/** Writes `code` as a config file and runs the command with it; the exit code and what it printed. */
async function withConfig(name: string, code: string) {
  const file = join(dir(), name);
  writeFileSync(file, code);
  const lines: string[] = [];
  const out = join(dir(), `out-${name.replace(/\W/g, '-')}`);
  const code_ = await main([DESCRIPTION, '--out', out, '--config', file], (l) => lines.push(l));
  return { exit: code_, output: lines.join('\n'), out, file };
}

describe('a TypeScript config file', () => {
  it('is loaded: defineConfig, imports from the generator, TypeScript syntax', async () => {
    const { exit, output, out } = await withConfig(
      'rtk-rest-codegen.config.ts',
      `import { defineConfig, type CodegenConfig } from 'rtk-rest-codegen';
const stage: string = 'staging';
const names: CodegenConfig['names'] = { listAuthorBooks: 'booksByAuthor' };
export default defineConfig({ baseUrl: \`https://\${stage}.books.example.com/v1\`, names });
`,
    );
    expect(output).toMatch(/wrote \d+ files/);
    expect(exit).toBe(0);
    expect(readFileSync(join(out, 'server.ts'), 'utf8')).toContain('https://staging.books.example.com/v1');
    expect(readFileSync(join(out, 'authors.ts'), 'utf8')).toContain('export const booksByAuthor = new RestEndpoint(');
  });

  it('the example config of docs/codegen.md generates the bookshop without deleteBook', async () => {
    const lines: string[] = [];
    const out = join(dir(), 'example');
    expect(await main([DESCRIPTION, '--out', out, '--config', EXAMPLE], (l) => lines.push(l))).toBe(0);
    expect(readFileSync(join(out, 'authors.ts'), 'utf8')).toContain('export const booksByAuthor = new RestEndpoint(');
    expect(readFileSync(join(out, 'books.ts'), 'utf8')).not.toContain('DELETE');
  });

  it('defineConfig is typed: an unknown option is a type error in the editor', () => {
    const file = join(dir(), 'typed.config.ts');
    writeFileSync(file, "import { defineConfig } from 'rtk-rest-codegen';\nexport default defineConfig({ baseURL: 'https://x.test' });\n");
    expect(configErrors(EXAMPLE)).toBe('');
    expect(configErrors(file)).toMatch(/'baseURL' does not exist in type 'CodegenConfig'. Did you mean to write 'baseUrl'\?/);
  }, 60_000);

  it('an unknown key names the file and the key, and suggests the option meant', async () => {
    const { exit, output, file } = await withConfig('unknown.config.ts', 'export default { baseURL: "https://x.test" };\n');
    expect(exit).toBe(1);
    expect(output).toContain(`${file} at #/baseURL: unknown option "baseURL" (did you mean "baseUrl"?); the options are`);
  });

  it('a config that fails to load names the file, the cause and what to do', async () => {
    const syntax = await withConfig('syntax.config.ts', 'export default { baseUrl: "x" ;\n');
    expect(syntax.exit).toBe(1);
    expect(syntax.output).toMatch(new RegExp(`${syntax.file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: cannot load the config: [^]+\\nfix the file: it must run`));
    const throwing = await withConfig('throws.config.ts', 'throw new Error("no STAGE set");\nexport default {};\n');
    expect(throwing.exit).toBe(1);
    expect(throwing.output).toContain('cannot load the config: no STAGE set');
    const noDefault = await withConfig('named.config.ts', 'export const config = { baseUrl: "x" };\n');
    expect(noDefault.exit).toBe(1);
    expect(noDefault.output).toContain('named.config.ts: the config file has no default export; write `export default defineConfig({ … })`');
  });

  it('a JSON config still works, and a missing file is a clear error', async () => {
    const json = await withConfig('codegen.json', JSON.stringify({ baseUrl: '/api' }));
    expect(json.exit).toBe(0);
    expect(readFileSync(join(json.out, 'server.ts'), 'utf8')).toContain("'/api'");
    const lines: string[] = [];
    expect(await main([DESCRIPTION, '--out', dir(), '--config', join(dir(), 'missing.config.ts')], (l) => lines.push(l))).toBe(1);
    expect(lines.join('\n')).toMatch(/missing\.config\.ts: cannot read the config: .*no such file/i);
  });
});
