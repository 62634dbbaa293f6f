import './register-locales.ts';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '#components/layout/language-switch';
import { Card } from '#components/page';

export function LanguageTab() {
  const { t } = useTranslation('settings');
  return (
    <Card title={t('language.title')}>
      <p className="muted">{t('language.intro')}</p>
      <LanguageSwitch variant="full" />
    </Card>
  );
}
