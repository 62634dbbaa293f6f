import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { can, usePonds } from '#components/farm-data';
import { PlusIcon } from '#components/icons';
import { Card, EmptyState, LoadError, Loading } from '#components/page';
import { useSession } from '#components/session';
import { useToast } from '#components/toast';
import type { Farm, UserFarm } from '#shared/contracts/farm';
import { ACTION, isPondRestricted } from '#shared/domain/permissions';
import { PermissionMatrix } from './permission-matrix.tsx';
import { settingsApi, useFarmUsers } from './settings-api.ts';
import { pondEntries, UserDialog, type UserValues } from './user-dialog.tsx';

type Editing = { user: UserFarm | null } | null;

export function UsersTab({ farm }: { farm: Farm }) {
  const { t } = useTranslation(['settings', 'ui']);
  const toast = useToast();
  const confirm = useConfirm();
  const session = useSession();
  const users = useFarmUsers(farm.farm_id);
  const ponds = usePonds(farm.farm_id);
  const [editing, setEditing] = useState<Editing>(null);
  const mayAdd = can(farm, 'user_permission', ACTION.add);
  const mayEdit = can(farm, 'user_permission', ACTION.edit);

  const save = (values: UserValues) => {
    const ponds = pondEntries(values);
    if (editing?.user)
      return settingsApi.updateUser(farm.farm_id, editing.user.user_farm_id, values.role_id, ponds);
    return settingsApi.addUser({
      farm_id: farm.farm_id,
      ...(values.by === 'email' ? { email: values.email.trim() } : { phone: values.phone.trim() }),
      ...(values.username.trim() ? { username: values.username.trim() } : {}),
      role_id: values.role_id,
      ponds,
    });
  };

  const remove = async (user: UserFarm) => {
    if (!(await confirm({ message: t('users.removeConfirm', { name: user.username }) }))) return;
    try {
      await settingsApi.removeUser(farm.farm_id, user.user_farm_id);
      toast.success(t('ui:toast.deleted'));
    } catch (error) {
      toast.error(error);
    }
  };

  let body = <Loading />;
  if (users.error && !users.data) body = <LoadError error={users.error} onRetry={users.reload} />;
  else if (users.data?.length === 0) body = <EmptyState title={t('users.empty')} />;
  else if (users.data) {
    body = (
      <ul className="data-list">
        {users.data.map((user) => {
          const self = user.user_id === session?.user?.id;
          return (
            <li key={user.user_farm_id}>
              <span className="data-list__main">
                <span className="data-list__title">
                  {user.username} {self && <span className="badge badge--primary">{t('users.you')}</span>}
                </span>
                <span className="data-list__meta">{user.email ?? user.phone}</span>
                <span className="data-list__meta">
                  {t(`ui:roles.${user.role_id}`, { defaultValue: String(user.role_id) })} ·{' '}
                  {isPondRestricted(user.role_id)
                    ? t('users.ponds', { count: user.ponds.length })
                    : t('users.allPonds')}
                </span>
              </span>
              {mayEdit && !self && (
                <>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => setEditing({ user })}
                  >
                    {t('ui:actions.edit')}
                    <span className="visually-hidden"> {user.username}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--ghost-danger button--small"
                    onClick={() => void remove(user)}
                  >
                    {t('ui:actions.delete')}
                    <span className="visually-hidden"> {user.username}</span>
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
    <div className="stack">
      <Card
        title={t('users.title')}
        actions={
          mayAdd && (
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => setEditing({ user: null })}
            >
              <PlusIcon /> {t('users.invite')}
            </button>
          )
        }
      >
        {body}
      </Card>
      <PermissionMatrix farm={farm} />
      {editing && (
        <UserDialog
          farm={farm}
          ponds={ponds.data ?? []}
          user={editing.user}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
    </div>
  );
}
