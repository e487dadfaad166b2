// #region recipe
import { Entity, createResource } from 'rtk-rest';

/** Exact decimal text, as a decimal library would keep it (decimal.js, big.js: same idea). */
export class Decimal {
  constructor(readonly text: string) {}
  plus(other: Decimal): Decimal {
    // Demo arithmetic for two-place amounts; a real library does arbitrary precision.
    const cents = (d: Decimal) => BigInt(d.text.replace('.', ''));
    const sum = (cents(this) + cents(other)).toString().padStart(3, '0');
    return new Decimal(`${sum.slice(0, -2)}.${sum.slice(-2)}`);
  }
  toJSON() {
    return this.text; // a body sends the exact text back
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
