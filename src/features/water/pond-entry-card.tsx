import './register-locales.ts';
import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoreValue } from '#components/field-store.ts';
import type { Pond } from '#shared/contracts/farm';
import type { WaterKind } from '#shared/contracts/water';
import type { WaterStandard } from '#shared/domain/water-standards';
import { OptionInput, ValueInput } from './reading-fields.tsx';
import type { EntryStore } from './use-entry-state.ts';
import { OPTION_FIELDS } from './water-fields.ts';

interface PondEntryCardProps {
  store: EntryStore;
  pond: Pond;
  kind: WaterKind;
  /** Fields shown up front (remembered for this slot, else pH, DO, temperature, salinity). */
  primary: readonly string[];
  /** The others, folded under "more parameters". */
  rest: readonly string[];
  standards: readonly WaterStandard[];
  /** "DOC 45" of the active cycle, or undefined without one. */
  doc: number | undefined;
}

/**
 * One pond's row of the round. Only the fields he uses in this slot show; the rest fold
 * away so twenty ponds stay a short scroll. The card reads nothing of the form's values
 * but "is anything typed under more": a keystroke redraws its one field, never the card.
 */
export const PondEntryCard = memo(function PondEntryCard({
  store,
  pond,
  kind,
  primary,
  rest,
  standards,
  doc,
}: PondEntryCardProps) {
  const { t } = useTranslation('water');
  const pondId = pond.pond_id;
  const restFilled = useStoreValue(store, (s) =>
    rest.some((field) => (s.values[kind][pondId]?.[field] ?? '') !== ''),
  );
  const [open, setOpen] = useState(false);
  const fields = (list: readonly string[]) => (
    <div className="reading-fields">
      {list.map((field) => (
        <StoreField
          key={field}
          store={store}
          kind={kind}
          pondId={pondId}
          field={field}
          standards={standards}
          context={pond.name}
        />
      ))}
    </div>
  );
  const showRest = open || restFilled;
  return (
    <section className="pond-entry" aria-labelledby={`pond-entry-${pondId}`}>
      <header className="pond-entry__header">
        <h2 className="pond-entry__name" id={`pond-entry-${pondId}`}>
          {pond.name}
        </h2>
        <span className="pond-entry__meta">
          {pond.block_name} · {doc === undefined ? t('ponds.noCycle') : t('ponds.cycle', { doc })}
        </span>
      </header>
      {fields(primary)}
      {rest.length > 0 && (
        <details
          className="pond-entry__more"
          open={showRest || undefined}
          onToggle={(event) => setOpen(event.currentTarget.open)}
        >
          <summary>{t('more')}</summary>
          {/* Drawn when opened: twenty cards × six hidden boxes is a slow first paint on a cheap phone. */}
          {showRest && fields(rest)}
        </details>
      )}
    </section>
  );
});

interface StoreFieldProps {
  store: EntryStore;
  kind: WaterKind;
  pondId: string;
  field: string;
  standards: readonly WaterStandard[];
  context: string;
}

/** One field bound to its own value in the store. */
function StoreField({ store, kind, pondId, field, standards, context }: StoreFieldProps) {
  const text = useStoreValue(store, (s) => s.values[kind][pondId]?.[field] ?? '');
  const onChange = useCallback(
    (next: string) =>
      store.set((s) => ({
        ...s,
        values: {
          ...s.values,
          [kind]: { ...s.values[kind], [pondId]: { ...s.values[kind][pondId], [field]: next } },
        },
      })),
    [store, kind, pondId, field],
  );
  const name = `${kind}.${pondId}.${field}`;
  return OPTION_FIELDS.has(field) ? (
    <OptionInput name={name} field={field} value={text} onChange={onChange} context={context} />
  ) : (
    <ValueInput
      name={name}
      kind={kind}
      field={field}
      text={text}
      onChange={onChange}
      standards={standards}
      context={context}
    />
  );
}
