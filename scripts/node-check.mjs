// Which Node.js the platform runs on, said once, in plain JavaScript so that it runs on any Node
// (the machine's own may be an old one: Node 20 is past its end of life and our code needs 22).
/** The oldest major version the platform supports (package.json engines, .nvmrc names 24). */
export const MIN_NODE_MAJOR = 22;

/**
 * The one line to print when `version` (like process.version) is too old, with a command that works
 * on any machine with npm; undefined when it will do.
 */
export function nodeTooOld(version, command = 'pnpm start') {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1] ?? 0);
  if (major >= MIN_NODE_MAJOR) return undefined;
  return (
    `This needs Node.js ${MIN_NODE_MAJOR} or newer, and this is Node.js ${version.replace(/^v/, '')}. ` +
    `Install Node.js 24 (nodejs.org, or \`nvm install\` here), or run it with one from npm: npx -y -p node@24 -p pnpm@10.34.9 -- ${command}`
  );
}
