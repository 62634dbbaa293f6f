import i18next from 'i18next';
import { notificationsLocales } from './locales.ts';

/**
 * The `notifications` namespace is added when its screen's chunk loads instead of in
 * src/app/i18n.ts: the shell's first-load JS must not grow with this feature (issue 18).
 * The navbar bell uses `ui` strings only.
 */
for (const lang of ['id', 'en'] as const) {
  i18next.addResourceBundle(lang, 'notifications', notificationsLocales[lang], true, true);
}
