// #region recipe
import { Entity, createResource } from 'rtk-rest';

/** Keeps the exact decimal text. A decimal library's class (decimal.js, big.js) works the same way. */
export class Decimal {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
  toJSON() {
    return this.text; // sent back in a body as the same exact text
  }
}

export class Invoice extends Entity {
  id = '';
  issuedAt = new Date(0);
  total = new Decimal('0.00');
  pk() {
    return this.id;
  }
  static override key = 'Invoice';
  // The store keeps the wire strings (JSON, readable in DevTools); reads build these objects.
  static override schema = { issuedAt: Date, total: Decimal };
}

export const InvoiceResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/invoices/:id',
  schema: Invoice,
});
// #endregion recipe
