// The forms area's screens: one lazily loaded chunk (routes.tsx).
export { FormBuilderScreen } from './FormBuilder.js';
export { FormsScreen } from './FormsScreen.js';
export { SubmissionsScreen } from './Submissions.js';
