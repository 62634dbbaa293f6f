import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, LoadError, Loading } from '#components/page';
import { useToast } from '#components/toast';
import type { Farm, Permission } from '#shared/contracts/farm';
import {
  ACTION,
  type Action,
  DEFAULT_PERMISSIONS,
  FEATURES,
  type Feature,
  ROLE,
  type RoleId,
} from '#shared/domain/permissions';
import { settingsApi, useRolePermissions } from './settings-api.ts';

/** Roles whose rows an admin may change; the admin row itself is always "all". */
const EDITABLE_ROLES: RoleId[] = [ROLE.manager, ROLE.technician, ROLE.viewer];
const LEVELS: Action[] = [ACTION.none, ACTION.view, ACTION.add, ACTION.edit];
/** own_records is a rule, on (edit) or off: fixing one's own entries for 24 h (issue 12 point 5). */
const OWN_LEVELS: Action[] = [ACTION.none, ACTION.edit];

function levelOptions(feature: Feature): Action[] {
  return feature === 'own_records' ? OWN_LEVELS : LEVELS;
}

/** The label key of a level; own_records below edit reads as off. */
function levelKey(feature: Feature, level: Action): string {
  if (feature !== 'own_records') return `permissions.levels.${level}`;
  return `permissions.ownLevels.${level >= ACTION.edit ? ACTION.edit : ACTION.none}`;
}

export function levelsFor(roleId: RoleId, rows: Permission[] | undefined): Record<Feature, Action> {
  const levels = { ...DEFAULT_PERMISSIONS[roleId] };
  for (const row of rows ?? []) {
    if ((FEATURES as readonly string[]).includes(row.feature_name))
      levels[row.feature_name as Feature] = row.action as Action;
  }
  return levels;
}

function RoleRows({ farm, roleId, editable }: { farm: Farm; roleId: RoleId; editable: boolean }) {
  const { t } = useTranslation(['settings', 'ui']);
  const toast = useToast();
  const rows = useRolePermissions(farm.farm_id, roleId);
  const [draft, setDraft] = useState<Record<Feature, Action> | null>(null);
  const [saving, setSaving] = useState(false);

  if (rows.error && !rows.data) return <LoadError error={rows.error} onRetry={rows.reload} />;
  if (!rows.data) return <Loading />;
  const levels = draft ?? levelsFor(roleId, rows.data);

  const save = async () => {
    setSaving(true);
    try {
      const permissions = FEATURES.map((feature_name) => ({ feature_name, action: levels[feature_name] }));
      await settingsApi.savePermissions(farm.farm_id, roleId, permissions);
      setDraft(null);
      toast.success(t('permissions.saved'));
    } catch (error) {
      toast.error(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <ul className="data-list permission-list">
        {FEATURES.map((feature) => {
          const id = `perm-${roleId}-${feature}`;
          return (
            <li key={feature}>
              <label htmlFor={id} className="data-list__main">
                {t(`permissions.features.${feature}`)}
              </label>
              {editable ? (
                <select
                  id={id}
                  className="field__input permission-list__select"
                  value={
                    feature === 'own_records' && levels[feature] < ACTION.edit ? ACTION.none : levels[feature]
                  }
                  onChange={(event) =>
                    setDraft({ ...levels, [feature]: Number(event.target.value) as Action })
                  }
                >
                  {levelOptions(feature).map((level) => (
                    <option key={level} value={level}>
                      {t(levelKey(feature, level))}
                    </option>
                  ))}
                </select>
              ) : (
                <span id={id} className="badge">
                  {t(levelKey(feature, levels[feature]))}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {editable && (
        <button
          type="button"
          className="button button--primary"
          disabled={!draft || saving}
          onClick={() => void save()}
        >
          {saving ? t('ui:actions.saving') : t('permissions.save')}
        </button>
      )}
    </>
  );
}

/** Per-role permission levels none / view / add / edit for each feature (seed 000 §6). */
export function PermissionMatrix({ farm }: { farm: Farm }) {
  const { t } = useTranslation(['settings', 'ui']);
  const [roleId, setRoleId] = useState<RoleId>(ROLE.technician);
  const editable = farm.role_id === ROLE.admin;
  return (
    <Card title={t('permissions.title')}>
      <p className="muted">{t('permissions.intro')}</p>
      {!editable && <p className="notice">{t('permissions.adminOnly')}</p>}
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('permissions.role')}</legend>
        {EDITABLE_ROLES.map((id) => (
          <button
            key={id}
            type="button"
            className="segmented__option"
            aria-pressed={roleId === id}
            onClick={() => setRoleId(id)}
          >
            {t(`ui:roles.${id}`)}
          </button>
        ))}
      </fieldset>
      <RoleRows key={roleId} farm={farm} roleId={roleId} editable={editable} />
    </Card>
  );
}
