/**
 * Docs/codegen.md shows what the generator really does — every `yaml` block is part
 * of the bookshop description, every `ts` block part of what is generated from it (or the example config file), and the
 * `json` config passes the config check.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkConfig, generate } from '../src';

const PAGE = readFileSync(join(__dirname, '../../docs/codegen.md'), 'utf8');
const BOOKSHOP = join(__dirname, '../examples/bookshop.yaml');
const CONFIG = join(__dirname, '../examples/rtk-rest-codegen.config.ts');
/** A ts block that is a config file, not generated code, starts with the file's name. */
const isConfig = (block: string) => block.startsWith('// rtk-rest-codegen.config.ts\n');

function blocks(lang: string): string[] {
  return [...PAGE.matchAll(/^```(\w*)\n([^]*?)^```$/gm)].filter((m) => m[1] === lang).map((m) => m[2]!);
}

describe('docs/codegen.md', () => {
  it('its yaml blocks are in codegen/examples/bookshop.yaml', () => {
    const description = readFileSync(BOOKSHOP, 'utf8');
    expect(blocks('yaml').length).toBeGreaterThan(0);
    for (const block of blocks('yaml')) expect(description).toContain(block);
  });

  it('its ts blocks are in the generated bookshop client, byte for byte', async () => {
    const { files } = await generate(BOOKSHOP);
    const output = Object.values(files).join('\n');
    expect(blocks('ts').length).toBeGreaterThan(2);
    for (const block of blocks('ts').filter((b) => !isConfig(b))) expect(output).toContain(block);
  });

  it('its TypeScript config is codegen/examples/rtk-rest-codegen.config.ts, byte for byte (config.test.ts runs it)', () => {
    expect(blocks('ts').filter(isConfig)).toEqual([readFileSync(CONFIG, 'utf8')]);
  });

  it('its config is a valid config', () => {
    const [config] = blocks('json');
    expect(() => checkConfig(JSON.parse(config!))).not.toThrow();
  });
});
