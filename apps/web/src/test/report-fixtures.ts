import type { NearbyReport, PublicReport, ReportDetail } from '@smart-city/shared';
import { CITIES } from './city-fixtures';
import { jsonResponse } from './fetch-stub';

/**
 * A report as GET /api/reports lists it: a pothole in Park Street, reported three hours before the
 * test clock (10:05 UTC) and due in five and a half (it reads 'Due in 5 hours' however long a busy
 * machine takes); any field can be replaced.
 */
export function testReport(overrides: Partial<PublicReport> = {}): PublicReport {
  return {
    id: '42',
    city: 'kolkata',
    category: 'pothole',
    status: 'open',
    description: 'A deep pothole in the left lane, filled with water after the rain.',
    lat: 22.5526,
    lng: 88.3525,
    address: 'Outside 12 Park Street',
    area: 'park-street',
    photos: [],
    department: 'roads',
    statusNote: null,
    mergedInto: null,
    followers: 4,
    createdAt: '2026-11-21T07:05:00.000Z',
    updatedAt: '2026-11-21T07:05:00.000Z',
    dueAt: '2026-11-21T15:35:00.000Z',
    closedAt: null,
    overdue: false,
    ...overrides,
  };
}

/** A report as GET /api/reports/:id answers: with its timeline, as a visitor sees it. */
export function testReportDetail(overrides: Partial<ReportDetail> = {}): ReportDetail {
  return {
    ...testReport(),
    history: [
      {
        at: '2026-11-21T07:05:00.000Z',
        status: 'open',
        kind: 'created',
        actor: 'citizen',
        department: 'roads',
        note: null,
      },
    ],
    following: false,
    mine: false,
    ...overrides,
  };
}

/** An open report of the same problem near a place, as GET /api/reports/nearby lists it. */
export function testNearbyReport(overrides: Partial<NearbyReport> = {}): NearbyReport {
  return { ...testReport(), distanceM: 40, ...overrides };
}

/** The answers every report screen needs besides its own: the cities, else a 404. */
export function citiesOr404(url: string): Response {
  return url === '/api/cities'
    ? jsonResponse(CITIES)
    : jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
}
