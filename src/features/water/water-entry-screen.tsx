import './register-locales.ts';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type EntryPreset, entryBackPath, entryPreset } from '#components/entry-preset.ts';
import { useFarms, usePonds, useRouteFarmId } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { Loaded, PageHeader } from '#components/page';
import { useNavigateAfterPaint } from '#components/quick-open.ts';
import type { Farm } from '#shared/contracts/farm';
import { SameSlotPanel } from './same-slot-panel.tsx';
import { WaterEntryForm } from './water-entry-form.tsx';
import './water.css';

interface EntryPlace {
  /** The pond it was opened from (`?pond_id=`), if any. */
  pondId: string | undefined;
  preset: EntryPreset;
  /** Where the back arrow and leaving go. */
  back: string;
}

function WaterEntry({ farm, place }: { farm: Farm; place: EntryPlace }) {
  // After a save: the save's frame painted first (ADR 0080).
  const navigate = useNavigateAfterPaint();
  const { pondId, preset, back } = place;
  const ponds = usePonds(farm.farm_id);
  return (
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
            presetDate={preset.date}
            // Opened from the Today list or the board: back to it once the round is saved.
            afterSave={preset.origin ? () => navigate({ to: back }) : undefined}
            onLeave={() => navigate({ to: back })}
          />
        </>
      )}
    </Loaded>
  );
}

/**
 * /farm/{farm_id}/water-quality/add, optionally ?pond_id= from a pond's page. The title
 * is drawn at once, from the route alone; the farm's name and the form follow when the
 * device's copy of the farm has been read (issue 32: the title no longer waits for it).
 */
export function WaterEntryScreen() {
  const { t } = useTranslation('water');
  const farmId = useRouteFarmId() ?? '';
  const farmName = useFarms().data?.find((f) => f.farm_id === farmId)?.name;
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const pondId = typeof search.pond_id === 'string' ? search.pond_id : undefined;
  const preset = entryPreset(search);
  const place = { pondId, preset, back: entryBackPath(farmId, pondId, preset.origin) };
  return (
    <div className="narrow water-screen">
      {/* A blank line holds the name's place: nothing moves when it comes. */}
      <PageHeader title={t('title')} subtitle={farmName ?? '\u00a0'} backTo={place.back} />
      <FarmGate>{(farm) => <WaterEntry farm={farm} place={place} />}</FarmGate>
    </div>
  );
}
