/**
 * English texts of the wall screen and of the sensor map's legend and hover labels, in an i18next
 * namespace of their own (see wall-namespace.ts), so they download with that code rather than
 * with every screen. hi-wall.ts and bn-wall.ts have exactly these keys.
 */
export const enWall = {
  open: 'Wall screen',
  openHint: 'Show this city on a control-room screen: everything in one view, kept live',
  label: '{{city}} wall screen',
  exit: 'Exit wall screen',
  clockLabel: 'Time in {{city}}',
  connection: {
    label: 'Live connection',
    connected: 'Live',
    connecting: 'Connecting…',
    down: 'Reconnecting…',
    outdated: 'Updating…',
  },
  rotation: {
    label: 'Cities in rotation',
    every: 'Every {{seconds}} s',
    next: 'Next: {{city}} in {{seconds}} s',
    current: '{{city}}, shown now',
  },
  cards: {
    title: 'City figures',
    noReadings: 'No readings',
    loadFailed: 'The city figures could not be loaded. Trying again…',
    trendLabel: '{{metric}} over the last 24 hours, from {{min}} to {{max}}',
    noTrend: 'No trend yet',
    asOf: 'As of {{time}}',
  },
  alerts: {
    title: 'Active alerts',
    total_one: '{{count}} active',
    total_other: '{{count}} active',
    critical_one: '{{count}} critical',
    critical_other: '{{count}} critical',
    empty: 'No active alerts',
    more_one: '{{count}} more active alert',
    more_other: '{{count}} more active alerts',
    loadFailed: 'The alerts could not be loaded. Trying again…',
  },
  map: {
    title: 'Sensors',
    empty: 'No sensors registered yet',
  },
  legend: {
    label: 'Map legend',
    statuses: 'Status',
    types: 'Type',
    alerts: 'Alert',
    clusterNote:
      "A sensor is filled with its type's colour, ringed with its status and haloed with its worst alert; a group takes the colour of its worst alert, or else of its worst status",
  },
  hover: {
    sensors_one: '{{count}} sensor',
    sensors_other: '{{count}} sensors',
    worst: 'Worst: {{status}}',
    worstAlert: 'Worst alert: {{severity}}',
    reading: 'Reading…',
    noReading: 'No reading yet',
  },
};

export type WallResources = typeof enWall;
