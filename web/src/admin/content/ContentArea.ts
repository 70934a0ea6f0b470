// The content area's screens: one lazily loaded chunk (routes.tsx).
export { CollectionScreen } from './CollectionScreen.js';
export { ContentScreen } from './ContentScreen.js';
export { GallerySettingsScreen } from './GallerySettings.js';
export { ItemEditorScreen } from './ItemEditor.js';
