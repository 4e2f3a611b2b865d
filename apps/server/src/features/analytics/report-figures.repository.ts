import { OPEN_REPORT_STATUSES } from '@smart-city/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** One category's figures over a window, or all categories' (`category` null). */
export type ReportFigureRow = {
  category: string | null;
  opened: number;
  closed: number;
  closed_within_target: number;
  rejected: number;
  duplicates: number;
  open_now: number;
  overdue_now: number;
  /** Median hours from made to closed of the reports closed in the window; null without any. */
  median_hours: number | null;
};

/**
 * A city's (or one of its areas') reports over [from, to], per category and for all categories
 * together (`grouping sets`), in one query: made in the window; closed, rejected and merged in it;
 * open and overdue at `to`; and the median hours to close, taken by the database. A merged report
 * is closed with `merged_into` set: it is a duplicate, so the closed figures leave it out, and a
 * rejected report is not among them either. Only the reports that can count are read: those made
 * or ended in the window (by city and time) and those open now.
 */
export async function reportFigures(
  db: Kysely<Database>,
  q: { city: string; area: string | null; from: Date; to: Date },
): Promise<ReportFigureRow[]> {
  let query = db
    .selectFrom('reports')
    .where('city_key', '=', q.city)
    .where((eb) =>
      eb.or([
        eb('created_at', '>=', q.from),
        eb('closed_at', '>=', q.from),
        eb('status', 'in', OPEN_REPORT_STATUSES),
      ]),
    );
  if (q.area !== null) query = query.where('area_key', '=', q.area);
  const rows = await query
    .select((eb) => {
      const endedInWindow = eb.and([eb('closed_at', '>=', q.from), eb('closed_at', '<=', q.to)]);
      const closed = eb.and([
        endedInWindow,
        eb('status', '=', 'closed'),
        eb('merged_into', 'is', null),
      ]);
      const open = eb('status', 'in', OPEN_REPORT_STATUSES);
      return [
        'category',
        eb.fn
          .countAll()
          .filterWhere(eb.and([eb('created_at', '>=', q.from), eb('created_at', '<=', q.to)]))
          .as('opened'),
        eb.fn.countAll().filterWhere(closed).as('closed'),
        eb.fn
          .countAll()
          .filterWhere(eb.and([closed, eb('closed_at', '<=', eb.ref('due_at'))]))
          .as('closed_within_target'),
        eb.fn
          .countAll()
          .filterWhere(eb.and([endedInWindow, eb('status', '=', 'rejected')]))
          .as('rejected'),
        eb.fn
          .countAll()
          .filterWhere(eb.and([endedInWindow, eb('merged_into', 'is not', null)]))
          .as('duplicates'),
        eb.fn.countAll().filterWhere(open).as('open_now'),
        eb.fn
          .countAll()
          .filterWhere(eb.and([open, eb('due_at', '<', q.to)]))
          .as('overdue_now'),
        eb.fn
          .agg<number | null>('percentile_cont', [sql.lit(0.5)])
          .withinGroupOrderBy(sql`extract(epoch from closed_at - created_at) / 3600`)
          .filterWhere(closed)
          .as('median_hours'),
      ];
    })
    // One row per category, and one more (category null) for all of them.
    .groupBy(sql`grouping sets ((category), ())`)
    .execute();
  return rows.map((r) => ({
    category: r.category,
    opened: Number(r.opened),
    closed: Number(r.closed),
    closed_within_target: Number(r.closed_within_target),
    rejected: Number(r.rejected),
    duplicates: Number(r.duplicates),
    open_now: Number(r.open_now),
    overdue_now: Number(r.overdue_now),
    median_hours: r.median_hours === null ? null : Number(r.median_hours),
  }));
}
