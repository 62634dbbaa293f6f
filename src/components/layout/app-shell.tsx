import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpButton } from './help-button.tsx';
import { type NavItem, NavLinks } from './nav-links.tsx';
import { Navbar } from './navbar.tsx';
import { StorageFullNotice, useKeepWhenInstalled } from './storage-notices.tsx';
import { trackTypingMode } from './typing-mode.ts';
import './layout.css';

/** What the current route lets the shell show (route flags of seed 000 §2). */
export interface ShellFlags {
  sidebar: boolean;
  navbar: boolean;
  hideHelp: boolean;
  embed: boolean;
  /** Full-bleed page that draws its own chrome (account pages). */
  bare?: boolean;
  /**
   * The member may do none of what the sidebar is for (seed 000 §2, `sidebarUsable`): the
   * compact navigation (the bottom bar) at every width instead of the sidebar.
   */
  compactNav?: boolean;
}

interface AppShellProps {
  flags: ShellFlags;
  nav: NavItem[];
  children: ReactNode;
}

export function AppShell({ flags, nav, children }: AppShellProps) {
  const { t } = useTranslation('ui');
  const showNav = flags.sidebar && !flags.embed && nav.length > 0;
  const sidebar = showNav && !flags.compactNav;
  useEffect(() => trackTypingMode(), []);
  useKeepWhenInstalled();
  return (
    <div
      className="shell"
      data-nav={showNav ? 'on' : 'off'}
      data-sidebar={showNav && !sidebar ? 'off' : undefined}
      data-embed={flags.embed ? 'on' : undefined}
    >
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {flags.navbar && !flags.embed && <Navbar />}
      <div className="shell__body">
        {sidebar && <NavLinks items={nav} variant="sidebar" />}
        <main
          id="main"
          className={flags.bare ? 'shell__main shell__main--bare' : 'shell__main'}
          tabIndex={-1}
        >
          <StorageFullNotice />
          {children}
        </main>
      </div>
      {showNav && <NavLinks items={nav} variant="bottom" />}
      {!flags.hideHelp && !flags.embed && <HelpButton />}
    </div>
  );
}
