// The community area's sub-screens: comment moderation, member areas, the popup overlay.
import { Tabs } from '../ui.js';
import './community.css';
import { apiPath } from '../../api/client.js';

export const COMMUNITY_TABS = [
  { to: '/community', label: 'Comments' },
  { to: '/community/member-areas', label: 'Member areas' },
  { to: '/community/popup', label: 'Popup' },
] as const;

export function CommunityTabs() {
  return <Tabs tabs={COMMUNITY_TABS} />;
}

/** The owner API of content for this website. */
export const contentBase = (websiteId: string): string => apiPath('/content-service/1.0/websites/{websiteId}', { websiteId });
