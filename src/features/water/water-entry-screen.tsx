import './register-locales.ts';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { entryPreset } from '#components/entry-preset.ts';
import { usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { Loaded, PageHeader } from '#components/page';
import { useNavigateAfterPaint } from '#components/quick-open.ts';
import type { Farm } from '#shared/contracts/farm';
import { SameSlotPanel } from './same-slot-panel.tsx';
import { WaterEntryForm } from './water-entry-form.tsx';
import './water.css';

function WaterEntry({ farm }: { farm: Farm }) {
  const { t } = useTranslation('water');
  // After a save: the save's frame painted first (ADR 0080).
  const navigate = useNavigateAfterPaint();
  const search = useSearch({ strict: false }) as { pond_id?: unknown };
  const pondId = typeof search.pond_id === 'string' ? search.pond_id : undefined;
  const preset = entryPreset(search);
  const ponds = usePonds(farm.farm_id);
  const farmPath = `/farm/${encodeURIComponent(farm.farm_id)}`;
  const back = pondId ? `${farmPath}/pond/${encodeURIComponent(pondId)}` : farmPath;
  return (
    <div className="narrow water-screen">
      <PageHeader title={t('title')} subtitle={farm.name} backTo={back} />
      <Loaded read={ponds}>
        {(data) => (
          <>
            <SameSlotPanel farm={farm} ponds={data} pondId={pondId} />
            <WaterEntryForm
              // a new farm is a new form: its draft, its ponds
              key={farm.farm_id}
              farm={farm}
              ponds={data}
              pondId={pondId}
              onlyPonds={preset.ponds}
              presetTime={preset.time}
              // Opened from the Today list: back to it once the round is saved.
              afterSave={preset.ponds ? () => navigate({ to: `${farmPath}/today` }) : undefined}
              onLeave={() => navigate({ to: back })}
            />
          </>
        )}
      </Loaded>
    </div>
  );
}

/** /farm/{farm_id}/water-quality/add, optionally ?pond_id= from a pond's page. */
export function WaterEntryScreen() {
  return <FarmGate>{(farm) => <WaterEntry farm={farm} />}</FarmGate>;
}
