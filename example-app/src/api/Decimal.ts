/**
 * A decimal kept exactly as the server wrote it: the store holds the string, reads
 * turn it into a Decimal, and a body sends it back as the same string.
 */
export class Decimal {
  readonly value: string;
  constructor(value: string | number = '0') {
    this.value = String(value);
  }
  /** Rounded for display, e.g. `4.3` for "4.25" with one digit. */
  format(digits = 1): string {
    return Number(this.value).toFixed(digits);
  }
  toString(): string {
    return this.value;
  }
  toJSON(): string {
    return this.value;
  }
}
