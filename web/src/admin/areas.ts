// The admin app's areas (the side navigation). Each area names the permissions that show it: an
// owner sees an area when their roles grant any of them. Apart from the route table (routes.tsx)
// so that screens that list the areas (Home) need not import the table that renders them.
import { Permission } from '@sc/contracts';
import { COMMUNITY_AREA } from './community/routes.js';

export interface Area {
  to: string;
  label: string;
  description: string;
  permissions: readonly Permission[];
}

export const AREAS: readonly Area[] = [
  {
    to: '/',
    label: 'Home',
    description: 'The day: sales, orders to fulfil, stock, waitlists, submissions, comments, visits.',
    permissions: [],
  },
  { to: '/content', label: 'Content', description: 'Pages, blogs, events and galleries.', permissions: [Permission.CONTENT_READ] },
  {
    to: '/media',
    label: 'Media',
    description: 'Uploaded images: sizes, where each is used, alt text, focal points, replacing.',
    permissions: [Permission.CONTENT_EDIT, Permission.STORE_MANAGE],
  },
  {
    to: '/store',
    label: 'Store',
    description: 'Products, inventory, orders, gift cards, coupons, shipping and tax.',
    permissions: [Permission.STORE_READ],
  },
  { to: '/restock', label: 'Restock', description: 'Back-in-stock waitlists and their emails.', permissions: [Permission.RESTOCK_READ] },
  { to: '/forms', label: 'Forms', description: 'Form builder and submissions.', permissions: [Permission.CONTENT_READ] },
  COMMUNITY_AREA,
  {
    to: '/mailbox',
    label: 'Sent mail',
    description: 'The emails the site sent, failed mail to resend, the shop’s email templates.',
    permissions: [Permission.FORM_SUBMISSIONS_READ, Permission.RESTOCK_READ, Permission.STORE_READ],
  },
  {
    to: '/analytics',
    label: 'Analytics',
    description: 'Visits, pages, the product funnel, revenue, forms, errors and page speed.',
    permissions: [Permission.ANALYTICS_READ],
  },
  {
    to: '/team',
    label: 'Team',
    description: 'Members, roles and API keys.',
    permissions: [Permission.MEMBERS_READ, Permission.API_KEYS_MANAGE],
  },
  {
    to: '/settings',
    label: 'Settings',
    description: 'Title, domains, region, cookies, header and footer, navigation, languages, export.',
    permissions: [Permission.SETTINGS_READ, Permission.CONTENT_READ],
  },
];

/** The areas an owner with these permissions sees. */
export function areasFor(can: (permission: Permission) => boolean): Area[] {
  return AREAS.filter((area) => area.permissions.length === 0 || area.permissions.some(can));
}
