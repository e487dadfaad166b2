/**
 * The check of an option given in milliseconds, written once for endpoints and `createRest`
 * (see docs/concepts.md#endpoints): expiry lengths and GC's times are numbers ≥ 0 (`Infinity`
 * allowed); `pollFrequency` and `timeout` finite numbers > 0. A bad value throws a `RangeError`
 * naming where (the endpoint, or `createRest`), the option and the value, in every build.
 */
export function checkLength<T>(where: string, option: string, value: T): T {
  if (value === undefined) return value;
  const finite = option === 'pollFrequency' || option === 'timeout';
  const ok = typeof value === 'number' && (finite ? Number.isFinite(value) && value > 0 : value >= 0);
  if (!ok) {
    const want = finite ? 'a finite number of ms > 0' : 'a number of ms ≥ 0 (Infinity allowed)';
    throw new RangeError(`${where}: ${option} must be ${want}, got ${String(value)}`);
  }
  return value;
}
