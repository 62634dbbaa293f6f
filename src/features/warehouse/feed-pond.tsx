import './register-locales.ts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import type { FeedRationRow } from '#local/db';
import { Field } from './fields.tsx';
import { cellKey } from './use-entry-model.ts';

export interface FeedPondProps {
  pond: { pond_id: string; name: string };
  mode: 'feed' | 'use';
  ration: FeedRationRow | undefined;
  times: string[];
  /** The entry's quantities by cell (only this pond's are read). */
  qty: Record<string, string>;
  /** The entry's errors by cell (only this pond's are read). */
  errors: Record<string, string>;
  unit: string | undefined;
  /** The next pond down the list, and the first pond (Next after the last pond goes to the next feeding). */
  below: string | undefined;
  first: string | undefined;
  onQty: (key: string, value: string) => void;
  onCheck: (key: string, value: string) => void;
}

/**
 * One pond's boxes of a feed or item-use entry: a box per feeding time. Drawn again only
 * when one of its own boxes, its errors or the times change: a keystroke in one pond
 * redraws that pond, not the whole list (issue 32: a keystroke answers in ≤ 100 ms on a
 * cheap phone with many ponds).
 */
export const FeedPond = memo(function FeedPond({
  pond,
  mode,
  ration: r,
  times,
  qty,
  errors,
  unit,
  below,
  first,
  onQty,
  onCheck,
}: FeedPondProps) {
  const { t } = useTranslation('warehouse');
  const f = useFormat();
  return (
    <section className="feed-pond" data-testid="feed-pond">
      <div className="feed-pond__head">
        <h2 className="feed-pond__name">{pond.name}</h2>
        {mode === 'feed' && r && r.fed_kg > 0 && (
          <span className="muted">{t('entry.fedToday', { value: f.number(r.fed_kg, 3) })}</span>
        )}
      </div>
      {mode === 'feed' && r && (
        <p className="feed-pond__ration" data-testid="ration">
          {r.population === 0
            ? t('entry.noStock')
            : r.daily_kg === null
              ? t('entry.noSampling')
              : r.mode === 'blind'
                ? t('entry.recommendedBlind', {
                    doc: r.doc,
                    value: f.number(r.per_feeding_kg ?? 0, 3),
                    daily: f.number(r.daily_kg, 3),
                  })
                : t('entry.recommended', {
                    value: f.number(r.per_feeding_kg ?? 0, 3),
                    daily: f.number(r.daily_kg, 3),
                  })}
        </p>
      )}
      <div className="feed-pond__cells">
        {times.map((time, ti) => {
          const key = cellKey(pond.pond_id, time);
          // Next walks down the column: this feeding of the next pond, then the next
          // feeding of the first pond (a keeper feeds pond after pond).
          const after = times[ti + 1];
          const next = below ? cellKey(below, time) : after && first ? cellKey(first, after) : undefined;
          return (
            <Field
              key={key}
              data-enter-id={key}
              data-enter-next={next}
              label={`${time}${unit ? ` (${unit})` : ''}`}
              aria-label={t('entry.quantityAt', { pond: pond.name, time })}
              inputMode="decimal"
              value={qty[key] ?? ''}
              onChange={(e) => onQty(key, e.target.value)}
              onBlur={(e) => onCheck(key, e.target.value)}
              error={errors[key]}
            />
          );
        })}
      </div>
    </section>
  );
}, samePond);

/** Whether two renders of a pond would draw the same: its own boxes and errors, by value. */
function samePond(a: FeedPondProps, b: FeedPondProps): boolean {
  if (
    a.pond !== b.pond ||
    a.mode !== b.mode ||
    a.ration !== b.ration ||
    a.times !== b.times ||
    a.unit !== b.unit ||
    a.below !== b.below ||
    a.first !== b.first ||
    a.onQty !== b.onQty ||
    a.onCheck !== b.onCheck
  )
    return false;
  return a.times.every((time) => {
    const key = cellKey(a.pond.pond_id, time);
    return a.qty[key] === b.qty[key] && a.errors[key] === b.errors[key];
  });
}
