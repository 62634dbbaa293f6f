import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePonds } from '#components/farm-data';
import { useFormat } from '#components/format';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { readDoubles } from '#local/same-slot';
import type { Farm } from '#shared/contracts/farm';

/**
 * Today's pointer to a slot recorded twice (ADR 0063): after a sync brought another
 * phone's reading of a pond and slot this phone also recorded, the keeper sees it on the
 * screen he opens first, and one tap takes him to the water entry where he chooses.
 */
export function SameSlotNotice({ farm }: { farm: Farm }) {
  const { t } = useTranslation('today');
  const format = useFormat();
  const ponds = usePonds(farm.farm_id).data;
  const doubles = useLiveMirror(`today-same-slot:${farm.farm_id}`, (db) =>
    readDoubles(db, farm.farm_id),
  ).data;
  const shown = (doubles ?? []).flatMap((d) => {
    const pond = ponds?.find((p) => p.pond_id === d.pond_id);
    return pond ? [{ double: d, pond }] : [];
  });
  if (shown.length === 0) return null;
  const base = `/farm/${encodeURIComponent(farm.farm_id)}/water-quality/add`;
  return (
    <section className="notice today-same-slot" aria-labelledby="today-same-slot">
      <h2 id="today-same-slot" className="today-same-slot__title">
        {t('sameSlot.title')}
      </h2>
      <ul className="today-same-slot__list">
        {shown.map(({ double, pond }) => (
          <li key={`${double.kind}:${double.pond_id}:${double.day}:${double.slot}`}>
            <Link to={base} search={{ pond_id: pond.pond_id }}>
              {t('sameSlot.item', {
                pond: pond.name,
                slot: t(`sameSlot.slots.${double.slot as 'morning'}`),
                date: format.date(double.day),
                count: double.readings.length,
              })}
              {' · '}
              {t('sameSlot.choose')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
