import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryForm } from '#components/entry-form';
import { can } from '#components/farm-data';
import { useFormat } from '#components/format';
import { numberProblemText } from '#components/number-field';
import { Card } from '#components/page';
import { RecordStatus } from '#components/record-status';
import { useToast } from '#components/toast';
import { getDb, type TambakDb } from '#local/db';
import { enqueueAction } from '#local/outbox';
import type { Farm } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import { useUnit } from './reading-fields.tsx';
import {
  type BoundsText,
  changedStandards,
  defaultOf,
  type StandardLine,
  standardLines,
} from './standards-model.ts';
import { useWaterStandards } from './water-data.ts';
import { rangeText, toText } from './water-fields.ts';
import './water.css';

const rowOf = (
  farmId: string,
  line: StandardLine,
  min: number | null,
  max: number | null,
  isDefault: boolean,
) => ({
  key: line.slot ? `${farmId}:${line.parameter}:${line.slot}` : `${farmId}:${line.parameter}`,
  farm_id: farmId,
  parameter: line.parameter,
  slot: line.slot,
  unit: line.unit,
  min,
  max,
  is_default: isDefault,
  setting_id: isDefault ? null : line.settingId,
});

/**
 * The farm's water standards (Settings → Water standards). Saved like every other write:
 * on the phone first (the mirror rows, so entry forms flag with the new ranges at once)
 * and queued as one POST /api/waterSetting, the call the server takes as a whole.
 */
export function WaterStandardsTab({ farm, db = getDb() }: { farm: Farm; db?: TambakDb }) {
  const { t, i18n } = useTranslation('water');
  const format = useFormat();
  const unitOf = useUnit();
  const toast = useToast();
  const farmId = farm.farm_id;
  const { rows } = useWaterStandards(farmId, db);
  const [edits, setEdits] = useState<Record<string, BoundsText>>({});
  const [showProblems, setShowProblems] = useState(false);
  const editable = can(farm, 'water_quality_setting', ACTION.add);
  const lines = standardLines(rows);
  const { settings, problems } = changedStandards(lines, edits, i18n.language);
  // "pH", or "pH · Pagi" for the morning range.
  const nameOf = (line: StandardLine) =>
    line.slot
      ? `${t(`fields.${line.parameter}`)} · ${t(`timeOfDay.${line.slot}`)}`
      : t(`fields.${line.parameter}`);

  const save = async () => {
    setShowProblems(true);
    if (Object.keys(problems).length > 0) {
      // The button sits under a long list: take him to the row that needs fixing.
      setTimeout(() => document.querySelector<HTMLInputElement>('.standards [aria-invalid="true"]')?.focus());
      return;
    }
    if (settings.length === 0) return toast.info(t('standards.nothingChanged'));
    const changed = settings.map((s) => {
      const line = lines.find(
        (l) => l.parameter === s.parameter && l.slot === (s.slot ?? null),
      ) as StandardLine;
      return rowOf(farmId, line, s.min, s.max, false);
    });
    await enqueueAction(db, {
      method: 'POST',
      url: '/api/waterSetting',
      body: { farm_id: farmId, settings },
      table: 'waterSettings',
      rows: changed,
    });
    setEdits({});
    setShowProblems(false);
    toast.success(t('standards.saved'));
  };

  const reset = async (line: StandardLine) => {
    const fallback = defaultOf(line.parameter, line.slot);
    const row = rowOf(farmId, line, fallback?.min ?? null, fallback?.max ?? null, true);
    // With a server id the farm's row is deleted; a row saved here but not yet pulled has
    // no id, so the defaults are saved as the farm's values instead (same ranges).
    const action = line.settingId
      ? { method: 'DELETE' as const, url: `/api/waterSetting/${encodeURIComponent(line.settingId)}/delete` }
      : {
          method: 'POST' as const,
          url: '/api/waterSetting',
          body: {
            farm_id: farmId,
            settings: [
              {
                parameter: line.parameter,
                ...(line.slot ? { slot: line.slot } : {}),
                min: row.min,
                max: row.max,
              },
            ],
          },
        };
    await enqueueAction(db, { ...action, table: 'waterSettings', rows: [row] });
    setEdits(({ [line.key]: _, ...rest }) => rest);
    toast.success(t('standards.resetDone', { name: nameOf(line) }));
  };

  const textOf = (line: StandardLine, side: 'min' | 'max') =>
    edits[line.key]?.[side] ?? toText(line[side], i18n.language);
  const setText = (line: StandardLine, side: 'min' | 'max', text: string) =>
    setEdits((all) => ({
      ...all,
      [line.key]: { min: textOf(line, 'min'), max: textOf(line, 'max'), [side]: text },
    }));

  return (
    <Card title={t('standards.title')}>
      <p className="muted">{t('standards.intro')}</p>
      {!editable && <p className="notice">{t('standards.readOnly')}</p>}
      <EntryForm
        onSubmit={(event) => {
          event.preventDefault();
          if (editable) void save();
        }}
      >
        <ul className="standards">
          {lines.map((line) => {
            const name = nameOf(line);
            const unit = unitOf(line.unit);
            const problem = showProblems || edits[line.key] ? problems[line.key] : undefined;
            return (
              <li key={line.key} className={line.slot ? 'standard standard--slot' : 'standard'}>
                <div className="standard__head">
                  <span className="standard__name">
                    {name}
                    {unit && <span className="muted"> ({unit})</span>}
                  </span>
                  <span className={line.isDefault ? 'badge' : 'badge badge--primary'}>
                    {t(line.isDefault ? 'standards.default' : 'standards.custom')}
                  </span>
                  {line.row && line.row._status !== 'synced' && <RecordStatus row={line.row} />}
                </div>
                {editable ? (
                  <div className="standard__bounds">
                    {(['min', 'max'] as const).map((side) => (
                      <label key={side} className="standard__bound">
                        <span className="standard__bound-label">{t(`standards.${side}`)}</span>
                        <input
                          className="field__input standard__input"
                          type="text"
                          inputMode="decimal"
                          value={textOf(line, side)}
                          aria-label={t(side === 'min' ? 'standards.minOf' : 'standards.maxOf', { name })}
                          aria-invalid={problem?.side === side || undefined}
                          onChange={(event) => setText(line, side, event.target.value)}
                        />
                      </label>
                    ))}
                    {!line.isDefault && (
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => void reset(line)}
                      >
                        {t('standards.reset')}
                      </button>
                    )}
                  </div>
                ) : (
                  <span className="standard__range">{rangeText(line, (n) => format.number(n)) || '–'}</span>
                )}
                {problem && (
                  <p className="field__error" role="alert">
                    {problem.key === 'number'
                      ? numberProblemText(t, problem.problem)
                      : problem.key === 'range'
                        ? t('common:validation.between', { min: problem.min, max: problem.max })
                        : t('standards.minAboveMax')}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        {editable && (
          <button type="submit" className="button button--primary button--block">
            {t('standards.save')}
          </button>
        )}
      </EntryForm>
    </Card>
  );
}
