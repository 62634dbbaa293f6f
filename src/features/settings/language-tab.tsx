import './register-locales.ts';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '#components/layout/language-switch';
import { useLocalFlag } from '#components/local-flags.ts';
import { Card } from '#components/page';
import { type LocalFlag, localFlags } from '#local/local-flags';

function FlagSwitch({ flag }: { flag: LocalFlag }) {
  const { t } = useTranslation('settings');
  const on = useLocalFlag(flag);
  return (
    <label className="check-row">
      <input type="checkbox" checked={on} onChange={(event) => localFlags.set(flag, event.target.checked)} />
      <span>
        {t(`display.${flag}`)}
        <span className="muted"> {t(`display.${flag}Hint`)}</span>
      </span>
    </label>
  );
}

/** The settings kept on this device: the language and what entry screens show (seed 000 §3). */
export function LanguageTab() {
  const { t } = useTranslation('settings');
  return (
    <>
      <Card title={t('language.title')}>
        <p className="muted">{t('language.intro')}</p>
        <LanguageSwitch variant="full" />
      </Card>
      <Card title={t('display.title')}>
        <p className="muted">{t('display.intro')}</p>
        <div className="stack">
          <FlagSwitch flag="cost" />
          <FlagSwitch flag="wqs" />
          <FlagSwitch flag="chatSound" />
        </div>
      </Card>
    </>
  );
}
