/**
 * The words of air quality in English: each standard's name, its categories' names and what each
 * category means for health, the pollutants' names and why an index could not be given. Hindi
 * (air-quality-words-hi.ts) and Bengali (air-quality-words-bn.ts) have exactly these keys.
 *
 * India's health statements are CPCB's "Associated Health Impacts" (National Air Quality Index,
 * 2014), word for word. The US ones are the EPA's short statement of each category's meaning, as
 * AirNow gives it with the AQI ("AQI Basics").
 */
export const airQualityWordsEn = {
  standard: {
    'IN-NAQI': "India's National Air Quality Index (CPCB)",
    'US-EPA': 'US EPA Air Quality Index',
  },
  category: {
    'IN-NAQI': {
      good: { name: 'Good', health: 'Minimal Impact' },
      satisfactory: {
        name: 'Satisfactory',
        health: 'May cause minor breathing discomfort to sensitive people',
      },
      moderate: {
        name: 'Moderately polluted',
        health:
          'May cause breathing discomfort to the people with lung disease such as asthma and discomfort to people with heart disease, children and older adults',
      },
      poor: {
        name: 'Poor',
        health:
          'May cause breathing discomfort to people on prolonged exposure and discomfort to people with heart disease with short exposure',
      },
      very_poor: {
        name: 'Very poor',
        health:
          'May cause respiratory illness to the people on prolonged exposure. Effect may be more pronounced in people with lung and heart diseases',
      },
      severe: {
        name: 'Severe',
        health:
          'May cause respiratory effects even on healthy people and serious health impacts on people with lung/heart diseases. The health impacts may be experienced even during light physical activity',
      },
    },
    'US-EPA': {
      good: {
        name: 'Good',
        health: 'Air quality is satisfactory, and air pollution poses little or no risk.',
      },
      moderate: {
        name: 'Moderate',
        health:
          'Air quality is acceptable. However, there may be a risk for some people, particularly those who are unusually sensitive to air pollution.',
      },
      sensitive: {
        name: 'Unhealthy for Sensitive Groups',
        health:
          'Members of sensitive groups may experience health effects. The general public is less likely to be affected.',
      },
      unhealthy: {
        name: 'Unhealthy',
        health:
          'Some members of the general public may experience health effects; members of sensitive groups may experience more serious health effects.',
      },
      very_unhealthy: {
        name: 'Very Unhealthy',
        health: 'Health alert: The risk of health effects is increased for everyone.',
      },
      hazardous: {
        name: 'Hazardous',
        health: 'Health warning of emergency conditions: everyone is more likely to be affected.',
      },
    },
  },
  pollutant: {
    pm25: 'PM2.5',
    pm10: 'PM10',
    no2: 'NO₂',
    so2: 'SO₂',
    co: 'CO',
    o3: 'O₃',
    nh3: 'NH₃',
    pb: 'Pb',
  },
  incomplete: {
    no_data: 'Not enough data for an index: no pollutant has enough hours of recent readings',
    too_few_pollutants:
      'Not enough data for an index: fewer than three pollutants measured in the last 24 hours',
    no_particulates:
      'Not enough data for an index: neither PM2.5 nor PM10 measured in the last 24 hours',
  },
} as const;

type WordsOf<T> = { readonly [K in keyof T]: T[K] extends string ? string : WordsOf<T[K]> };

/** A language's air-quality words: English's keys, each with words of its own. */
export type AirQualityWordsCatalogue = WordsOf<typeof airQualityWordsEn>;
