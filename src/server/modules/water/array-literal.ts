/** A value a bulk write sends in a PostgreSQL array: an id, a number, a word, an instant, or nothing. */
export type ArrayElement = string | number | Date | null | undefined;

/** An array literal whose elements need no quoting: ids, finite numbers and plain words. */
const PLAIN_LITERAL = /^\{[\w.,+-]*\}$/;

function element(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new RangeError(`not a finite number: ${v}`);
    return String(v);
  }
  if (v instanceof Date) return element(v.getTime());
  // Empty, the word NULL, or a comma (two elements) would be read as something else than
  // what was sent; other characters that need quoting fail the whole literal's check.
  if (
    typeof v === 'string' &&
    v !== '' &&
    !v.includes(',') &&
    !(v.length === 4 && v.toUpperCase() === 'NULL')
  )
    return v;
  throw new RangeError(`not an array element: ${JSON.stringify(v)}`);
}

function literal(parts: string[]): string {
  const text = `{${parts.join(',')}}`;
  // A brace, quote, backslash or space inside an element would change the array.
  if (!PLAIN_LITERAL.test(text)) throw new RangeError(`not a plain array: ${text.slice(0, 80)}`);
  return text;
}

/**
 * A PostgreSQL array literal (`{a,b,NULL}`) of values that need no quoting: the bulk
 * write's columns are uuids checked at the edge, finite numbers, words of a fixed set and
 * instants (as epoch milliseconds) (issue 32, ADR 0113). Sent as one text parameter each
 * and read with `unnest`, they cost PostgreSQL a fifth less than the same rows as JSON
 * objects, and the server less to build than `JSON.stringify` of the rows. Anything else is
 * refused, never sent half-quoted.
 */
export function arrayLiteral(values: readonly ArrayElement[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) parts[i] = element(values[i]);
  return literal(parts);
}
