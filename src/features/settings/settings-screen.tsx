import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { can } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { PageHeader } from '#components/page';
import { Tabs } from '#components/tabs';
import { WaterStandardsTab } from '#features/water/water-standards-tab';
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
type TabKey = (typeof TABS)[number];

function Settings({ farm }: { farm: Farm }) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { tab?: string };
  // Users and permissions only for those who may at least view them (seed 000 §6).
  const visible = TABS.filter((key) => {
    if (key === 'users') return can(farm, 'user_permission', ACTION.view);
    // The server lists the standards to whoever may view water quality or its settings.
    if (key === 'standards')
      return can(farm, 'water_quality', ACTION.view) || can(farm, 'water_quality_setting', ACTION.view);
    return true;
  });
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
        // The standards tab's label lives with its content, in the water namespace.
        items={visible.map((key) => ({
          key,
          label: key === 'standards' ? t('water:standards.tab') : t(`tabs.${key}`),
        }))}
      >
        {tab === 'farm' && <FarmTab farm={farm} />}
        {tab === 'blocks' && <BlocksTab farm={farm} />}
        {tab === 'ponds' && <PondsTab farm={farm} />}
        {tab === 'users' && <UsersTab farm={farm} />}
        {tab === 'standards' && <WaterStandardsTab farm={farm} />}
        {tab === 'times' && <PresetTimesTab />}
        {tab === 'language' && <LanguageTab />}
      </Tabs>
    </div>
  );
}

/** /farm/{farm_id}/settings. The tab sits in the query (?tab=ponds) so a reload keeps it. */
export function SettingsScreen() {
  return <FarmGate>{(farm) => <Settings farm={farm} />}</FarmGate>;
}
