// What the layout rules share: where the repository is, and every way a module names another one.
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');

export function isTestFile(file) {
  return /\.test\.[cm]?[jt]sx?$/.test(file);
}

/** The file's path relative to `dir`, split into segments; null when the file is outside it. */
export function segmentsUnder(dir, file) {
  const rel = path.relative(dir, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep);
}

/**
 * Visitors that call `check(node, specifier)` for every static and dynamic import, re-export and
 * `typeof import('…')` type, so a layer cannot be crossed through a form the rule forgot.
 */
export function importVisitors(check) {
  const literal = (node) =>
    node && node.type === 'Literal' && typeof node.value === 'string'
      ? check(node, node.value)
      : undefined;
  return {
    ImportDeclaration: (node) => literal(node.source),
    ExportNamedDeclaration: (node) => literal(node.source),
    ExportAllDeclaration: (node) => literal(node.source),
    ImportExpression: (node) => literal(node.source),
    TSImportType: (node) => literal(node.source ?? node.argument?.literal),
    TSExternalModuleReference: (node) => literal(node.expression),
  };
}

/** The absolute path a relative specifier points at (extension as written); null for packages. */
export function resolveRelative(file, specifier) {
  if (!specifier.startsWith('.')) return null;
  return path.resolve(path.dirname(file), specifier);
}
