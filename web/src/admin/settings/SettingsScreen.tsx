// The settings area: one tab per group of website settings, each shown only to roles that may
// read it (the export, only to roles that manage the settings).
import { Permission } from '@sc/contracts';
import { useSession } from '../session.js';
import { Page, Tabs } from '../ui.js';
import { CommercePreferences } from './CommercePreferences.js';
import { GeneralSettings } from './General.js';
import { ColourSettings, HeaderFooterSettings } from './HeaderFooter.js';
import { LanguageSettings } from './Languages.js';
import { NavigationSettings } from './Navigation.js';
import { SiteExport } from './SiteExport.js';
import { SiteSeoSettings } from '../seo/SiteSeoSettings.js';
import { DeleteWebsite, DesignSettings, DomainSettings } from '../websites/WebsiteSettings.js';
import { WebsiteLimits } from '../websites/WebsiteLimits.js';

const SECTIONS = [
  { to: '/settings', label: 'General', title: 'Website settings', permission: Permission.SETTINGS_READ, render: () => <GeneralSettings /> },
  { to: '/settings/colours', label: 'Colours', title: 'Colours', permission: Permission.SETTINGS_READ, render: () => <ColourSettings /> },
  {
    to: '/settings/header-footer',
    label: 'Header & footer',
    title: 'Header and footer',
    permission: Permission.CONTENT_READ,
    render: () => <HeaderFooterSettings />,
  },
  {
    to: '/settings/navigation',
    label: 'Navigation',
    title: 'Navigation',
    permission: Permission.CONTENT_READ,
    render: () => <NavigationSettings />,
  },
  {
    to: '/settings/languages',
    label: 'Languages',
    title: 'Languages',
    permission: Permission.CONTENT_READ,
    render: () => <LanguageSettings />,
  },
  {
    to: '/settings/seo',
    label: 'Search & social',
    title: 'Search and social',
    permission: Permission.SETTINGS_READ,
    render: () => <SiteSeoSettings />,
  },
  {
    to: '/settings/commerce',
    label: 'Commerce preferences',
    title: 'Commerce preferences',
    permission: Permission.STORE_READ,
    render: () => <CommercePreferences />,
  },
  { to: '/settings/export', label: 'Export', title: 'Export', permission: Permission.SETTINGS_MANAGE, render: () => <SiteExport /> },
  { to: '/settings/domains', label: 'Domains', title: 'Domains', permission: Permission.SETTINGS_READ, render: () => <DomainSettings /> },
  { to: '/settings/design', label: 'Design', title: 'Design', permission: Permission.SETTINGS_READ, render: () => <DesignSettings /> },
  { to: '/settings/limits', label: 'Limits', title: 'Limits', permission: Permission.SETTINGS_READ, render: () => <WebsiteLimits /> },
  {
    to: '/settings/delete',
    label: 'Delete website',
    title: 'Delete website',
    permission: Permission.SETTINGS_MANAGE,
    render: () => <DeleteWebsite />,
  },
] as const;

export function SettingsScreen({ section }: { section: string }) {
  const { can } = useSession();
  const allowed = SECTIONS.filter((s) => can(s.permission));
  const current = allowed.find((s) => s.to === section) ?? allowed[0];
  if (!current) return null;
  return (
    <Page title={current.title}>
      <Tabs tabs={allowed} />
      {current.render()}
    </Page>
  );
}
