import {
  ALERT_SEVERITIES,
  ALERT_STATUSES,
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  EMERGENCY_CATALOGUE,
  EMERGENCY_SERVICE_IDS,
  OPEN_BOOKING_STATUSES,
  SENSOR_STATUSES,
  SENSOR_TYPES,
  URGENCIES,
  URGENCY_RANK,
  bySeverityThenNewest,
  isSetAside,
  isEndedAlert,
} from '@smart-city/shared';
import type {
  Alert,
  Booking,
  BookingAction,
  EmergencyCatalogue,
  EmergencyServiceId,
  Quote,
  Sensor,
  Urgency,
} from '@smart-city/shared';
import { CITIES } from './city-fixtures';
import { jsonBodyOf, jsonResponse, stubFetch } from './fetch-stub';

/** The catalogue as GET /api/emergency/services answers for Kolkata. */
function testCatalogue(): EmergencyCatalogue {
  return {
    city: 'kolkata',
    services: EMERGENCY_SERVICE_IDS.map((id) => {
      const facts = EMERGENCY_CATALOGUE[id];
      return {
        id,
        name: facts.name,
        baseFeePaise: facts.baseFeePaise,
        urgencyMultipliers: {
          low: facts.multiplierPercent.low / 100,
          medium: facts.multiplierPercent.medium / 100,
          high: facts.multiplierPercent.high / 100,
          critical: facts.multiplierPercent.critical / 100,
        },
        addOns: facts.addOns.map((addOn) => ({ ...addOn })),
        currency: 'INR',
      };
    }),
    emergencyNumbers: [
      { number: '112', kind: 'all', primary: true },
      { number: '100', kind: 'police', primary: false },
      { number: '108', kind: 'ambulance', primary: false },
    ],
    remoteSurchargePercent: 20,
    gstPercent: 18,
    currency: 'INR',
  };
}

/** A quote worked out as the server does it, for the fake. */
function testQuote(input: {
  service: EmergencyServiceId;
  urgency: Urgency;
  addOns?: readonly string[];
  remote?: boolean;
}): Quote {
  const facts = EMERGENCY_CATALOGUE[input.service];
  const servicePaise = (facts.baseFeePaise * facts.multiplierPercent[input.urgency]) / 100;
  const addOns = facts.addOns.filter((addOn) => input.addOns?.includes(addOn.id));
  const before = servicePaise + addOns.reduce((sum, addOn) => sum + addOn.feePaise, 0);
  const subtotal = input.remote ? Math.round(before * 1.2) : before;
  const gst = Math.round(subtotal * 0.18);
  return {
    lines: [
      { kind: 'service', code: input.service, label: facts.name, amountPaise: servicePaise },
      ...addOns.map((addOn) => ({
        kind: 'add_on' as const,
        code: addOn.id,
        label: addOn.name,
        amountPaise: addOn.feePaise,
      })),
      ...(input.remote
        ? [
            {
              kind: 'remote' as const,
              code: 'remote',
              label: 'Remote',
              amountPaise: subtotal - before,
            },
          ]
        : []),
    ],
    subtotalPaise: subtotal,
    gstPaise: gst,
    totalPaise: subtotal + gst,
    currency: 'INR',
  };
}

/** A booking as the API answers it; any field can be replaced. */
export function testBooking(overrides: Partial<Booking> = {}): Booking {
  const quote = testQuote({
    service: overrides.service ?? 'ambulance',
    urgency: overrides.urgency ?? 'high',
    addOns: overrides.addOns ?? [],
    remote: overrides.remote ?? false,
  });
  const at = '2026-03-10T06:00:00.000Z';
  return {
    id: 'bk-1',
    reference: 'KOL-2603-0001',
    city: 'kolkata',
    service: 'ambulance',
    urgency: 'high',
    addOns: [],
    remote: false,
    location: 'Park Street',
    lat: null,
    lng: null,
    area: null,
    description: null,
    contactName: 'Asha Sen',
    contactPhone: '+919830012345',
    email: null,
    alternateContact: null,
    paymentMethod: 'municipal_account',
    status: 'confirmed',
    ...quote,
    chargedPaise: quote.totalPaise,
    statementMonth: '2026-03',
    unit: null,
    etaMinutes: null,
    owner: { id: 'user-1', name: 'Asha Sen' },
    createdAt: at,
    updatedAt: at,
    history: [
      {
        action: 'created',
        fromStatus: null,
        toStatus: 'pending_payment',
        actor: { name: 'Asha Sen', role: 'citizen' },
        note: null,
        unit: null,
        etaMinutes: null,
        at,
      },
      {
        action: 'confirm',
        fromStatus: 'pending_payment',
        toStatus: 'confirmed',
        actor: { name: 'Municipal account', role: null },
        note: null,
        unit: null,
        etaMinutes: null,
        at,
      },
    ],
    ...overrides,
  };
}

type Handler = (
  url: URL,
  init: RequestInit | undefined,
) => Response | Promise<Response> | undefined;

/**
 * An in-memory emergency and billing API over `bookings`, with the cities, the city's sensors and
 * notices the services screen reads. Every request is recorded; `handler` answers first when it
 * returns something.
 */
export function fakeEmergencyServer(
  options: { bookings?: Booking[]; sensors?: Sensor[]; alerts?: Alert[]; handler?: Handler } = {},
) {
  const bookings = [...(options.bookings ?? [])];
  const requests: { method: string; url: URL; body: unknown; headers: Headers }[] = [];
  let created = 0;

  const fetchSpy = stubFetch(async (path, init) => {
    const url = new URL(path, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = jsonBodyOf(init);
    requests.push({ method, url, body, headers: new Headers(init?.headers) });
    const custom = await options.handler?.(url, init);
    if (custom) return custom;
    if (url.pathname === '/api/cities') return jsonResponse(CITIES);
    if (url.pathname === '/api/sensors/counts') {
      const type = url.searchParams.get('type');
      const ofType = (options.sensors ?? []).filter((sensor) => !type || sensor.type === type);
      const byStatus = Object.fromEntries(SENSOR_STATUSES.map((status) => [status, 0]));
      for (const sensor of ofType) byStatus[sensor.status]! += 1;
      const byType = Object.fromEntries(SENSOR_TYPES.map((t) => [t, 0]));
      for (const sensor of options.sensors ?? []) byType[sensor.type]! += 1;
      return jsonResponse({ total: ofType.length, byType, byStatus });
    }
    if (url.pathname === '/api/alerts' || url.pathname === '/api/alerts/counts') {
      // Active alerts of the sensors of a type, the worst first, as a service's status asks.
      const type = url.searchParams.get('type');
      const typeOf = new Map((options.sensors ?? []).map((sensor) => [sensor.id, sensor.type]));
      const active = (options.alerts ?? [])
        .filter((alert) => !isEndedAlert(alert) && !isSetAside(alert, Date.now()))
        .filter((alert) => !type || typeOf.get(alert.sensorId ?? '') === type)
        .toSorted(bySeverityThenNewest);
      if (url.pathname === '/api/alerts') {
        return jsonResponse(active.slice(0, Number(url.searchParams.get('limit') ?? 50)));
      }
      const bySeverity = Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, 0]));
      const byStatus = Object.fromEntries(ALERT_STATUSES.map((s) => [s, 0]));
      for (const alert of active) {
        bySeverity[alert.severity]! += 1;
        byStatus[alert.status]! += 1;
      }
      return jsonResponse({ bySeverity, byStatus, shelved: 0, suppressed: 0 });
    }
    if (url.pathname === '/api/notices') return jsonResponse({ data: [] });
    if (url.pathname === '/api/emergency/services') return jsonResponse(testCatalogue());
    if (url.pathname === '/api/emergency/quote') {
      return jsonResponse(testQuote(body as Parameters<typeof testQuote>[0]));
    }
    if (url.pathname === '/api/emergency/bookings/summary') {
      const byStatus = Object.fromEntries(OPEN_BOOKING_STATUSES.map((s) => [s, 0]));
      for (const booking of bookings)
        if (booking.status in byStatus) byStatus[booking.status]! += 1;
      const open = bookings.filter((b) => OPEN_BOOKING_STATUSES.includes(b.status)).length;
      return jsonResponse({ open, byStatus });
    }
    if (url.pathname === '/api/emergency/bookings' && method === 'POST') {
      created += 1;
      const input = body as Partial<Booking>;
      const booking = testBooking({
        id: `bk-new-${created}`,
        reference: `KOL-2603-${String(created).padStart(4, '0')}`,
        service: input.service,
        urgency: input.urgency,
        addOns: input.addOns ?? [],
        remote: input.remote ?? false,
        location: input.location,
        lat: input.lat ?? null,
        lng: input.lng ?? null,
        contactPhone: input.contactPhone,
      });
      bookings.unshift(booking);
      return jsonResponse(booking, 201);
    }
    if (url.pathname === '/api/emergency/bookings') {
      const status = url.searchParams.get('status');
      const statuses: readonly string[] =
        status === 'open' ? OPEN_BOOKING_STATUSES : status ? [status] : BOOKING_STATUSES;
      const items = bookings.filter((b) => statuses.includes(b.status));
      if (url.searchParams.get('order') === 'queue') {
        items.sort((a, b) => URGENCY_RANK[b.urgency] - URGENCY_RANK[a.urgency]);
      }
      return jsonResponse({ items, nextCursor: null });
    }
    const detail = /^\/api\/emergency\/bookings\/([^/]+)$/.exec(url.pathname);
    if (detail) {
      const booking = bookings.find((b) => b.id === detail[1]);
      return booking
        ? jsonResponse(booking)
        : jsonResponse({ error: { code: 'not_found', message: 'No booking' } }, 404);
    }
    const transition = /^\/api\/emergency\/bookings\/([^/]+)\/([a-z]+)$/.exec(url.pathname);
    if (transition && method === 'POST') {
      const index = bookings.findIndex((b) => b.id === transition[1]);
      const action = transition[2] as BookingAction;
      const booking = bookings[index]!;
      if (!BOOKING_TRANSITIONS[action].from.includes(booking.status)) {
        return jsonResponse({ error: { code: 'conflict', message: 'Not from this status' } }, 409);
      }
      const fields = (body ?? {}) as { unit?: string; etaMinutes?: number };
      const next = {
        ...booking,
        status: BOOKING_TRANSITIONS[action].to,
        unit: fields.unit ?? booking.unit,
        etaMinutes: fields.etaMinutes ?? booking.etaMinutes,
        chargedPaise: action === 'cancel' ? 0 : booking.chargedPaise,
        updatedAt: new Date(Date.parse(booking.updatedAt) + 60_000).toISOString(),
      };
      bookings[index] = next;
      return jsonResponse(next);
    }
    if (url.pathname === '/api/billing/statement') {
      const month = url.searchParams.get('month') ?? '';
      const lines = bookings
        .filter((b) => b.chargedPaise > 0 && b.statementMonth === month)
        .map((b) => ({
          bookingId: b.id,
          label: b.service,
          amountPaise: b.chargedPaise,
          kind: 'booking' as const,
          service: b.service,
          urgency: b.urgency,
          bookedAt: b.createdAt,
        }));
      return jsonResponse({
        month,
        lines,
        totalPaise: lines.reduce((sum, line) => sum + line.amountPaise, 0),
        currency: 'INR',
      });
    }
    if (url.pathname === '/api/billing/overview') {
      const charged = bookings.filter((b) => b.chargedPaise > 0);
      const figures = (list: Booking[]) => ({
        bookings: list.length,
        revenuePaise: list.reduce((sum, b) => sum + b.chargedPaise, 0),
      });
      return jsonResponse({
        month: url.searchParams.get('month'),
        currency: 'INR',
        revenuePaise: figures(charged).revenuePaise,
        chargedBookings: charged.length,
        byService: EMERGENCY_SERVICE_IDS.map((service) => ({
          service,
          ...figures(charged.filter((b) => b.service === service)),
        })),
        byUrgency: URGENCIES.map((urgency) => ({
          urgency,
          ...figures(charged.filter((b) => b.urgency === urgency)),
        })),
        topAccounts: charged.length
          ? [{ userId: 'user-1', name: 'Asha Sen', email: 'asha@example.org', ...figures(charged) }]
          : [],
      });
    }
    return jsonResponse({ error: { code: 'not_found', message: `No ${url.pathname}` } }, 404);
  });

  return {
    fetchSpy,
    bookings,
    requests,
    /** The requests to a path (and method), in order. */
    calls(pathname: string, method = 'GET') {
      return requests.filter((r) => r.url.pathname === pathname && r.method === method);
    },
  };
}
