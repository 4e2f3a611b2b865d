import { z } from 'zod';
import { areaKeySchema, findArea } from './areas';
import { cityKeySchema } from './cities';
import type { Endpoint } from './endpoints';
import { canTriageReports } from './policies';
import { reportCategorySchema } from './reports';

// How a city's citizens' reports are handled over a window: per category, what came in, what was
// fixed, how fast and how often within the category's deadline, and what is still waiting. A
// report merged into another is a duplicate, not closed work; a rejected one is an answer, not a
// fix: neither counts among the closed reports, their time to close or their share within target.

/** The windows the figures are asked for, in days back from now. */
export const REPORT_FIGURE_DAYS = [7, 30, 90, 365] as const;
export type ReportFigureDays = (typeof REPORT_FIGURE_DAYS)[number];
export const DEFAULT_REPORT_FIGURE_DAYS: ReportFigureDays = 30;

/** `GET /api/analytics/reports?city=&area=&days=`: one city, optionally one of its areas. */
export const reportFiguresQuerySchema = z
  .object({
    city: cityKeySchema,
    /** One of the city's areas (`CITY_AREAS`); without it, the whole city. */
    area: areaKeySchema.optional(),
    /** How many days back from now the window reaches. */
    days: z.coerce
      .number()
      .pipe(z.literal(REPORT_FIGURE_DAYS))
      .default(DEFAULT_REPORT_FIGURE_DAYS)
      .meta({ description: 'Days back from now: 7, 30, 90 or 365', enum: [...REPORT_FIGURE_DAYS] }),
  })
  .superRefine((query, ctx) => {
    if (query.area && findArea(query.area)?.city !== query.city) {
      ctx.addIssue({ code: 'custom', path: ['area'], message: `is not an area of ${query.city}` });
    }
  });
export type ReportFiguresQuery = z.input<typeof reportFiguresQuerySchema>;

const countSchema = z.number().int().min(0);

/** The figures of one category, or of all of them together. */
export const reportFigureSchema = z
  .object({
    /** Reports made in the window, duplicates and rejected ones included. */
    opened: countSchema,
    /** Reports closed as fixed in the window; not the duplicates merged into another. */
    closed: countSchema,
    /** Of those closed, the ones closed by their deadline (`closedAt <= dueAt`). */
    closedWithinTarget: countSchema,
    /** Reports rejected in the window. */
    rejected: countSchema,
    /** Reports merged into another in the window, as its duplicates. */
    duplicates: countSchema,
    /** Reports open, acknowledged or in progress now, whenever they were made. */
    openNow: countSchema,
    /** Of those, the ones past their deadline now. */
    overdueNow: countSchema,
    /** Median hours from made to closed of those closed in the window; null when none. */
    medianHoursToClose: z.number().min(0).nullable(),
    /** `closedWithinTarget / closed`, from 0 to 1; null when none was closed. */
    withinTargetShare: z.number().min(0).max(1).nullable(),
  })
  .meta({ id: 'ReportFigure' });
export type ReportFigure = z.infer<typeof reportFigureSchema>;

export const reportCategoryFigureSchema = reportFigureSchema
  .extend({ category: reportCategorySchema })
  .meta({ id: 'ReportCategoryFigure' });
export type ReportCategoryFigure = z.infer<typeof reportCategoryFigureSchema>;

export const reportFiguresSchema = z
  .object({
    city: cityKeySchema,
    area: areaKeySchema.nullable(),
    days: z.literal(REPORT_FIGURE_DAYS),
    /** The window: `to` is the moment the figures were taken, `from` the days before it. */
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    /** Every category, in the order of `REPORT_CATEGORIES`, with zeros where nothing happened. */
    categories: z.array(reportCategoryFigureSchema),
    /** All categories together (its median is of all the closed reports, not of the medians). */
    total: reportFigureSchema,
  })
  .meta({ id: 'ReportFigures' });
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const REPORT_ANALYTICS_ENDPOINTS = {
  figures: {
    method: 'get',
    path: '/api/analytics/reports',
    summary:
      "How a city's citizens' reports were handled over 7, 30, 90 or 365 days, per category (operator, admin)",
    notes:
      'Per category and in total: reports opened and closed in the window, still open and overdue now, the median hours to close and the share closed within the deadline. Reports merged into another are duplicates, not closed work: they are counted apart (`duplicates`) and left out of the closed reports, the median and the share. Rejected reports are counted apart (`rejected`) and left out of them too.',
    tags: ['Analytics'],
    access: canTriageReports,
    query: reportFiguresQuerySchema,
    status: 200,
    response: reportFiguresSchema,
    description: 'The figures per category and in total, with the window',
    errors: {
      400: 'Unknown city or window, or an area not of the city',
      403: 'Only operators and admins see how reports are handled',
    },
  },
} as const satisfies Record<string, Endpoint>;
