import { CompiledQuery, type Kysely } from 'kysely';

/** Every table a query's plan reads, from EXPLAIN's JSON (the query is planned, not run). */
export async function tablesRead<DB>(
  db: Kysely<DB>,
  query: { compile: (db: Kysely<DB>) => CompiledQuery },
): Promise<string[]> {
  const compiled = query.compile(db);
  const result = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const plan = result.rows[0]!['QUERY PLAN'];
  const text = typeof plan === 'string' ? plan : JSON.stringify(plan);
  return [...text.matchAll(/"Relation Name":\s*"([^"]+)"/g)].map((m) => m[1]!);
}

/** One table scan of a plan as run: the table, the node's kind, and the rows it fetched from the table. */
export type ScanRun = { relation: string; node: string; heapFetches: number };

/** The table scans of a query's plan as run (EXPLAIN ANALYZE, so the query runs). */
export async function scansRun<DB>(
  db: Kysely<DB>,
  query: { compile: () => CompiledQuery },
): Promise<ScanRun[]> {
  const compiled = query.compile();
  const result = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const raw = result.rows[0]!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const scans: ScanRun[] = [];
  const walk = (node: PlanNode) => {
    if (node['Relation Name'])
      scans.push({
        relation: node['Relation Name'],
        node: node['Node Type'],
        heapFetches: node['Heap Fetches'] ?? 0,
      });
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan[0]!.Plan);
  return scans;
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
};
