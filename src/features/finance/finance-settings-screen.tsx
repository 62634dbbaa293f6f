import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { PlusIcon } from '#components/icons';
import { Card, EmptyState, Loading, PageHeader } from '#components/page';
import { SyncBadge } from '#components/record-status';
import { useToast } from '#components/toast';
import type { Local } from '#local/db';
import type { FinanceCategory } from '#shared/contracts/finance';
import { ACTION } from '#shared/domain/permissions';
import { CategoryDialog } from './category-dialog.tsx';
import { CategoryIcon } from './category-icon.tsx';
import { deleteCategory, useCategories } from './finance-data.ts';
import { FinanceGate } from './finance-gate.tsx';
import { categoryLabel } from './finance-model.ts';
import './finance.css';

function CategoryList({
  rows,
  mayEdit,
  onEdit,
  onDelete,
}: {
  rows: FinanceCategory[];
  mayEdit: boolean;
  onEdit?: (c: FinanceCategory) => void;
  onDelete?: (c: FinanceCategory) => void;
}) {
  const { t } = useTranslation('finance');
  return (
    <ul className="data-list">
      {rows.map((c) => (
        <li key={c.category_transaction_id} data-testid="finance-category">
          <CategoryIcon icon={c.category_icon} className={`finance-icon finance-icon--${c.type}`} />
          <span className="data-list__main">
            <span className="data-list__title">
              {categoryLabel(c, t)} <SyncBadge row={c as Local<FinanceCategory>} />
            </span>
            <span className="data-list__meta">{c.type === 'in' ? t('tx.income') : t('tx.expense')}</span>
          </span>
          {mayEdit && onEdit && onDelete && (
            <span className="row">
              <button type="button" className="button button--ghost button--small" onClick={() => onEdit(c)}>
                {t('ui:actions.edit')}
                <span className="visually-hidden"> {c.category_transaction_name}</span>
              </button>
              <button
                type="button"
                className="button button--ghost-danger button--small"
                onClick={() => onDelete(c)}
              >
                {t('ui:actions.delete')}
                <span className="visually-hidden"> {c.category_transaction_name}</span>
              </button>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function Categories({ farmId, mayAdd, mayEdit }: { farmId: string; mayAdd: boolean; mayEdit: boolean }) {
  const { t } = useTranslation('finance');
  const toast = useToast();
  const confirm = useConfirm();
  const categories = useCategories(farmId);
  const [editing, setEditing] = useState<{ category: FinanceCategory | null } | null>(null);
  if (!categories.data) return <Loading />;
  const builtIn = categories.data.filter((c) => c.built_in);
  const own = categories.data
    .filter((c) => !c.built_in)
    .sort((a, b) => a.category_transaction_name.localeCompare(b.category_transaction_name));
  const remove = async (c: FinanceCategory) => {
    if (!(await confirm({ message: t('categories.deleteConfirm', { name: c.category_transaction_name }) })))
      return;
    try {
      await deleteCategory(c);
      toast.success(t('ui:toast.deleted'));
    } catch (error) {
      toast.error(error);
    }
  };
  return (
    <>
      <Card
        title={t('categories.own')}
        actions={
          mayAdd && (
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => setEditing({ category: null })}
            >
              <PlusIcon /> {t('categories.add')}
            </button>
          )
        }
      >
        {own.length === 0 ? (
          <EmptyState title={t('categories.emptyOwn')} />
        ) : (
          <CategoryList
            rows={own}
            mayEdit={mayEdit}
            onEdit={(c) => setEditing({ category: c })}
            onDelete={(c) => void remove(c)}
          />
        )}
      </Card>
      <Card title={t('categories.builtIn')}>
        <CategoryList rows={builtIn} mayEdit={false} />
      </Card>
      {editing && (
        <CategoryDialog farmId={farmId} category={editing.category} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

/** /farm/{farm_id}/finance/settings: the transaction categories (no sidebar; back to finance). */
export function FinanceSettingsScreen() {
  const { t } = useTranslation('finance');
  return (
    <FinanceGate>
      {(farm, level) => (
        <div className="finance">
          <PageHeader
            title={t('settings')}
            subtitle={t('categories.title')}
            backTo={`/farm/${encodeURIComponent(farm.farm_id)}/finance`}
          />
          <Categories farmId={farm.farm_id} mayAdd={level >= ACTION.add} mayEdit={level >= ACTION.edit} />
        </div>
      )}
    </FinanceGate>
  );
}
