import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { can, useBlocks, usePonds } from '#components/farm-data';
import { useFormat } from '#components/format';
import { PlusIcon } from '#components/icons';
import { Card, EmptyState, LoadError, Loading } from '#components/page';
import { SyncBadge } from '#components/record-status';
import { useToast } from '#components/toast';
import type { Local } from '#local/db';
import type { Farm, Pond } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import { PondDialog, type PondValues } from './pond-dialog.tsx';
import { settingsApi } from './settings-api.ts';

type Editing = { pond: Pond | null } | null;

export function PondsTab({ farm }: { farm: Farm }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const confirm = useConfirm();
  const format = useFormat();
  const blocks = useBlocks(farm.farm_id);
  const ponds = usePonds(farm.farm_id);
  const [editing, setEditing] = useState<Editing>(null);
  const mayAdd = can(farm, 'pond', ACTION.add);
  const mayEdit = can(farm, 'pond', ACTION.edit);
  const hasBlocks = (blocks.data?.length ?? 0) > 0;
  // The block's name goes into the row too: the list shows it before the server answers.
  const withBlockName = (values: PondValues) => ({
    ...values,
    block_name: blocks.data?.find((b) => b.block_id === values.block_id)?.block_name ?? '',
  });

  const remove = async (pond: Pond) => {
    if (!(await confirm({ message: t('ponds.deleteConfirm', { name: pond.name }) }))) return;
    try {
      await settingsApi.deletePond(pond.pond_id);
      toast.success(t('ui:toast.deleted'));
    } catch (error) {
      toast.error(error);
    }
  };

  let body = <Loading />;
  const error = ponds.error ?? blocks.error;
  if (error && (!ponds.data || !blocks.data)) body = <LoadError error={error} onRetry={ponds.reload} />;
  else if (ponds.data?.length === 0)
    body = <EmptyState title={t('ponds.empty')}>{!hasBlocks && <p>{t('ponds.needBlock')}</p>}</EmptyState>;
  else if (ponds.data) {
    body = (
      <ul className="data-list">
        {ponds.data.map((pond) => (
          <li key={pond.pond_id}>
            <span className="data-list__main">
              <span className="data-list__title">
                {pond.name} <SyncBadge row={pond as Local<Pond>} />
              </span>
              <span className="data-list__meta">
                {pond.block_name} · {t('ponds.areaValue', { area: format.number(pond.area, 2) })}
              </span>
            </span>
            {mayEdit && pond.access_level >= ACTION.edit && (
              <>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setEditing({ pond })}
                >
                  {t('ui:actions.edit')}
                  <span className="visually-hidden"> {pond.name}</span>
                </button>
                <button
                  type="button"
                  className="button button--ghost-danger button--small"
                  onClick={() => void remove(pond)}
                >
                  {t('ui:actions.delete')}
                  <span className="visually-hidden"> {pond.name}</span>
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card
      title={t('ponds.title')}
      actions={
        mayAdd && (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={!hasBlocks}
            onClick={() => setEditing({ pond: null })}
          >
            <PlusIcon /> {t('ponds.add')}
          </button>
        )
      }
    >
      {!mayAdd && <p className="muted">{t('readOnly')}</p>}
      {body}
      {editing && blocks.data && (
        <PondDialog
          open
          pond={editing.pond}
          blocks={blocks.data}
          onClose={() => setEditing(null)}
          onSave={(values) =>
            editing.pond
              ? settingsApi.updatePond(editing.pond.pond_id, withBlockName(values))
              : settingsApi.addPond(farm.farm_id, withBlockName(values))
          }
        />
      )}
    </Card>
  );
}
