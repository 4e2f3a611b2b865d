// A Markdown table renders only when every row has as many cells as its header: a row with one
// too many turns the whole table into a paragraph of pipes. The README's tables (demo accounts,
// settings, figures) are read more than any other page of the project.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The cells of a table row: code spans and escaped pipes hold no cell boundary. */
function cellsOf(row: string): number {
  const bare = row
    .replace(/`[^`]*`/g, 'code')
    .replace(/\\\|/g, '')
    .trim();
  return bare.replace(/^\|/, '').replace(/\|$/, '').split('|').length;
}

/** Each table of a Markdown text, outside code blocks: its first line and its rows. */
function tablesOf(text: string): { line: number; rows: string[] }[] {
  const tables: { line: number; rows: string[] }[] = [];
  let fenced = false;
  let current: { line: number; rows: string[] } | null = null;
  text.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const isRow = !fenced && /^\s*\|/.test(line);
    if (isRow) {
      current ??= { line: i + 1, rows: [] };
      current.rows.push(line);
    } else if (current) {
      tables.push(current);
      current = null;
    }
  });
  if (current) tables.push(current);
  return tables;
}

const FILES = [
  path.join(root, 'README.md'),
  path.join(root, 'CONTRIBUTING.md'),
  ...markdownFiles(path.join(root, 'docs')),
];

describe('the Markdown tables of the README and docs', () => {
  it.each(FILES.map((file) => [path.relative(root, file), file]))(
    '%s: every row has as many cells as its header',
    (_name, file) => {
      for (const table of tablesOf(readFileSync(file, 'utf8'))) {
        const header = cellsOf(table.rows[0]!);
        table.rows.forEach((row, i) => {
          expect(cellsOf(row), `line ${table.line + i}: ${row.slice(0, 60)}`).toBe(header);
        });
      }
    },
  );

  it('counts cells as a reader sees them', () => {
    expect(cellsOf('| a | b | c |')).toBe(3);
    expect(cellsOf('| --- | --- | --- | --- |')).toBe(4);
    expect(cellsOf('| `a | b` | c |')).toBe(2);
    expect(tablesOf('| a |\n| - |\n\n```\n| not | a table |\n```\n| b |')).toHaveLength(2);
  });
});
