import type { CityKey, LandUse, SensorType } from '@smart-city/shared';
import type { NewCity } from './schema';

/** The three cities of the reference facts. */
export const SEED_CITIES: NewCity[] = [
  {
    key: 'kolkata',
    name: 'Kolkata',
    population_display: '14.9M',
    population_count: 14_900_000,
    center_lat: 22.5726,
    center_lng: 88.3639,
    bounds_north: 22.75,
    bounds_south: 22.45,
    bounds_east: 88.5,
    bounds_west: 88.2,
    gradient_from: '#8A2387',
    gradient_via: '#E94057',
    gradient_to: '#F27121',
    time_zone: 'Asia/Kolkata',
    sort_order: 1,
  },
  {
    key: 'kharagpur',
    name: 'Kharagpur',
    population_display: '0.4M',
    population_count: 400_000,
    center_lat: 22.3392,
    center_lng: 87.325,
    bounds_north: 22.39,
    bounds_south: 22.29,
    bounds_east: 87.37,
    bounds_west: 87.27,
    gradient_from: '#00C6FF',
    gradient_via: '#0072FF',
    gradient_to: '#4A00E0',
    time_zone: 'Asia/Kolkata',
    sort_order: 2,
  },
  {
    key: 'new-york',
    name: 'New York',
    population_display: '8.3M',
    population_count: 8_300_000,
    center_lat: 40.7589,
    center_lng: -73.9851,
    bounds_north: 40.9176,
    bounds_south: 40.4774,
    bounds_east: -73.7004,
    bounds_west: -74.2591,
    gradient_from: '#0ea5e9',
    gradient_via: '#6366f1',
    gradient_to: '#22c55e',
    time_zone: 'America/New_York',
    sort_order: 3,
  },
];

/** The sensors installed at a site, each type at most once, with the figures of its installation. */
export type SiteSensors = {
  traffic?: true;
  air_quality?: true;
  waste?: true;
  /** A distribution feeder and its rated load. */
  energy?: { ratedMw: number };
  /** A supply meter and the flow it is rated for, in megalitres a day. */
  water?: { ratedMld: number };
  /** A footfall counter and the most people its area holds. */
  population?: { capacity: number };
};

/** A real place of a city where sensors stand: its name, approximate position and land use. */
export type SeedSite = {
  name: string;
  lat: number;
  lng: number;
  landUse: LandUse;
  sensors: SiteSensors;
};

const site = (
  name: string,
  lat: number,
  lng: number,
  landUse: LandUse,
  sensors: SiteSensors,
): SeedSite => ({ name, lat, lng, landUse, sensors });

/**
 * The deployment of each city, site by site, the way a city installs sensors: many traffic and
 * air-quality sensors at junctions, stations and monitoring stations, fewer feeders and supply meters,
 * bins where people throw things away, and footfall counters at a handful of busy places. New York's
 * deployment is the largest, Kolkata's next and Kharagpur's the smallest; Kharagpur's follows its
 * railway junction and the IIT campus. Positions are approximate (a few hundred metres).
 */
export const SEED_SITES: Record<CityKey, SeedSite[]> = {
  kolkata: [
    site('Howrah Bridge', 22.5851, 88.3468, 'transit', {
      traffic: true,
      water: { ratedMld: 90 },
    }),
    site('Sealdah Station', 22.5675, 88.37, 'transit', {
      traffic: true,
      air_quality: true,
      waste: true,
      population: { capacity: 24_000 },
    }),
    site('Esplanade', 22.5646, 88.3515, 'transit', {
      traffic: true,
      water: { ratedMld: 60 },
      waste: true,
      population: { capacity: 15_000 },
    }),
    site('Park Street', 22.5526, 88.3525, 'commercial', {
      traffic: true,
      air_quality: true,
      waste: true,
    }),
    site('Victoria Memorial', 22.5448, 88.3426, 'leisure', {
      air_quality: true,
      energy: { ratedMw: 10 },
      population: { capacity: 6_000 },
    }),
    site('Gariahat', 22.518, 88.366, 'commercial', {
      traffic: true,
      air_quality: true,
      waste: true,
    }),
    site('Dum Dum', 22.6218, 88.423, 'residential', { energy: { ratedMw: 14 } }),
    site('Salt Lake Sector V', 22.5726, 88.4321, 'office', {
      traffic: true,
      energy: { ratedMw: 18 },
      waste: true,
      population: { capacity: 20_000 },
    }),
    site('New Market', 22.56, 88.3507, 'commercial', {
      waste: true,
      population: { capacity: 9_000 },
    }),
    site('Shyambazar Five Point Crossing', 22.601, 88.3725, 'commercial', {
      traffic: true,
      air_quality: true,
    }),
    site('Ultadanga', 22.5955, 88.3915, 'transit', { traffic: true }),
    site('Park Circus Seven Point Crossing', 22.5405, 88.3685, 'commercial', { traffic: true }),
    site('Exide Crossing', 22.5396, 88.3508, 'commercial', { traffic: true }),
    site('Hazra Crossing', 22.5268, 88.3485, 'residential', { traffic: true }),
    site('Tollygunge Phari', 22.499, 88.346, 'residential', { traffic: true, waste: true }),
    site('Chingrighata', 22.5673, 88.4147, 'transit', { traffic: true }),
    site('Ruby Crossing', 22.513, 88.402, 'residential', { traffic: true }),
    site('Behala Chowrasta', 22.4975, 88.312, 'residential', { traffic: true, air_quality: true }),
    site('Jadavpur', 22.4975, 88.3712, 'campus', { traffic: true, air_quality: true }),
    site('BBD Bag', 22.5726, 88.3494, 'office', { traffic: true, energy: { ratedMw: 16 } }),
    site('Rabindra Bharati University', 22.6278, 88.3808, 'campus', { air_quality: true }),
    site('Ballygunge', 22.525, 88.365, 'residential', { air_quality: true }),
    site('Fort William', 22.5556, 88.338, 'leisure', { air_quality: true }),
    site('Bidhannagar', 22.585, 88.41, 'residential', { air_quality: true }),
    site('Rabindra Sarobar', 22.511, 88.359, 'leisure', { air_quality: true }),
    site('Topsia', 22.54, 88.39, 'industrial', { air_quality: true }),
    site('Kasba', 22.516, 88.386, 'industrial', { energy: { ratedMw: 12 } }),
    site('Majerhat', 22.521, 88.321, 'residential', { energy: { ratedMw: 13 } }),
    site('Chitpur', 22.604, 88.377, 'industrial', { energy: { ratedMw: 11 } }),
    site('SSKM Hospital', 22.5393, 88.3441, 'campus', { energy: { ratedMw: 8 } }),
    site('Garden Reach', 22.544, 88.288, 'utility', { water: { ratedMld: 840 } }),
    site('Tallah Tank', 22.6042, 88.3775, 'utility', { water: { ratedMld: 380 } }),
    site('Wellington Square', 22.5662, 88.359, 'residential', { water: { ratedMld: 45 } }),
    site('Dhapa', 22.545, 88.426, 'utility', { water: { ratedMld: 140 } }),
    site('Burrabazar', 22.5805, 88.353, 'commercial', { waste: true }),
    site('College Street', 22.5747, 88.363, 'campus', { waste: true }),
    site('Lake Market', 22.5178, 88.3522, 'commercial', { waste: true }),
    site('Eco Park', 22.604, 88.467, 'leisure', { population: { capacity: 8_000 } }),
  ],
  kharagpur: [
    site('Kharagpur Station', 22.3399, 87.325, 'transit', {
      traffic: true,
      air_quality: true,
      waste: true,
      population: { capacity: 6_000 },
    }),
    site('IIT Kharagpur Main Gate', 22.3149, 87.3105, 'campus', {
      traffic: true,
      air_quality: true,
    }),
    site('IIT Kharagpur', 22.319, 87.31, 'campus', {
      energy: { ratedMw: 12 },
      water: { ratedMld: 10 },
    }),
    site('IIT Kharagpur Technology Market', 22.316, 87.302, 'campus', {
      waste: true,
      population: { capacity: 1_500 },
    }),
    site('Puri Gate', 22.3108, 87.308, 'campus', { traffic: true }),
    site('Hijli', 22.3205, 87.3198, 'residential', {
      traffic: true,
      air_quality: true,
      energy: { ratedMw: 7 },
    }),
    site('Railway Colony', 22.3441, 87.3302, 'residential', {
      energy: { ratedMw: 8 },
      water: { ratedMld: 12 },
      waste: true,
    }),
    site('Kharagpur Railway Workshop', 22.347, 87.334, 'industrial', {
      air_quality: true,
      energy: { ratedMw: 10 },
    }),
    site('Inda Market', 22.3318, 87.3236, 'commercial', {
      traffic: true,
      water: { ratedMld: 8 },
      waste: true,
      population: { capacity: 2_500 },
    }),
    site('Golbazar', 22.345, 87.3215, 'commercial', {
      traffic: true,
      air_quality: true,
      energy: { ratedMw: 6 },
      waste: true,
      population: { capacity: 3_500 },
    }),
    site('NH16 Crossing', 22.3262, 87.2988, 'transit', {
      traffic: true,
      air_quality: true,
      population: { capacity: 900 },
    }),
    site('Malancha', 22.353, 87.315, 'residential', {
      traffic: true,
      water: { ratedMld: 6 },
      waste: true,
    }),
    site('Prembazar', 22.314, 87.294, 'commercial', { traffic: true, waste: true }),
    site('Kharida', 22.3365, 87.3105, 'residential', { water: { ratedMld: 7 } }),
    site('Kharagpur College', 22.334, 87.316, 'campus', { air_quality: true }),
    site('Nimpura', 22.369, 87.339, 'industrial', {
      traffic: true,
      air_quality: true,
      energy: { ratedMw: 9 },
    }),
    site('Salua', 22.303, 87.362, 'residential', { traffic: true }),
  ],
  'new-york': [
    site('Times Square', 40.758, -73.9855, 'leisure', {
      traffic: true,
      waste: true,
      population: { capacity: 22_000 },
    }),
    site('Herald Square', 40.7498, -73.988, 'commercial', {
      traffic: true,
      air_quality: true,
      population: { capacity: 12_000 },
    }),
    site('Central Park South', 40.7646, -73.974, 'commercial', { energy: { ratedMw: 14 } }),
    site('Central Park North', 40.799, -73.954, 'residential', { water: { ratedMld: 120 } }),
    site('World Trade Center', 40.7127, -74.0134, 'office', {
      energy: { ratedMw: 18 },
      waste: true,
    }),
    site('Brooklyn Bridge', 40.7061, -73.9969, 'leisure', {
      traffic: true,
      population: { capacity: 3_000 },
    }),
    site('Prospect Park', 40.6602, -73.969, 'leisure', { air_quality: true, waste: true }),
    site('Williamsburg Bridge', 40.7134, -73.9722, 'transit', { traffic: true }),
    site('Flushing Meadows', 40.74, -73.8408, 'leisure', { air_quality: true }),
    site('Yankee Stadium', 40.8296, -73.9262, 'leisure', { energy: { ratedMw: 12 } }),
    site('Staten Island Ferry Terminal', 40.6437, -74.0736, 'transit', {
      water: { ratedMld: 60 },
    }),
    site('Columbus Circle', 40.7681, -73.9819, 'commercial', { traffic: true }),
    site('Queensboro Bridge', 40.757, -73.9544, 'transit', { traffic: true }),
    site('Holland Tunnel', 40.724, -74.007, 'transit', { traffic: true, air_quality: true }),
    site('Lincoln Tunnel', 40.7577, -73.9968, 'transit', { traffic: true }),
    site('Grand Central Terminal', 40.7527, -73.9772, 'transit', {
      traffic: true,
      waste: true,
      population: { capacity: 30_000 },
    }),
    site('Penn Station', 40.7506, -73.9935, 'transit', { population: { capacity: 32_000 } }),
    site('Rockefeller Center', 40.7587, -73.9787, 'office', { population: { capacity: 16_000 } }),
    site('Atlantic Terminal', 40.6842, -73.9772, 'transit', { traffic: true }),
    site('The Hub', 40.8163, -73.917, 'commercial', { traffic: true, waste: true }),
    site('Fordham Road', 40.8616, -73.898, 'commercial', {
      traffic: true,
      air_quality: true,
      waste: true,
    }),
    site('Jamaica Center', 40.7023, -73.801, 'transit', { traffic: true, air_quality: true }),
    site('Woodhaven Boulevard', 40.733, -73.869, 'residential', { traffic: true }),
    site('Flatbush Junction', 40.6327, -73.9476, 'commercial', { traffic: true }),
    site('Verrazzano-Narrows Bridge', 40.6066, -74.0447, 'transit', { traffic: true }),
    site('Robert F. Kennedy Bridge', 40.78, -73.927, 'transit', { traffic: true }),
    site('Flushing Main Street', 40.7596, -73.8303, 'commercial', { traffic: true, waste: true }),
    site('Harlem 125th Street', 40.809, -73.948, 'commercial', { traffic: true, waste: true }),
    site('Queens College', 40.7367, -73.8203, 'campus', { air_quality: true }),
    site('Longwood', 40.8163, -73.902, 'residential', { air_quality: true }),
    site('Hunts Point', 40.8094, -73.8803, 'industrial', { air_quality: true }),
    site('New York Botanical Garden', 40.8623, -73.8772, 'leisure', { air_quality: true }),
    site('Port Richmond', 40.6355, -74.1255, 'residential', { air_quality: true }),
    site('Freshkills Park', 40.578, -74.188, 'leisure', { air_quality: true }),
    site('Chinatown', 40.7158, -73.997, 'residential', { air_quality: true }),
    site('Greenpoint', 40.7305, -73.9515, 'industrial', { air_quality: true }),
    site('Sunset Park', 40.646, -74.01, 'industrial', { air_quality: true }),
    site('Hudson Yards', 40.7538, -74.002, 'office', { energy: { ratedMw: 18 } }),
    site('Astoria', 40.7792, -73.914, 'industrial', { energy: { ratedMw: 15 } }),
    site('Stuyvesant Town', 40.7316, -73.9778, 'residential', { energy: { ratedMw: 14 } }),
    site('Downtown Brooklyn', 40.6928, -73.9903, 'office', { energy: { ratedMw: 15 } }),
    site('Long Island City', 40.7447, -73.9485, 'office', {
      energy: { ratedMw: 14 },
      water: { ratedMld: 75 },
    }),
    site('Bellevue Hospital', 40.7394, -73.9754, 'campus', { energy: { ratedMw: 10 } }),
    site('Maspeth', 40.723, -73.912, 'industrial', { energy: { ratedMw: 12 } }),
    site('Jerome Park Reservoir', 40.879, -73.894, 'utility', { water: { ratedMld: 1_100 } }),
    site('Silver Lake Park', 40.6265, -74.094, 'utility', { water: { ratedMld: 380 } }),
    site('Bay Ridge', 40.6345, -74.0285, 'residential', { water: { ratedMld: 70 } }),
    site('Jackson Heights', 40.7557, -73.8831, 'residential', { water: { ratedMld: 85 } }),
    site('Union Square', 40.7359, -73.9906, 'commercial', {
      waste: true,
      population: { capacity: 8_000 },
    }),
    site('Washington Square Park', 40.7308, -73.9973, 'leisure', { waste: true }),
    site('Bryant Park', 40.7536, -73.9832, 'leisure', { waste: true }),
    site('Coney Island', 40.5749, -73.978, 'leisure', {
      waste: true,
      population: { capacity: 15_000 },
    }),
    site('Battery Park', 40.7033, -74.017, 'leisure', { waste: true }),
  ],
};

/**
 * Each sensor type's word in sensor names and the fixed metadata of its primary metric; its unit is
 * the type's SENSOR_UNITS.
 */
export const SENSOR_KINDS: Record<
  SensorType,
  { label: string; metadata: Record<string, unknown> }
> = {
  traffic: { label: 'Traffic', metadata: { metric: 'congestion' } },
  air_quality: { label: 'Air Quality', metadata: { metric: 'aqi', scale: 'US EPA' } },
  energy: { label: 'Energy Feeder', metadata: { metric: 'load' } },
  water: { label: 'Water Supply', metadata: { metric: 'supply' } },
  waste: { label: 'Waste Bin', metadata: { metric: 'fill' } },
  population: { label: 'Footfall', metadata: { metric: 'people_in_area' } },
};
