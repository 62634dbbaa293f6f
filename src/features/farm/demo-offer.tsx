import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDemoFarm } from '#components/demo-farm';
import { Card } from '#components/page';
import { useToast } from '#components/toast';

/**
 * "Open the demo farm" on the first screen of a user without farms: shown only when the
 * server has a demo farm loaded (`npm run demo`) that the user has not joined yet.
 */
export function DemoOffer() {
  const { t } = useTranslation('farm');
  const toast = useToast();
  const demo = useDemoFarm();
  const [busy, setBusy] = useState(false);

  if (!demo.offered) return null;

  const open = async () => {
    setBusy(true);
    try {
      await demo.open();
    } catch (error) {
      toast.error(error);
      setBusy(false);
    }
  };

  return (
    <Card title={t('demo.title')}>
      <p className="muted">{t('demo.intro')}</p>
      <button type="button" className="button" onClick={open} disabled={busy} aria-busy={busy}>
        {busy ? t('demo.opening') : t('demo.open')}
      </button>
    </Card>
  );
}
