import i18next from 'i18next';
import { warehouseLocales } from './locales.ts';

/**
 * The `warehouse` namespace is added when a chunk of this feature loads, not in src/app/i18n.ts:
 * the shell's first-load JS does not carry the strings of screens it does not show
 * (ADR 0011). Every module of the feature that translates imports this file first.
 */
const add = () => {
  for (const lang of ['id', 'en'] as const)
    i18next.addResourceBundle(lang, 'warehouse', warehouseLocales[lang], true, true);
};
// The shell initialises i18next before any screen's chunk loads; a test may import first.
if (i18next.isInitialized) add();
else i18next.on('initialized', add);
