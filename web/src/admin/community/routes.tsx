// The community area of the admin app (comment moderation, member areas, the popup overlay): its
// side-navigation entry and its routes, which the app's route table (../routes.tsx) takes in. The
// screens are one chunk, fetched on the area's first visit.
import type { ReactElement } from 'react';
import { Permission } from '@sc/contracts';
import { Guard } from '../Guard.js';
import { lazyArea } from '../lazy-area.js';
import type { Route } from '../router.js';

const community = lazyArea(() => import('./CommunityArea.js'));
const CommentsScreen = community('CommentsScreen');
const MemberAreasScreen = community('MemberAreasScreen');
const MemberAreaScreen = community('MemberAreaScreen');
const PopupScreen = community('PopupScreen');

const P = Permission;
const guarded = (permissions: readonly Permission[], screen: ReactElement) => <Guard permission={permissions}>{screen}</Guard>;

export const COMMUNITY_AREA = {
  to: '/community',
  label: 'Community',
  description: 'Comment moderation, member areas and the popup.',
  permissions: [P.COMMENTS_MODERATE, P.CONTENT_READ],
};

export const COMMUNITY_ROUTES: readonly Route[] = [
  { path: '/community', render: () => guarded([P.COMMENTS_MODERATE, P.CONTENT_READ], <CommentsScreen />) },
  { path: '/community/member-areas', render: () => guarded([P.CONTENT_READ], <MemberAreasScreen />) },
  {
    path: '/community/member-areas/:memberAreaId',
    render: ({ memberAreaId }) => guarded([P.CONTENT_READ], <MemberAreaScreen key={memberAreaId} memberAreaId={memberAreaId ?? ''} />),
  },
  { path: '/community/popup', render: () => guarded([P.CONTENT_READ], <PopupScreen />) },
];
