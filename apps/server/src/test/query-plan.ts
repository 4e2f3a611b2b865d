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
