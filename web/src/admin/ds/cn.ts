// Joins class names, leaving out the false ones (the components' variants pick among Tailwind
// classes that never conflict, so no merging of utilities is needed).
export const cn = (...names: Array<string | false | null | undefined>): string => names.filter(Boolean).join(' ');
