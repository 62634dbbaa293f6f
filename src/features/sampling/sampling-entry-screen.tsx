import './register-locales.ts';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { entryBackPath, entryPreset } from '#components/entry-preset.ts';
import { usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { Loaded, PageHeader } from '#components/page';
import { useNavigateAfterPaint } from '#components/quick-open.ts';
import type { Farm } from '#shared/contracts/farm';
import { SamplingEntryForm } from './sampling-entry-form.tsx';
import './sampling.css';

function SamplingEntry({ farm }: { farm: Farm }) {
  const { t } = useTranslation('sampling');
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const pondId = typeof search.pond_id === 'string' ? search.pond_id : undefined;
  const preset = entryPreset(search);
  // After a save: the save's frame painted first (ADR 0080).
  const navigate = useNavigateAfterPaint();
  const ponds = usePonds(farm.farm_id);
  const back = entryBackPath(farm.farm_id, pondId, preset.origin);
  return (
    <div className="narrow sampling-screen">
      <PageHeader title={t('title')} subtitle={farm.name} backTo={back} />
      <Loaded read={ponds}>
        {(data) => (
          <SamplingEntryForm
            key={farm.farm_id}
            farm={farm}
            ponds={data}
            pondId={pondId}
            onlyPonds={preset.ponds}
            // Opened from the Today list or the board: back to it once saved.
            afterSave={preset.origin ? () => navigate({ to: back }) : undefined}
          />
        )}
      </Loaded>
    </div>
  );
}

/** /farm/{farm_id}/sampling/add, optionally ?pond_id= from a pond's page. */
export function SamplingEntryScreen() {
  return <FarmGate>{(farm) => <SamplingEntry farm={farm} />}</FarmGate>;
}
