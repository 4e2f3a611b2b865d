// Queries live in repositories (and in migrations and the seed), so a table's readers and writers can
// be found by opening one kind of file, and services keep the rules without the SQL.
import path from 'node:path';
import { isTestFile, root, segmentsUnder } from './imports.js';

const SERVER_SRC = path.join(root, 'apps', 'server', 'src');

export const QUERY_BUILDER_ENTRY_POINTS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'replaceInto',
  'selectNoFrom',
]);

function mayHoldSql(file) {
  const segments = segmentsUnder(SERVER_SRC, file);
  if (!segments) return true;
  const rel = segments.join('/');
  return (
    file.endsWith('.repository.ts') ||
    rel.startsWith('db/migrations/') ||
    rel === 'db/seed.ts' ||
    rel.startsWith('test/') ||
    isTestFile(file)
  );
}

function isSqlText(node) {
  if (!node) return false;
  if (node.type === 'Literal') return typeof node.value === 'string';
  if (node.type === 'TemplateLiteral') return true;
  // pg also takes a query config: `{ text: '…', values: […] }`.
  return (
    node.type === 'ObjectExpression' &&
    node.properties.some(
      (p) =>
        p.type === 'Property' &&
        !p.computed &&
        p.key.type === 'Identifier' &&
        p.key.name === 'text',
    )
  );
}

function memberName(callee) {
  if (callee.type !== 'MemberExpression') return null;
  if (!callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  if (callee.computed && callee.property.type === 'Literal') return String(callee.property.value);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const sqlInRepositories = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'SQL and Kysely queries only in *.repository.ts, db/migrations/ and db/seed.ts (tests aside).',
    },
    messages: {
      sqlTag:
        "`sql` from 'kysely' belongs in a *.repository.ts; call a repository function instead.",
      builder:
        '`{{name}}` starts a query: it belongs in a *.repository.ts; call a repository function instead.',
      rawQuery:
        'Raw SQL through `.query(…)` belongs in a *.repository.ts (or a migration); call a repository function instead.',
      namespace:
        "`import * as {{name}} from 'kysely'` reaches its sql tag: import the types you need by name, and leave SQL to a *.repository.ts.",
      compiledRaw:
        'Raw SQL through `CompiledQuery.raw(…)` belongs in a *.repository.ts; call a repository function instead.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(SERVER_SRC + path.sep) || mayHoldSql(file)) return {};

    const reportSqlSpecifiers = (node) => {
      if (
        node.source?.value !== 'kysely' ||
        node.importKind === 'type' ||
        node.exportKind === 'type'
      )
        return;
      for (const spec of node.specifiers ?? []) {
        if (spec.type === 'ImportNamespaceSpecifier' || spec.type === 'ExportNamespaceSpecifier') {
          context.report({
            node: spec,
            messageId: 'namespace',
            data: { name: spec.local?.name ?? spec.exported?.name ?? '…' },
          });
          continue;
        }
        const name = spec.type === 'ExportSpecifier' ? spec.local : spec.imported;
        if (!name || spec.importKind === 'type' || spec.exportKind === 'type') continue;
        const imported = name.type === 'Identifier' ? name.name : name.value;
        if (imported === 'sql') context.report({ node: spec, messageId: 'sqlTag' });
      }
    };

    return {
      ImportDeclaration: reportSqlSpecifiers,
      ExportNamedDeclaration: reportSqlSpecifiers,
      // `export * as k from 'kysely'` re-exports the sql tag under another name.
      ExportAllDeclaration(node) {
        if (node.source?.value === 'kysely' && node.exportKind !== 'type' && node.exported) {
          context.report({ node, messageId: 'namespace', data: { name: node.exported.name } });
        }
      },
      CallExpression(node) {
        const name = memberName(node.callee);
        if (name === null) return;
        if (
          name === 'raw' &&
          node.callee.object.type === 'Identifier' &&
          node.callee.object.name === 'CompiledQuery'
        ) {
          context.report({ node: node.callee.property, messageId: 'compiledRaw' });
        } else if (QUERY_BUILDER_ENTRY_POINTS.has(name)) {
          context.report({ node: node.callee.property, messageId: 'builder', data: { name } });
        } else if (name === 'query' && isSqlText(node.arguments[0])) {
          context.report({ node: node.callee.property, messageId: 'rawQuery' });
        }
      },
    };
  },
};
