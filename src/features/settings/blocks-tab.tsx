import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { can, useBlocks, usePonds } from '#components/farm-data';
import { PlusIcon } from '#components/icons';
import { Card, EmptyState, LoadError, Loading } from '#components/page';
import { SyncBadge } from '#components/record-status';
import { useToast } from '#components/toast';
import type { Local } from '#local/db';
import type { Block, Farm } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import { BlockDialog } from './block-dialog.tsx';
import { settingsApi } from './settings-api.ts';

type Editing = { kind: 'add' } | { kind: 'rename'; block: Block } | null;

export function BlocksTab({ farm }: { farm: Farm }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const confirm = useConfirm();
  const blocks = useBlocks(farm.farm_id);
  const ponds = usePonds(farm.farm_id);
  const [editing, setEditing] = useState<Editing>(null);
  const mayAdd = can(farm, 'pond', ACTION.add);
  const mayEdit = can(farm, 'pond', ACTION.edit);

  const remove = async (block: Block) => {
    // The server refuses a block with ponds (block-not-empty): say so now, not after a sync.
    if (ponds.data?.some((pond) => pond.block_id === block.block_id)) {
      toast.error(t('common:error.block-not-empty'));
      return;
    }
    if (!(await confirm({ message: t('blocks.deleteConfirm', { name: block.block_name }) }))) return;
    try {
      await settingsApi.deleteBlock(block.block_id);
      toast.success(t('ui:toast.deleted'));
    } catch (error) {
      toast.error(error);
    }
  };

  let body = <Loading />;
  if (blocks.error && !blocks.data) body = <LoadError error={blocks.error} onRetry={blocks.reload} />;
  else if (blocks.data?.length === 0) body = <EmptyState title={t('blocks.empty')} />;
  else if (blocks.data) {
    body = (
      <ul className="data-list">
        {blocks.data.map((block) => {
          const count = ponds.data?.filter((p) => p.block_id === block.block_id).length ?? 0;
          return (
            <li key={block.block_id}>
              <span className="data-list__main">
                <span className="data-list__title">
                  {block.block_name} <SyncBadge row={block as Local<Block>} />
                </span>
                <span className="data-list__meta">{t('blocks.pondCount', { count })}</span>
              </span>
              {mayEdit && (
                <>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => setEditing({ kind: 'rename', block })}
                  >
                    {t('ui:actions.edit')}
                    <span className="visually-hidden"> {block.block_name}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--ghost-danger button--small"
                    onClick={() => void remove(block)}
                  >
                    {t('ui:actions.delete')}
                    <span className="visually-hidden"> {block.block_name}</span>
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Card
      title={t('blocks.title')}
      actions={
        mayAdd && (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => setEditing({ kind: 'add' })}
          >
            <PlusIcon /> {t('blocks.add')}
          </button>
        )
      }
    >
      {!mayAdd && <p className="muted">{t('readOnly')}</p>}
      {body}
      <BlockDialog
        key={editing?.kind === 'rename' ? editing.block.block_id : 'new'}
        open={editing !== null}
        title={editing?.kind === 'rename' ? t('blocks.rename') : t('blocks.add')}
        initialName={editing?.kind === 'rename' ? editing.block.block_name : ''}
        onClose={() => setEditing(null)}
        onSave={(name) =>
          editing?.kind === 'rename'
            ? settingsApi.renameBlock(editing.block.block_id, name)
            : settingsApi.addBlock(farm.farm_id, name)
        }
      />
    </Card>
  );
}
