/**
 * Every file of the `shared-modules` project (vitest.config.ts, ADR 0123) starts as a fresh
 * process would: a file before it in the same worker may have left i18next in English,
 * which the number fields read (typingLanguage).
 */
import i18next from 'i18next';

if (i18next.isInitialized && i18next.language !== 'id') await i18next.changeLanguage('id');
