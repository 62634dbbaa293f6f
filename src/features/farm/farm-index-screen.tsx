import './register-locales.ts';
import { useTranslation } from 'react-i18next';
import { FarmGate } from '#components/farm-gate';
import { Loading } from '#components/page';

/**
 * /farm: applies the farm loading rule (seed 000 §4) and moves on to the farm home, the
 * registration, or an offline retry. The farm list itself is the switcher overlay.
 */
export function FarmIndexScreen() {
  const { t } = useTranslation('farm');
  return <FarmGate>{() => <Loading label={t('opening')} />}</FarmGate>;
}
