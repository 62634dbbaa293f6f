import { useTranslation } from 'react-i18next';
import type { Pond } from '#shared/contracts/farm';
import type { WaterKind } from '#shared/contracts/water';
import type { WaterStandard } from '#shared/domain/water-standards';
import { ReadingFields } from './reading-fields.tsx';
import { type EntryValues, FIELD_ORDER, PRIMARY_COUNT } from './water-fields.ts';

interface PondEntryCardProps {
  pond: Pond;
  kind: WaterKind;
  values: EntryValues | undefined;
  onChange: (field: string, text: string) => void;
  standards: readonly WaterStandard[];
  /** "DOC 45" of the active cycle, or undefined without one. */
  doc: number | undefined;
}

/**
 * One pond's row of the round. On the dike only pH, DO, temperature and salinity show;
 * the rest of the general fields fold away so twenty ponds stay a short scroll.
 */
export function PondEntryCard({ pond, kind, values, onChange, standards, doc }: PondEntryCardProps) {
  const { t } = useTranslation('water');
  const fields = FIELD_ORDER[kind];
  const primary = fields.slice(0, PRIMARY_COUNT[kind]);
  const rest = fields.slice(PRIMARY_COUNT[kind]);
  const restFilled = rest.some((field) => (values?.[field] ?? '') !== '');
  const context = pond.name;
  return (
    <section className="pond-entry" aria-labelledby={`pond-entry-${pond.pond_id}`}>
      <header className="pond-entry__header">
        <h2 className="pond-entry__name" id={`pond-entry-${pond.pond_id}`}>
          {pond.name}
        </h2>
        <span className="pond-entry__meta">
          {pond.block_name} · {doc === undefined ? t('ponds.noCycle') : t('ponds.cycle', { doc })}
        </span>
      </header>
      <ReadingFields
        kind={kind}
        fields={primary}
        values={values}
        onChange={onChange}
        standards={standards}
        context={context}
      />
      {rest.length > 0 && (
        <details className="pond-entry__more" open={restFilled || undefined}>
          <summary>{t('more')}</summary>
          <ReadingFields
            kind={kind}
            fields={rest}
            values={values}
            onChange={onChange}
            standards={standards}
            context={context}
          />
        </details>
      )}
    </section>
  );
}
