import './register-locales.ts';
import { useLocation, useSearch } from '@tanstack/react-router';
import { useFormikContext } from 'formik';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entryBackPath, entryOrigin } from '#components/entry-preset.ts';
import { usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { EmptyState, LoadError, Loading, PageHeader } from '#components/page';
import { pondAction } from '#components/pond-access.ts';
import { QuickLink } from '#components/quick-link';
import { useNavigateAfterPaint } from '#components/quick-open.ts';
import { getDb, type TambakDb } from '#local/db';
import { clearDraft, loadDraft, saveDraft } from '#local/drafts';
import type { Farm, Pond } from '#shared/contracts/farm';
import { compareNames } from '#shared/domain/natural-sort';
import { ACTION, type Feature } from '#shared/domain/permissions';
import './production.css';

export interface FormPageContext {
  farm: Farm;
  pond: Pond;
  search: Record<string, string | undefined>;
  db: TambakDb;
  /** Back to where the form was opened from: the Today list, else the pond page (after a save, or cancel). */
  leave: () => void;
}

function strings(search: Record<string, unknown>) {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(search)) out[k] = typeof v === 'string' ? v : undefined;
  return out;
}

/**
 * Opened without a pond (from the Today list's "other records"): the ponds he may enter
 * this for, one tap each, in dike order; the form then opens for that pond, still knowing
 * it came from Today (`from`), so its save goes back there.
 */
function PondChoice({
  farm,
  ponds,
  feature,
  from,
}: {
  farm: Farm;
  ponds: readonly Pond[];
  feature: Feature;
  from: string | undefined;
}) {
  const { t } = useTranslation('production');
  const location = useLocation();
  const open = ponds
    .filter((p) => pondAction(farm, p, feature) >= ACTION.add)
    .sort((a, b) => compareNames(a.block_name, b.block_name) || compareNames(a.name, b.name));
  if (open.length === 0) return <EmptyState title={t('form.noPond')} />;
  return (
    <section className="card" aria-labelledby="pond-choice">
      <h2 className="card__title" id="pond-choice">
        {t('form.choosePond')}
      </h2>
      <ul className="pond-choice">
        {open.map((p) => (
          <li key={p.pond_id}>
            <QuickLink
              to={location.pathname}
              search={from ? { from, pond_id: p.pond_id } : { pond_id: p.pond_id }}
              className="button button--secondary button--block"
            >
              {p.name}
            </QuickLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Page({
  farm,
  title,
  feature,
  children,
}: {
  farm: Farm;
  title: string;
  feature: Feature;
  children: (ctx: FormPageContext) => ReactNode;
}) {
  const { t } = useTranslation('production');
  // After a save: the save's frame painted first (ADR 0080).
  const navigate = useNavigateAfterPaint();
  const search = strings(useSearch({ strict: false }) as Record<string, unknown>);
  const ponds = usePonds(farm.farm_id);
  const pond = ponds.data?.find((p) => p.pond_id === search.pond_id && p.access_level >= ACTION.view);
  const back = entryBackPath(farm.farm_id, pond?.pond_id, entryOrigin(search));
  return (
    <div className="narrow production-form">
      <PageHeader title={title} subtitle={pond ? `${pond.name} · ${farm.name}` : farm.name} backTo={back} />
      {!ponds.data ? (
        ponds.error ? (
          <LoadError error={ponds.error} onRetry={ponds.reload} />
        ) : (
          <Loading />
        )
      ) : !pond && !search.pond_id ? (
        <PondChoice farm={farm} ponds={ponds.data} feature={feature} from={search.from} />
      ) : !pond ? (
        <EmptyState title={t('form.notFound')} />
      ) : (
        children({ farm, pond, search, db: getDb(), leave: () => navigate({ to: back }) })
      )}
    </div>
  );
}

/** A full-page entry form of a pond (`?pond_id=`), under the farm gate. */
export function FormPage(props: {
  title: string;
  /** The permission the form adds under (which ponds the pond choice offers). */
  feature: Feature;
  children: (ctx: FormPageContext) => ReactNode;
}) {
  return <FarmGate>{(farm) => <Page farm={farm} {...props} />}</FarmGate>;
}

/** Loads a form's draft once (undefined while loading, null when none). */
export function useDraft<T>(db: TambakDb, farmId: string, form: string): T | null | undefined {
  const [draft, setDraft] = useState<T | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadDraft<T>(db, farmId, form).then(
      (value) => live && setDraft(value ?? null),
      () => live && setDraft(null),
    );
    return () => {
      live = false;
    };
  }, [db, farmId, form]);
  return draft;
}

/** Keeps the typed values as the form's draft (a closed tab or a call loses nothing). */
export function DraftSaver({ db, farmId, form }: { db: TambakDb; farmId: string; form: string }) {
  const { values, dirty, isSubmitting } = useFormikContext();
  useEffect(() => {
    if (!dirty || isSubmitting) return;
    const timer = setTimeout(() => void saveDraft(db, farmId, form, values), 400);
    return () => clearTimeout(timer);
  }, [db, farmId, form, values, dirty, isSubmitting]);
  return null;
}

export { clearDraft };
