/**
 * Generation time: a 3.x description is validated as written —
 * `$ref`s checked to resolve, then the OpenAPI schema — instead of through swagger-parser's
 * `validate`, which dereferences a copy first (2 s of GitHub's 9 s). Mistakes are still found,
 * with their JSON pointer; Swagger 2.0 keeps the full check.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { generate } from '../src';
import { tempDir } from './support';

const dir = tempDir('rtk-rest-codegen-validate-');
let count = 0;
function file(doc: object): string {
  const path = join(dir(), `spec${++count}.json`);
  writeFileSync(path, JSON.stringify(doc));
  return path;
}
const base = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {} };

describe('validation without dereferencing', () => {
  afterEach(() => jest.restoreAllMocks());

  it('a valid 3.x description is checked without swagger-parser dereferencing it', async () => {
    const validate = jest.spyOn(SwaggerParser, 'validate');
    const dereference = jest.spyOn(SwaggerParser.prototype, 'dereference');
    await generate(join(__dirname, '../examples/bookshop.yaml'));
    expect(validate).not.toHaveBeenCalled();
    expect(dereference).not.toHaveBeenCalled();
  });

  it('a $ref to nothing and a schema mistake are still errors naming the file and the JSON pointer', async () => {
    const broken = file({ ...base, components: { schemas: { A: { type: 'object', properties: { b: { $ref: '#/components/schemas/Missing' } } } } } });
    await expect(generate(broken)).rejects.toThrow(`${broken} at #/components/schemas/A/properties/b: $ref "#/components/schemas/Missing" points at nothing`);
    const wrong = file({ ...base, paths: { '/x': { get: { responses: 'none' } } } });
    await expect(generate(wrong)).rejects.toThrow(/spec\d+\.json: Swagger schema validation failed\.\n\s+#\/paths\/~1x\/get\/responses must be object/);
  });

  it('Swagger 2.0 keeps swagger-parser\'s full check (it has rules beyond its schema)', async () => {
    const validate = jest.spyOn(SwaggerParser, 'validate');
    await generate(join(__dirname, '../node_modules/@readme/oas-examples/2.0/json/petstore.json'));
    expect(validate).toHaveBeenCalledTimes(1);
  });
});
