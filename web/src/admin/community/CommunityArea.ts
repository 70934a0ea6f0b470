// The community area's screens: one chunk, fetched on the area's first visit (../lazy-area.ts).
export { CommentsScreen } from './CommentsScreen.js';
export { MemberAreaScreen } from './MemberAreaScreen.js';
export { MemberAreasScreen } from './MemberAreasScreen.js';
export { PopupScreen } from './PopupScreen.js';
