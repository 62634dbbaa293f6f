/**
 * Which width × language pairs a screen spec opens (ADR 0064). Every width and every
 * language is opened in each run; `npm test` takes the diagonal of the matrix (the first
 * width with the first language, the second with the second: a phone in Indonesian, the
 * longest words on the narrowest screen, and a desktop in English), so the suite stays
 * within its 30 minutes on two cores. `E2E_MATRIX=full` opens every pair, for a change of
 * layout or wording and before a release.
 */
export const FULL_MATRIX = process.env.E2E_MATRIX === 'full';

/** Whether this width and language pair runs: always with E2E_MATRIX=full, else on the diagonal. */
export function inMatrix<S, L>(sizes: readonly S[], size: S, langs: readonly L[], lang: L): boolean {
  if (FULL_MATRIX) return true;
  const s = sizes.indexOf(size);
  const l = langs.indexOf(lang);
  if (s < 0 || l < 0) throw new Error('inMatrix: the size or language is not in its list');
  return sizes.length === 1 || langs.length === 1 || s % langs.length === l % sizes.length;
}

/**
 * Whether a flow written once per language runs in this language: a flow checks what the
 * app does, the screen specs check its words in both languages, so `npm test` walks the
 * flow in Indonesian, the first language; E2E_MATRIX=full walks it in every language.
 */
export function flowLanguage(lang: string): boolean {
  return FULL_MATRIX || lang === 'id';
}
