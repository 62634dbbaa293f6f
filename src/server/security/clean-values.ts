/**
 * Text and numbers no store can keep: a string with NUL or a lone UTF-16 surrogate
 * (PostgreSQL refuses both) and a non-finite number (`1e309` parses to Infinity). Checked
 * at every edge that parses JSON: the HTTP body parser and the chat socket.
 */

export type Finding = { path: string; key: 'validation.text' | 'validation.finite' };

/** The first string with NUL or a lone surrogate, or non-finite number, in a parsed value. */
export function findBadValue(root: unknown): Finding | null {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      if (!isCleanText(value)) return { path, key: 'validation.text' };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path, key: 'validation.finite' };
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (!isCleanText(key)) return { path: printable(at), key: 'validation.text' };
        stack.push({ value: child, path: at });
      }
    }
  }
  return null;
}

/**
 * True when a JSON text cannot hold a bad value, so its parsed value need not be walked
 * (issue 32: the walk was a tenth of a bulk write's server time). NUL and lone surrogates
 * reach a parsed string only through a `\u` escape or as raw lone surrogates, which make
 * the text ill-formed. A JSON number's integer part has no leading zeros, so it reaches
 * 1.8e308 (Infinity) only with an exponent of three digits or, under e99, an integer part
 * of over 200 digits. Anything that looks like either goes the long way.
 *
 * A number starts the text or follows `[`, `:`, `,` or white space: a uuid's `…5e123…`
 * inside a string does not look like an exponent (it sent almost every bulk body of 50
 * readings the long way), nor does a long run of digits inside a string or after a
 * decimal point. Text in a string that does look like one only costs the walk. Both
 * shapes hang off the one start, which halves the pattern's time on a bulk body (35 → 18 µs
 * for 50 readings, ADR 0113).
 */
export function cleanJsonText(text: string): boolean {
  return !text.includes('\\u') && !text.includes('\u0000') && text.isWellFormed() && !MAY_OVERFLOW.test(text);
}
const MAY_OVERFLOW = /(?:^|[\s:,[])-?(?:\d{200}|\d+(?:\.\d+)?[eE]\+?\d{3})/;

/** A UTF-16 surrogate without its other half: not text, PostgreSQL cannot store it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isCleanText = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s);
/** A field name safe to echo back in the error body. */
export const printable = (s: string) =>
  s.replace(new RegExp(LONE_SURROGATE, 'g'), '\ufffd').replaceAll('\u0000', '\ufffd');
