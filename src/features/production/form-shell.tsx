import './register-locales.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useFormikContext } from 'formik';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { EmptyState, LoadError, Loading, PageHeader } from '#components/page';
import { getDb, type TambakDb } from '#local/db';
import { clearDraft, loadDraft, saveDraft } from '#local/drafts';
import type { Farm, Pond } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import './production.css';

export interface FormPageContext {
  farm: Farm;
  pond: Pond;
  search: Record<string, string | undefined>;
  db: TambakDb;
  /** Back to the pond page (after a save, or cancel). */
  leave: () => void;
}

function strings(search: Record<string, unknown>) {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(search)) out[k] = typeof v === 'string' ? v : undefined;
  return out;
}

function Page({
  farm,
  title,
  children,
}: {
  farm: Farm;
  title: string;
  children: (ctx: FormPageContext) => ReactNode;
}) {
  const { t } = useTranslation('production');
  const navigate = useNavigate();
  const search = strings(useSearch({ strict: false }) as Record<string, unknown>);
  const ponds = usePonds(farm.farm_id);
  const farmPath = `/farm/${encodeURIComponent(farm.farm_id)}`;
  const pond = ponds.data?.find((p) => p.pond_id === search.pond_id && p.access_level >= ACTION.view);
  const back = pond ? `${farmPath}/pond/${encodeURIComponent(pond.pond_id)}` : farmPath;
  return (
    <div className="narrow production-form">
      <PageHeader title={title} subtitle={pond ? `${pond.name} · ${farm.name}` : farm.name} backTo={back} />
      {!ponds.data ? (
        ponds.error ? (
          <LoadError error={ponds.error} onRetry={ponds.reload} />
        ) : (
          <Loading />
        )
      ) : !pond ? (
        <EmptyState title={t('form.notFound')} />
      ) : (
        children({ farm, pond, search, db: getDb(), leave: () => void navigate({ to: back }) })
      )}
    </div>
  );
}

/** A full-page entry form of a pond (`?pond_id=`), under the farm gate. */
export function FormPage(props: { title: string; children: (ctx: FormPageContext) => ReactNode }) {
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
