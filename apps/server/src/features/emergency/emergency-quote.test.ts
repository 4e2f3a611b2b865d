import { quoteSchema, type EmergencyServiceId, type Urgency } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

/**
 * Every service × urgency × (no add-on, each add-on, all add-ons) × remote, worked out in rupees
 * with decimal arithmetic from the reference facts, rounded half up to the paisa:
 * [service, urgency, add-ons, remote, subtotal, GST, total] with the amounts in paise.
 */
const EXPECTED: [EmergencyServiceId, Urgency, string[], boolean, number, number, number][] = [
  ['ambulance', 'low', [], false, 15000, 2700, 17700],
  ['ambulance', 'low', [], true, 18000, 3240, 21240],
  ['ambulance', 'low', ['paramedic'], false, 22500, 4050, 26550],
  ['ambulance', 'low', ['paramedic'], true, 27000, 4860, 31860],
  ['ambulance', 'low', ['oxygen'], false, 17500, 3150, 20650],
  ['ambulance', 'low', ['oxygen'], true, 21000, 3780, 24780],
  ['ambulance', 'low', ['cardiac_monitor'], false, 25000, 4500, 29500],
  ['ambulance', 'low', ['cardiac_monitor'], true, 30000, 5400, 35400],
  ['ambulance', 'low', ['paramedic', 'oxygen', 'cardiac_monitor'], false, 35000, 6300, 41300],
  ['ambulance', 'low', ['paramedic', 'oxygen', 'cardiac_monitor'], true, 42000, 7560, 49560],
  ['ambulance', 'medium', [], false, 18000, 3240, 21240],
  ['ambulance', 'medium', [], true, 21600, 3888, 25488],
  ['ambulance', 'medium', ['paramedic'], false, 25500, 4590, 30090],
  ['ambulance', 'medium', ['paramedic'], true, 30600, 5508, 36108],
  ['ambulance', 'medium', ['oxygen'], false, 20500, 3690, 24190],
  ['ambulance', 'medium', ['oxygen'], true, 24600, 4428, 29028],
  ['ambulance', 'medium', ['cardiac_monitor'], false, 28000, 5040, 33040],
  ['ambulance', 'medium', ['cardiac_monitor'], true, 33600, 6048, 39648],
  ['ambulance', 'medium', ['paramedic', 'oxygen', 'cardiac_monitor'], false, 38000, 6840, 44840],
  ['ambulance', 'medium', ['paramedic', 'oxygen', 'cardiac_monitor'], true, 45600, 8208, 53808],
  ['ambulance', 'high', [], false, 22500, 4050, 26550],
  ['ambulance', 'high', [], true, 27000, 4860, 31860],
  ['ambulance', 'high', ['paramedic'], false, 30000, 5400, 35400],
  ['ambulance', 'high', ['paramedic'], true, 36000, 6480, 42480],
  ['ambulance', 'high', ['oxygen'], false, 25000, 4500, 29500],
  ['ambulance', 'high', ['oxygen'], true, 30000, 5400, 35400],
  ['ambulance', 'high', ['cardiac_monitor'], false, 32500, 5850, 38350],
  ['ambulance', 'high', ['cardiac_monitor'], true, 39000, 7020, 46020],
  ['ambulance', 'high', ['paramedic', 'oxygen', 'cardiac_monitor'], false, 42500, 7650, 50150],
  ['ambulance', 'high', ['paramedic', 'oxygen', 'cardiac_monitor'], true, 51000, 9180, 60180],
  ['ambulance', 'critical', [], false, 30000, 5400, 35400],
  ['ambulance', 'critical', [], true, 36000, 6480, 42480],
  ['ambulance', 'critical', ['paramedic'], false, 37500, 6750, 44250],
  ['ambulance', 'critical', ['paramedic'], true, 45000, 8100, 53100],
  ['ambulance', 'critical', ['oxygen'], false, 32500, 5850, 38350],
  ['ambulance', 'critical', ['oxygen'], true, 39000, 7020, 46020],
  ['ambulance', 'critical', ['cardiac_monitor'], false, 40000, 7200, 47200],
  ['ambulance', 'critical', ['cardiac_monitor'], true, 48000, 8640, 56640],
  ['ambulance', 'critical', ['paramedic', 'oxygen', 'cardiac_monitor'], false, 50000, 9000, 59000],
  ['ambulance', 'critical', ['paramedic', 'oxygen', 'cardiac_monitor'], true, 60000, 10800, 70800],
  ['fire', 'low', [], false, 20000, 3600, 23600],
  ['fire', 'low', [], true, 24000, 4320, 28320],
  ['fire', 'low', ['hazmat'], false, 50000, 9000, 59000],
  ['fire', 'low', ['hazmat'], true, 60000, 10800, 70800],
  ['fire', 'low', ['rescue_team'], false, 35000, 6300, 41300],
  ['fire', 'low', ['rescue_team'], true, 42000, 7560, 49560],
  ['fire', 'low', ['ladder_truck'], false, 30000, 5400, 35400],
  ['fire', 'low', ['ladder_truck'], true, 36000, 6480, 42480],
  ['fire', 'low', ['hazmat', 'rescue_team', 'ladder_truck'], false, 75000, 13500, 88500],
  ['fire', 'low', ['hazmat', 'rescue_team', 'ladder_truck'], true, 90000, 16200, 106200],
  ['fire', 'medium', [], false, 26000, 4680, 30680],
  ['fire', 'medium', [], true, 31200, 5616, 36816],
  ['fire', 'medium', ['hazmat'], false, 56000, 10080, 66080],
  ['fire', 'medium', ['hazmat'], true, 67200, 12096, 79296],
  ['fire', 'medium', ['rescue_team'], false, 41000, 7380, 48380],
  ['fire', 'medium', ['rescue_team'], true, 49200, 8856, 58056],
  ['fire', 'medium', ['ladder_truck'], false, 36000, 6480, 42480],
  ['fire', 'medium', ['ladder_truck'], true, 43200, 7776, 50976],
  ['fire', 'medium', ['hazmat', 'rescue_team', 'ladder_truck'], false, 81000, 14580, 95580],
  ['fire', 'medium', ['hazmat', 'rescue_team', 'ladder_truck'], true, 97200, 17496, 114696],
  ['fire', 'high', [], false, 32000, 5760, 37760],
  ['fire', 'high', [], true, 38400, 6912, 45312],
  ['fire', 'high', ['hazmat'], false, 62000, 11160, 73160],
  ['fire', 'high', ['hazmat'], true, 74400, 13392, 87792],
  ['fire', 'high', ['rescue_team'], false, 47000, 8460, 55460],
  ['fire', 'high', ['rescue_team'], true, 56400, 10152, 66552],
  ['fire', 'high', ['ladder_truck'], false, 42000, 7560, 49560],
  ['fire', 'high', ['ladder_truck'], true, 50400, 9072, 59472],
  ['fire', 'high', ['hazmat', 'rescue_team', 'ladder_truck'], false, 87000, 15660, 102660],
  ['fire', 'high', ['hazmat', 'rescue_team', 'ladder_truck'], true, 104400, 18792, 123192],
  ['fire', 'critical', [], false, 44000, 7920, 51920],
  ['fire', 'critical', [], true, 52800, 9504, 62304],
  ['fire', 'critical', ['hazmat'], false, 74000, 13320, 87320],
  ['fire', 'critical', ['hazmat'], true, 88800, 15984, 104784],
  ['fire', 'critical', ['rescue_team'], false, 59000, 10620, 69620],
  ['fire', 'critical', ['rescue_team'], true, 70800, 12744, 83544],
  ['fire', 'critical', ['ladder_truck'], false, 54000, 9720, 63720],
  ['fire', 'critical', ['ladder_truck'], true, 64800, 11664, 76464],
  ['fire', 'critical', ['hazmat', 'rescue_team', 'ladder_truck'], false, 99000, 17820, 116820],
  ['fire', 'critical', ['hazmat', 'rescue_team', 'ladder_truck'], true, 118800, 21384, 140184],
  ['police', 'low', [], false, 10000, 1800, 11800],
  ['police', 'low', [], true, 12000, 2160, 14160],
  ['police', 'low', ['swat'], false, 60000, 10800, 70800],
  ['police', 'low', ['swat'], true, 72000, 12960, 84960],
  ['police', 'low', ['k9_unit'], false, 17500, 3150, 20650],
  ['police', 'low', ['k9_unit'], true, 21000, 3780, 24780],
  ['police', 'low', ['detective'], false, 22500, 4050, 26550],
  ['police', 'low', ['detective'], true, 27000, 4860, 31860],
  ['police', 'low', ['swat', 'k9_unit', 'detective'], false, 80000, 14400, 94400],
  ['police', 'low', ['swat', 'k9_unit', 'detective'], true, 96000, 17280, 113280],
  ['police', 'medium', [], false, 11000, 1980, 12980],
  ['police', 'medium', [], true, 13200, 2376, 15576],
  ['police', 'medium', ['swat'], false, 61000, 10980, 71980],
  ['police', 'medium', ['swat'], true, 73200, 13176, 86376],
  ['police', 'medium', ['k9_unit'], false, 18500, 3330, 21830],
  ['police', 'medium', ['k9_unit'], true, 22200, 3996, 26196],
  ['police', 'medium', ['detective'], false, 23500, 4230, 27730],
  ['police', 'medium', ['detective'], true, 28200, 5076, 33276],
  ['police', 'medium', ['swat', 'k9_unit', 'detective'], false, 81000, 14580, 95580],
  ['police', 'medium', ['swat', 'k9_unit', 'detective'], true, 97200, 17496, 114696],
  ['police', 'high', [], false, 13000, 2340, 15340],
  ['police', 'high', [], true, 15600, 2808, 18408],
  ['police', 'high', ['swat'], false, 63000, 11340, 74340],
  ['police', 'high', ['swat'], true, 75600, 13608, 89208],
  ['police', 'high', ['k9_unit'], false, 20500, 3690, 24190],
  ['police', 'high', ['k9_unit'], true, 24600, 4428, 29028],
  ['police', 'high', ['detective'], false, 25500, 4590, 30090],
  ['police', 'high', ['detective'], true, 30600, 5508, 36108],
  ['police', 'high', ['swat', 'k9_unit', 'detective'], false, 83000, 14940, 97940],
  ['police', 'high', ['swat', 'k9_unit', 'detective'], true, 99600, 17928, 117528],
  ['police', 'critical', [], false, 18000, 3240, 21240],
  ['police', 'critical', [], true, 21600, 3888, 25488],
  ['police', 'critical', ['swat'], false, 68000, 12240, 80240],
  ['police', 'critical', ['swat'], true, 81600, 14688, 96288],
  ['police', 'critical', ['k9_unit'], false, 25500, 4590, 30090],
  ['police', 'critical', ['k9_unit'], true, 30600, 5508, 36108],
  ['police', 'critical', ['detective'], false, 30500, 5490, 35990],
  ['police', 'critical', ['detective'], true, 36600, 6588, 43188],
  ['police', 'critical', ['swat', 'k9_unit', 'detective'], false, 88000, 15840, 103840],
  ['police', 'critical', ['swat', 'k9_unit', 'detective'], true, 105600, 19008, 124608],
  ['rescue', 'low', [], false, 25000, 4500, 29500],
  ['rescue', 'low', [], true, 30000, 5400, 35400],
  ['rescue', 'low', ['helicopter'], false, 125000, 22500, 147500],
  ['rescue', 'low', ['helicopter'], true, 150000, 27000, 177000],
  ['rescue', 'low', ['diving_team'], false, 55000, 9900, 64900],
  ['rescue', 'low', ['diving_team'], true, 66000, 11880, 77880],
  ['rescue', 'low', ['mountain_team'], false, 65000, 11700, 76700],
  ['rescue', 'low', ['mountain_team'], true, 78000, 14040, 92040],
  ['rescue', 'low', ['helicopter', 'diving_team', 'mountain_team'], false, 195000, 35100, 230100],
  ['rescue', 'low', ['helicopter', 'diving_team', 'mountain_team'], true, 234000, 42120, 276120],
  ['rescue', 'medium', [], false, 35000, 6300, 41300],
  ['rescue', 'medium', [], true, 42000, 7560, 49560],
  ['rescue', 'medium', ['helicopter'], false, 135000, 24300, 159300],
  ['rescue', 'medium', ['helicopter'], true, 162000, 29160, 191160],
  ['rescue', 'medium', ['diving_team'], false, 65000, 11700, 76700],
  ['rescue', 'medium', ['diving_team'], true, 78000, 14040, 92040],
  ['rescue', 'medium', ['mountain_team'], false, 75000, 13500, 88500],
  ['rescue', 'medium', ['mountain_team'], true, 90000, 16200, 106200],
  [
    'rescue',
    'medium',
    ['helicopter', 'diving_team', 'mountain_team'],
    false,
    205000,
    36900,
    241900,
  ],
  ['rescue', 'medium', ['helicopter', 'diving_team', 'mountain_team'], true, 246000, 44280, 290280],
  ['rescue', 'high', [], false, 42500, 7650, 50150],
  ['rescue', 'high', [], true, 51000, 9180, 60180],
  ['rescue', 'high', ['helicopter'], false, 142500, 25650, 168150],
  ['rescue', 'high', ['helicopter'], true, 171000, 30780, 201780],
  ['rescue', 'high', ['diving_team'], false, 72500, 13050, 85550],
  ['rescue', 'high', ['diving_team'], true, 87000, 15660, 102660],
  ['rescue', 'high', ['mountain_team'], false, 82500, 14850, 97350],
  ['rescue', 'high', ['mountain_team'], true, 99000, 17820, 116820],
  ['rescue', 'high', ['helicopter', 'diving_team', 'mountain_team'], false, 212500, 38250, 250750],
  ['rescue', 'high', ['helicopter', 'diving_team', 'mountain_team'], true, 255000, 45900, 300900],
  ['rescue', 'critical', [], false, 62500, 11250, 73750],
  ['rescue', 'critical', [], true, 75000, 13500, 88500],
  ['rescue', 'critical', ['helicopter'], false, 162500, 29250, 191750],
  ['rescue', 'critical', ['helicopter'], true, 195000, 35100, 230100],
  ['rescue', 'critical', ['diving_team'], false, 92500, 16650, 109150],
  ['rescue', 'critical', ['diving_team'], true, 111000, 19980, 130980],
  ['rescue', 'critical', ['mountain_team'], false, 102500, 18450, 120950],
  ['rescue', 'critical', ['mountain_team'], true, 123000, 22140, 145140],
  [
    'rescue',
    'critical',
    ['helicopter', 'diving_team', 'mountain_team'],
    false,
    232500,
    41850,
    274350,
  ],
  [
    'rescue',
    'critical',
    ['helicopter', 'diving_team', 'mountain_team'],
    true,
    279000,
    50220,
    329220,
  ],
];

describe.each(testDatabases())('fee quotes on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let citizen: string;

  beforeAll(async () => {
    database = await create();
    ({ app, citizen } = await createTestAppWithCallers(database));
  });
  afterAll(() => database?.dispose());

  it('prices all 160 combinations to the paisa, with lines that add up to the subtotal', async () => {
    expect(EXPECTED).toHaveLength(4 * 4 * 5 * 2);
    for (const [service, urgency, addOns, remote, subtotal, gst, total] of EXPECTED) {
      const res = await postJson(
        app,
        '/api/emergency/quote',
        { service, urgency, addOns, remote },
        { cookie: citizen },
      );
      const name = `${service} ${urgency} [${addOns.join(',')}] remote=${remote}`;
      expect(res.status, name).toBe(200);
      const quote = quoteSchema.parse(await res.json());
      expect([quote.subtotalPaise, quote.gstPaise, quote.totalPaise], name).toEqual([
        subtotal,
        gst,
        total,
      ]);
      expect(
        quote.lines.reduce((sum, line) => sum + line.amountPaise, 0),
        name,
      ).toBe(subtotal);
      expect(
        quote.lines.map((line) => line.kind),
        name,
      ).toEqual(['service', ...addOns.map(() => 'add_on'), ...(remote ? ['remote'] : [])]);
      expect(quote.currency).toBe('INR');
    }
  });

  it('works the issue’s example: ambulance, critical, paramedic, remote is ₹531.00', async () => {
    const res = await postJson(
      app,
      '/api/emergency/quote',
      { service: 'ambulance', urgency: 'critical', addOns: ['paramedic'], remote: true },
      { cookie: citizen },
    );
    expect(quoteSchema.parse(await res.json())).toEqual({
      lines: [
        {
          kind: 'service',
          code: 'ambulance',
          label: 'Ambulance Service (critical urgency, × 2.0)',
          amountPaise: 30_000,
        },
        { kind: 'add_on', code: 'paramedic', label: 'Paramedic', amountPaise: 7_500 },
        {
          kind: 'remote',
          code: 'remote',
          label: 'Remote location surcharge (20 %)',
          amountPaise: 7_500,
        },
      ],
      subtotalPaise: 45_000,
      gstPaise: 8_100,
      totalPaise: 53_100,
      currency: 'INR',
    });
  });

  it('takes add-ons in any order and defaults to none, not remote', async () => {
    const quote = async (body: unknown) =>
      quoteSchema.parse(
        await (await postJson(app, '/api/emergency/quote', body, { cookie: citizen })).json(),
      );
    expect(
      await quote({ service: 'fire', urgency: 'high', addOns: ['ladder_truck', 'hazmat'] }),
    ).toEqual(
      await quote({
        service: 'fire',
        urgency: 'high',
        addOns: ['hazmat', 'ladder_truck'],
        remote: false,
      }),
    );
    expect((await quote({ service: 'police', urgency: 'low' })).totalPaise).toBe(11_800);
  });

  it.each([
    ['an unknown service', { service: 'taxi', urgency: 'low' }, ['service']],
    ['an unknown urgency', { service: 'fire', urgency: 'extreme' }, ['urgency']],
    [
      'an add-on of another service',
      { service: 'fire', urgency: 'low', addOns: ['oxygen'] },
      ['addOns.0'],
    ],
    [
      'add-ons that are not a list',
      { service: 'fire', urgency: 'low', addOns: 'hazmat' },
      ['addOns'],
    ],
    [
      'a remote flag that is not true or false',
      { service: 'fire', urgency: 'low', remote: 'yes' },
      ['remote'],
    ],
  ])('refuses %s with a 400 naming the field', async (_case, body, fields) => {
    const res = await postJson(app, '/api/emergency/quote', body, { cookie: citizen });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as {
      error: { code: string; details: { path: string }[] };
    };
    expect(error.code).toBe('invalid_input');
    expect(error.details.map((d) => d.path)).toEqual(fields);
  });

  it('asks who is calling', async () => {
    const res = await postJson(app, '/api/emergency/quote', { service: 'fire', urgency: 'low' });
    expect(res.status).toBe(401);
  });
});
