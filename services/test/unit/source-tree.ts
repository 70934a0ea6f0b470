// What the source-tree tests of services/ (layout.test.ts, arrows.test.ts) read: the services
// and their files. Reads the file system only.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The services/ folder. */
export const SERVICES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Whether `dir` is a folder. */
export function existsDir(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** The services under `root`: the folders with a src/. */
export function servicesIn(root = SERVICES_DIR): string[] {
  return readdirSync(root).filter((name) => existsDir(path.join(root, name, 'src')));
}

/** The TypeScript and JavaScript module files under `dir`, at any depth. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : /\.(ts|mts|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** One import of a module: what it names, and whether it is erased at compile time. */
export interface ModuleImport {
  specifier: string;
  typeOnly: boolean;
}

/**
 * Every module a file imports, read by the TypeScript parser (so imports over several lines,
 * `export ... from`, `import()` and `import('x').T` types are all found): `import`/`export`
 * declarations, dynamic imports, and import types.
 */
export function moduleImports(fileName: string, text: string): ModuleImport[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: ModuleImport[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({
        specifier: node.moduleSpecifier.text,
        typeOnly: ts.isImportDeclaration(node) ? isTypeOnlyImport(node) : node.isTypeOnly,
      });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push({ specifier: node.moduleReference.expression.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `import type {…}`, or `import {type A, type B}` (erased whole). */
function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    !clause.name &&
    !!named &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((element) => element.isTypeOnly)
  );
}

/**
 * Runs `check` on a scratch services/ folder holding one service, `shop`, whose `src/` files
 * `write` adds (path relative to src/); the folder is removed afterwards.
 */
export function withScratchService(check: (root: string, write: (rel: string, text: string) => void) => void): void {
  const root = mkdtempSync(path.join(tmpdir(), 'services-'));
  try {
    check(root, (rel, text) => {
      mkdirSync(path.dirname(path.join(root, 'shop/src', rel)), { recursive: true });
      writeFileSync(path.join(root, 'shop/src', rel), text);
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
