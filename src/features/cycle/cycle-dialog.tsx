import './register-locales.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
// The shared field look (form-field.css) comes with this module; the pond page has no other field.
import '#components/form-field';
import { Dialog } from '#components/dialog';
import { useToast } from '#components/toast';
import { WhenInput } from '#components/when-input';
import type { TambakDb } from '#local/db';
import type { Cycle } from '#shared/contracts/cycle';
import { type CycleProblem, datesProblem, isActive, problemMessage, startProblem } from './cycle-logic.ts';
import { endCycle, startCycle, updateCycleDates } from './cycle-writes.ts';

export type CycleDialogMode =
  | { type: 'start' }
  | { type: 'edit'; cycle: Cycle }
  | { type: 'end'; cycle: Cycle };

interface CycleDialogProps {
  mode: CycleDialogMode;
  /** The pond's cycles (for "one active at a time" and the next number). */
  cycles: readonly Cycle[];
  farmId: string;
  pondId: string;
  tier: 'cycle' | 'stock';
  /** "Siklus 2" of the cycle being edited or ended. */
  name: string;
  today: string;
  db: TambakDb;
  onClose: () => void;
}

function DateInput({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: string;
  max: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <WhenInput
        id={id}
        type="date"
        className="field__input"
        value={value}
        max={max}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** Start, re-date or end a cycle: dates in, rules checked as he picks, saved on the phone. */
export function CycleDialog({
  mode,
  cycles,
  farmId,
  pondId,
  tier,
  name,
  today,
  db,
  onClose,
}: CycleDialogProps) {
  const { t } = useTranslation(['cycle', 'ui']);
  const toast = useToast();
  const cycle = mode.type === 'start' ? undefined : mode.cycle;
  const [start, setStart] = useState(cycle?.start_date ?? today);
  const [end, setEnd] = useState<string>(
    mode.type === 'end' ? today : cycle && cycle.end_date !== 0 ? cycle.end_date : '',
  );
  const [saving, setSaving] = useState(false);
  const ending = mode.type === 'end';
  const endValue: string | 0 =
    mode.type === 'start' || (mode.type === 'edit' && isActive(mode.cycle)) ? 0 : end;
  let problem: CycleProblem | null;
  if (mode.type === 'start') problem = startProblem(cycles, start, today);
  else problem = datesProblem(start, endValue, today);

  const submit = async () => {
    if (problem) return;
    setSaving(true);
    try {
      if (mode.type === 'start') await startCycle(db, { farmId, pondId, startDate: start, today, cycles });
      else if (mode.type === 'end') await endCycle(db, mode.cycle, end);
      else await updateCycleDates(db, mode.cycle, start, endValue, today);
      toast.success(t('saved'));
      onClose();
    } catch {
      toast.error(t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const title =
    mode.type === 'start'
      ? t(`start.${tier}`)
      : mode.type === 'end'
        ? t(`end.${tier}`)
        : `${t('edit')} · ${name}`;
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('ui:actions.cancel')}
          </button>
          <button
            type="button"
            className={ending ? 'button button--danger' : 'button button--primary'}
            disabled={problem !== null || saving}
            aria-busy={saving}
            onClick={() => void submit()}
          >
            {saving ? t('ui:actions.saving') : ending ? t(`end.${tier}`) : t('ui:actions.save')}
          </button>
        </>
      }
    >
      <div className="stack">
        {ending && <p className="notice">{t('endExplain', { name })}</p>}
        {!ending && <DateInput label={t('startDate')} value={start} max={today} onChange={setStart} />}
        {endValue !== 0 && <DateInput label={t('endDate')} value={end} max={today} onChange={setEnd} />}
        {problem && (
          <p className="field__error" role="alert">
            {t(problemMessage(problem))}
          </p>
        )}
      </div>
    </Dialog>
  );
}
