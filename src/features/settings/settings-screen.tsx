import './register-locales.ts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { PageHeader } from '#components/page';
import { Tabs } from '#components/tabs';
import type { Farm } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import { BlocksTab } from './blocks-tab.tsx';
import { FarmTab } from './farm-tab.tsx';
import { LanguageTab } from './language-tab.tsx';
import { PondsTab } from './ponds-tab.tsx';
import { PresetTimesTab } from './preset-times-tab.tsx';
import { UsersTab } from './users-tab.tsx';
import './settings.css';

const TABS = ['farm', 'blocks', 'ponds', 'users', 'standards', 'times', 'language'] as const;
/** A built-in tab, or the key of a tab another feature adds (`more`). */
type TabKey = (typeof TABS)[number] | (string & {});

/** A tab another feature contributes (composed at the app level, so features stay apart). */
export interface ExtraTab {
  /** Shown when this returns true for the farm (permissions). */
  visible: (farm: Farm) => boolean;
  label: string;
  render: (farm: Farm) => ReactNode;
}

/** More tabs from other features, shown after the standards tab, each with its own key in ?tab=. */
export type KeyedTab = ExtraTab & { key: string };

function Settings({ farm, standards, more = [] }: { farm: Farm; standards?: ExtraTab; more?: KeyedTab[] }) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { tab?: string };
  // Users and permissions only for those who may at least view them (seed 000 §6).
  const visible = TABS.filter((key) => {
    if (key === 'users') return can(farm, 'user_permission', ACTION.view);
    // The server lists the standards to whoever may view water quality or its settings.
    if (key === 'standards') return standards?.visible(farm) ?? false;
    return true;
  }) as TabKey[];
  const extra = more.filter((m) => m.visible(farm));
  visible.splice(visible.indexOf('standards') + 1 || visible.indexOf('times'), 0, ...extra.map((m) => m.key));
  const tab: TabKey = visible.find((key) => key === search.tab) ?? 'farm';
  const select = (key: TabKey) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, tab: key }),
      replace: true,
    });

  return (
    <div className="settings">
      <PageHeader title={t('title')} subtitle={farm.name} />
      <Tabs
        label={t('tabsLabel')}
        value={tab}
        onChange={select}
        items={visible.map((key) => ({
          key,
          label:
            key === 'standards' && standards
              ? standards.label
              : (extra.find((m) => m.key === key)?.label ?? t(`tabs.${key}`)),
        }))}
      >
        {tab === 'farm' && <FarmTab farm={farm} />}
        {tab === 'blocks' && <BlocksTab farm={farm} />}
        {tab === 'ponds' && <PondsTab farm={farm} />}
        {tab === 'users' && <UsersTab farm={farm} />}
        {tab === 'standards' && standards?.render(farm)}
        {extra.find((m) => m.key === tab)?.render(farm)}
        {tab === 'times' && <PresetTimesTab />}
        {tab === 'language' && <LanguageTab />}
      </Tabs>
    </div>
  );
}

/** /farm/{farm_id}/settings. The tab sits in the query (?tab=ponds) so a reload keeps it. */
export function SettingsScreen({ standards, more }: { standards?: ExtraTab; more?: KeyedTab[] }) {
  return <FarmGate>{(farm) => <Settings farm={farm} standards={standards} more={more} />}</FarmGate>;
}
