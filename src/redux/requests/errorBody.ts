import { toJSONValue } from '../../internal/json';

/** The marker of a stored error body that was cut: a field of a cut object, the last item of a cut array. */
export const TRUNCATED = '@@rtk-rest/truncated';
/** Characters of JSON a stored error body may take (the real error keeps the whole body). */
const MAX_CHARS = 8 * 1024;
/** Nesting a stored error body may have: deeper values become the marker. */
const MAX_DEPTH = 8;

const marker = () => ({ [TRUNCATED]: true });

/**
 * A server's error body as the slice stores it: plain JSON, at most ~8 KB and 8
 * levels deep, so a huge HTML-in-JSON dump or a pathological document cannot bloat the state or
 * the devtools. What is kept is the beginning: an object's first fields, an array's first items,
 * a string's first characters (then `…`); where something was cut, an object gets the field
 * `"@@rtk-rest/truncated": true` and an array ends with `{ "@@rtk-rest/truncated": true }`.
 */
export function storedBody(body: unknown): unknown {
  let json: unknown;
  try {
    json = toJSONValue(body, false);
  } catch {
    return marker();
  }
  return cut(json, 0, { left: MAX_CHARS });
}

function cut(value: unknown, depth: number, budget: { left: number }): unknown {
  if (typeof value === 'string') {
    if (value.length + 2 <= budget.left) return spend(budget, value.length + 2, value);
    const kept = value.slice(0, Math.max(0, budget.left - 3));
    return spend(budget, kept.length + 3, `${kept}…`);
  }
  if (value === null || typeof value !== 'object') return spend(budget, String(value).length, value);
  if (depth >= MAX_DEPTH) return marker();
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) {
      if (budget.left <= 0) {
        items.push(marker());
        break;
      }
      items.push(cut(item, depth + 1, budget));
    }
    return items;
  }
  const fields: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    if (budget.left <= name.length) {
      fields[TRUNCATED] = true;
      break;
    }
    budget.left -= name.length + 4;
    fields[name] = cut(field, depth + 1, budget);
  }
  return fields;
}

function spend<T>(budget: { left: number }, chars: number, value: T): T {
  budget.left -= chars + 1;
  return value;
}
