/**
 * A required property that `$ref`s an enum or another primitive component
 * schema follows the rule of an inline one (a default of its type), instead of becoming optional.
 */
import { generateYaml, tempDir, typecheck } from './support';

const dir = tempDir('rtk-rest-codegen-refprim-');

const DESCRIPTION = `openapi: 3.0.3
info: { title: Shop, version: '1.0' }
servers: [{ url: 'http://127.0.0.1/api' }]
paths:
  /products/{id}:
    get:
      operationId: getProduct
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Product' } } } }
components:
  schemas:
    Category: { type: string, enum: [tools, toys] }
    Sku: { type: string }
    Price: { type: number }
    Flag: { type: boolean }
    When: { type: string, format: date-time }
    Product:
      type: object
      required: [id, category, status, sku, price, flag, when]
      properties:
        id: { type: integer }
        category: { $ref: '#/components/schemas/Category' }
        status: { type: string, enum: [active, discontinued] }
        sku: { $ref: '#/components/schemas/Sku' }
        price: { $ref: '#/components/schemas/Price' }
        flag: { $ref: '#/components/schemas/Flag' }
        when: { $ref: '#/components/schemas/When' }
        other: { $ref: '#/components/schemas/Category' }
`;

describe('a required $ref to a primitive component schema gets a default', () => {
  it('an enum gets its first value, typed by the enum; string, number, boolean, date-time their defaults', async () => {
    const { out, files } = await generateYaml(dir(), DESCRIPTION);
    const models = files['models.ts']!;
    expect(models).toMatch(/category: Category = 'tools';/);
    expect(models).toMatch(/status: 'active' \| 'discontinued' = 'active';/);
    expect(models).toMatch(/sku(: Sku)? = '';/);
    expect(models).toMatch(/price(: Price)? = 0;/);
    expect(models).toMatch(/flag(: Flag)? = false;/);
    expect(models).toMatch(/when: Date = new Date\(0\);/);
    // Not required: the inline rule gives an enum its first value all the same.
    expect(models).toMatch(/other: Category = 'tools';/);
    expect(typecheck(out)).toEqual([]);
  });
});
