import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FarmGate } from '#components/farm-gate';
import { useFormat } from '#components/format';
import { Card, PageHeader } from '#components/page';
import type { Farm } from '#shared/contracts/farm';
import { CountFromPhoto } from './count-from-photo.tsx';

function LarvaeCount({ farm }: { farm: Farm }) {
  const { t } = useTranslation('larvae');
  const { number } = useFormat();
  const [used, setUsed] = useState<{ count: number; lower: number; upper: number } | null>(null);
  return (
    <div className="narrow">
      <PageHeader
        title={t('title')}
        subtitle={farm.name}
        backTo={`/farm/${encodeURIComponent(farm.farm_id)}`}
      />
      <Card>
        <p>{t('intro')}</p>
        <CountFromPhoto onUse={(count, _marks, _photo, band) => setUsed({ count, ...band })} />
      </Card>
      {used && (
        <Card>
          <p role="status" data-testid="larvae-used">
            <strong>
              {t('used', {
                count: used.count,
                n: number(used.count, 0),
                lower: number(used.lower, 0),
                upper: number(used.upper, 0),
              })}
            </strong>
          </p>
          <p>{t('usedHelp')}</p>
        </Card>
      )}
    </div>
  );
}

/** /farm/{farm_id}/larvae-count: the counter as a tool page (the stocking form embeds the same). */
export function LarvaeCountScreen() {
  return <FarmGate>{(farm) => <LarvaeCount farm={farm} />}</FarmGate>;
}
