/**
 * Generation from real descriptions (Petstore 3.0 and 2.0, every 3.x document of
 * @readme/oas-examples, @scalar/galaxy), and the output compiles with `tsc --strict` against the
 * library. The outputs are type-checked in one program, so the library compiles once.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateToDir } from '../src';
import { tempDir, typecheck } from './support';

const EXAMPLES = join(__dirname, '../node_modules/@readme/oas-examples');
const documents = [
  join(EXAMPLES, '2.0/json/petstore.json'),
  join(EXAMPLES, '2.0/json/petstore-expanded.json'),
  ...['3.0', '3.1'].flatMap((v) =>
    readdirSync(join(EXAMPLES, v, 'json'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(EXAMPLES, v, 'json', f)),
  ),
  join(__dirname, '../node_modules/@scalar/galaxy/dist/latest.yaml'),
  join(__dirname, '../examples/bookshop.yaml'),
];

const outDir = tempDir('rtk-rest-codegen-');

describe('real descriptions generate clients that compile with tsc --strict', () => {
  it('generates every document and the outputs type-check with 0 errors', async () => {
    const dirs: string[] = [];
    for (const [index, file] of documents.entries()) {
      const dir = join(outDir(), String(index));
      const { files } = await generateToDir(file, dir);
      expect(Object.keys(files)).toEqual(expect.arrayContaining(['index.ts', 'models.ts', 'server.ts']));
      dirs.push(dir);
    }
    expect(documents.length).toBeGreaterThan(40);
    expect(typecheck(...dirs)).toEqual([]);
  }, 120_000);

  it('maps Petstore 3.0 to Entities, a resource and typed endpoints', async () => {
    const { files } = await generateToDir(join(EXAMPLES, '3.0/json/petstore.json'), join(outDir(), 'petstore3'));
    expect(files['models.ts']).toContain('export class Pet extends Entity {');
    expect(files['models.ts']).toContain('static override schema = { shipDate: toDate };');
    expect(files['pet.ts']).toContain("const petResourceBase = createResource({ urlPrefix, path: '/pet/:id', schema: Pet });");
    expect(files['pet.ts']).toMatch(/export const findPetsByStatus = new RestEndpoint\(\{[^]*schema: new schema\.Collection\(\[Pet\]\)/);
  });

  it('maps Swagger 2.0 Petstore (definitions, body and formData parameters)', async () => {
    const { files } = await generateToDir(join(EXAMPLES, '2.0/json/petstore.json'), join(outDir(), 'petstore2'));
    expect(files['models.ts']).toContain('export class Pet extends Entity {');
    expect(files['pet.ts']).toMatch(/export const addPet = new RestEndpoint\(\{[^]*body: \{\} as PetData/);
    expect(files['pet.ts']).toMatch(/export const uploadFile = new RestEndpoint\(\{[^]*body: \{\} as FormData/);
    expect(files['server.ts']).toContain("export const urlPrefix = 'http://petstore.swagger.io/v2';");
  });
});
