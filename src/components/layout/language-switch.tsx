import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '#shared/i18n/language';

/**
 * Two buttons, ID and EN: one tap, no menu to hunt for on a small screen. The app shell
 * stores the choice (tambak:language) when i18next reports the change.
 */
export function LanguageSwitch({ variant = 'compact' }: { variant?: 'compact' | 'full' }) {
  const { t, i18n } = useTranslation('ui');
  return (
    <fieldset className={`language-switch language-switch--${variant}`}>
      <legend className="visually-hidden">{t('language.label')}</legend>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={i18n.language === lang}
          className="language-switch__option"
          onClick={() => void i18n.changeLanguage(lang)}
        >
          {variant === 'full' ? (
            t(`language.${lang}`)
          ) : (
            <>
              <span aria-hidden="true">{t(`language.short.${lang}`)}</span>
              <span className="visually-hidden">{t(`language.${lang}`)}</span>
            </>
          )}
        </button>
      ))}
    </fieldset>
  );
}
