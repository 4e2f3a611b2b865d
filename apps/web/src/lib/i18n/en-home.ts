/**
 * English texts of a citizen's home (the panel their dashboard leads with) and of the area they
 * choose on their profile, in an i18next namespace of their own (see home-namespace.ts). Written
 * for residents: no workflow words, no sensor ids, no model figures. hi-home.ts and bn-home.ts have
 * exactly these keys.
 */
export const enHome = {
  panel: {
    title: 'What affects you now',
    inArea: 'In and around {{area}}, {{city}}',
    inCity: 'Across {{city}}',
    chooseArea: 'Choose the area you live in, and this starts with what happens there.',
    chooseAreaLink: 'Choose your area',
    otherCity: 'Your area, {{area}}, is in another city: this is for all of {{city}}.',
    cityWide: 'For all of {{city}}: nothing of this kind is measured in {{area}}.',
    loadFailed: 'What affects you now could not be loaded.',
  },
  air: {
    title: 'Air quality',
    aqi: 'AQI {{aqi}}',
    bands: {
      good: 'Good',
      moderate: 'Moderate',
      'unhealthy-sensitive': 'Unhealthy for Sensitive Groups',
      unhealthy: 'Unhealthy',
      'very-unhealthy': 'Very Unhealthy',
      hazardous: 'Hazardous',
    },
    // The US EPA's health message for each band of the Air Quality Index.
    advice: {
      good: 'Air quality is satisfactory, and air pollution poses little or no risk.',
      moderate:
        'Air quality is acceptable. However, there may be a risk for some people, particularly those who are unusually sensitive to air pollution.',
      'unhealthy-sensitive':
        'Members of sensitive groups may experience health effects. The general public is less likely to be affected.',
      unhealthy:
        'Some members of the general public may experience health effects; members of sensitive groups may experience more serious health effects.',
      'very-unhealthy': 'Health alert: The risk of health effects is increased for everyone.',
      hazardous: 'Health warning of emergency conditions: everyone is more likely to be affected.',
    },
    none: 'No air readings right now.',
  },
  water: {
    title: 'Water supply',
    normal: 'Water is flowing normally.',
    someLow_one: 'Low flow at {{low}} of {{count}} supply point.',
    someLow_other: 'Low flow at {{low}} of {{count}} supply points.',
    mostlyLow_one: 'Supply is low: {{low}} of {{count}} supply point has little flow.',
    mostlyLow_other: 'Supply is low: {{low}} of {{count}} supply points have little flow.',
    lowTip: 'Keep some water stored until the flow is back.',
    none: 'No supply readings right now.',
  },
  traffic: {
    title: 'Traffic',
    busiest: 'Busiest places',
    levels: {
      light: 'Light',
      moderate: 'Moderate',
      heavy: 'Heavy',
      'very-heavy': 'Very heavy',
    },
    none: 'No traffic readings right now.',
  },
  alerts: {
    titleNear: 'Alerts near you',
    titleCity: 'Alerts in {{city}}',
    kinds: {
      traffic: 'Heavy traffic at {{place}}',
      air_quality: 'Poor air at {{place}}',
      waste: 'Bins nearly full at {{place}}',
      wasteOverflowing: 'Bins overflowing at {{place}}',
      energy: 'Power supply under strain near {{place}}',
      water: 'Water quality problem at {{place}}',
    },
    severity: {
      critical: 'Severe',
      high: 'Serious',
      warning: 'Take care',
      info: 'For information',
    },
    noneNear: 'Nothing to worry about near you right now.',
    noneCity: 'Nothing to worry about in {{city}} right now.',
    more_one: 'and {{count}} more',
    more_other: 'and {{count}} more',
    elsewhere_one: '{{count}} more elsewhere in {{city}}.',
    elsewhere_other: '{{count}} more elsewhere in {{city}}.',
  },
  notices: {
    title: 'Latest notices',
    none: 'No notices yet.',
    all: 'All notices',
  },
  emergency: {
    title: 'Emergency numbers',
    kinds: {
      all: 'Any emergency',
      police: 'Police',
      fire: 'Fire',
      ambulance: 'Ambulance',
      women: "Women's helpline",
      child: 'Child helpline',
    },
    callLabel: 'Call {{number}}: {{kind}}',
  },
  cityFigures: {
    title: '{{city}} in figures',
    intro: "The figures the city's operators follow, for those who want the details.",
  },
  area: {
    title: 'Your area',
    intro:
      'Choose the part of the city you live in. Your dashboard then leads with the air, water, traffic and alerts there.',
    label: 'Area',
    none: 'No area',
    save: 'Save area',
    saving: 'Saving…',
    current: 'Now: {{area}}, {{city}}',
    unset: 'No area chosen yet.',
  },
  alertAdvice: {
    meaningTitle: 'What it means',
    adviceTitle: 'What to do',
    meaning: {
      traffic: 'Traffic here is moving slowly or has stopped.',
      air_quality: 'The air here is polluted.',
      waste: 'Bins here are nearly full.',
      wasteOverflowing: 'Bins here are overflowing.',
      energy: 'The power supply here is under strain, and cuts may follow.',
      water: 'Tap water here may not be safe to drink.',
    },
    advice: {
      traffic: 'Allow extra time, or take another route if you can.',
      waste: 'Keep rubbish at home until the bins are emptied; do not leave it beside them.',
      energy: 'Switch off what you do not need, and keep a torch and your phone charged.',
      water: 'Boil water before drinking it, or use stored or bottled water, until this ends.',
    },
    ended: 'This has ended: there is nothing more to do.',
    status: { active: 'Active', resolved: 'Resolved', dismissed: 'Dismissed' },
    filters: { label: 'Show', active: 'Active', ended: 'Ended', all: 'All' },
  },
};

export type HomeResources = typeof enHome;
