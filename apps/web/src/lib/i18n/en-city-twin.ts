/**
 * English texts of the 3D City Twin, in an i18next namespace of their own (see
 * city-twin-namespace.ts), so they download with the twin's code rather than with every screen.
 * hi-city-twin.ts and bn-city-twin.ts have exactly these keys.
 */
export const enCityTwin = {
  intro: 'Every sensor of {{city}} where it stands, coloured by its latest value and status.',
  sensorCount_one: '{{formatted}} sensor',
  sensorCount_other: '{{formatted}} sensors',
  loadFailed: 'The sensors of the twin could not be loaded.',
  empty: 'No sensors in {{city}} yet',
  emptyHint: 'Sensors appear in the twin as soon as they are registered.',
  choose:
    'Point at a sensor for its name. Click it, or Tab to it and press Enter, for its details.',
  chooseFromList: 'Choose a sensor in the list for its details.',
  sceneLabel: '3D twin of {{city}}: {{count}} sensors. Arrow keys orbit, plus and minus zoom.',
  noWebgl: {
    title: 'The 3D view needs WebGL',
    body: 'This browser or device cannot draw 3D graphics, or has them switched off. Every sensor of the twin is listed below, with the colour it would have.',
  },
  help: {
    title: 'Controls',
    drag: 'Drag to orbit, right-drag or Shift-drag to pan, scroll or pinch to zoom.',
    keys: 'Arrow keys orbit and + or − zoom while the view has focus.',
    tab: 'Tab moves through the sensors; Enter opens the one in focus.',
    point: 'Point at a sensor for its name; click it for its details.',
  },
  rotation: { toggle: 'Rotate view' },
  stats: {
    toggle: 'Statistics',
    title: 'Sensors by type and status',
    type: 'Type',
    total: 'Total',
    allTypes: 'All types',
    activeAlerts: 'Active alerts',
    criticalAlerts: 'Critical alerts',
  },
  levels: {
    normal: 'Normal',
    warning: 'Warning',
    critical: 'Critical',
    idle: 'Not reporting',
  },
  legend: {
    title: 'Legend',
    normal: 'Normal',
    warning: 'Above 60 % of critical',
    critical: 'Above 80 % of critical',
    idle: 'Offline or in maintenance',
    alert: 'Ring: active alert',
  },
  landmarks: {
    cityHall: 'City Hall',
    hospital: 'Hospital',
    school: 'School',
    officeComplex: 'Office Complex',
    fireStation: 'Fire Station',
    library: 'Library',
  },
  list: {
    label: 'Sensors in the twin',
    item: '{{name}}: {{type}}, {{level}}',
    itemWithAlert: '{{name}}: {{type}}, {{level}}, active alert',
    visibleTitle: 'Sensors',
  },
  panel: {
    close: 'Close sensor details',
    latest: 'Latest value',
    noReading: 'No reading yet',
    level: 'Shown as',
    status: 'Status',
    updated: 'Last update',
    lastHour: 'Last hour',
    lastHourLabel: 'Readings of the last hour, from {{min}} to {{max}}',
    noHistory: 'No readings in the last hour.',
    historyFailed: 'The last hour could not be loaded.',
    activeAlert: 'Active alert',
    noAlert: 'No active alert.',
    openDetail: 'Open in IoT Sensors',
    loadFailed: 'This sensor could not be loaded.',
    notFound: 'No such sensor',
    notFoundHint: 'There is no sensor with the id {{id}}.',
  },
};

export type CityTwinResources = typeof enCityTwin;
