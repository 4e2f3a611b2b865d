import type { CityKey, SensorType } from '@smart-city/shared';
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

type Place = { name: string; lat: number; lng: number };

/** Well-known places of each city, where its sensors stand. */
export const SEED_PLACES: Record<CityKey, Place[]> = {
  kolkata: [
    { name: 'Howrah Bridge', lat: 22.5851, lng: 88.3468 },
    { name: 'Park Street', lat: 22.5526, lng: 88.3525 },
    { name: 'Victoria Memorial', lat: 22.5448, lng: 88.3426 },
    { name: 'Esplanade', lat: 22.5646, lng: 88.3515 },
    { name: 'Salt Lake Sector V', lat: 22.5726, lng: 88.4321 },
    { name: 'New Market', lat: 22.56, lng: 88.3507 },
    { name: 'Maidan', lat: 22.5535, lng: 88.339 },
    { name: 'Sealdah Station', lat: 22.5675, lng: 88.37 },
    { name: 'Gariahat', lat: 22.518, lng: 88.366 },
    { name: 'Dum Dum', lat: 22.6218, lng: 88.423 },
  ],
  kharagpur: [
    { name: 'NH16 Crossing', lat: 22.3262, lng: 87.2988 },
    { name: 'IIT Kharagpur Main Gate', lat: 22.3149, lng: 87.3105 },
    { name: 'Hijli', lat: 22.3205, lng: 87.3198 },
    { name: 'Railway Colony', lat: 22.3441, lng: 87.3302 },
    { name: 'Inda Market', lat: 22.3318, lng: 87.3236 },
    { name: 'Kharagpur Station', lat: 22.3397, lng: 87.3251 },
  ],
  'new-york': [
    { name: 'Times Square', lat: 40.758, lng: -73.9855 },
    { name: 'Herald Square', lat: 40.7498, lng: -73.988 },
    { name: 'Central Park South', lat: 40.7646, lng: -73.974 },
    { name: 'Central Park North', lat: 40.799, lng: -73.954 },
    { name: 'World Trade Center', lat: 40.7127, lng: -74.0134 },
    { name: 'Brooklyn Bridge', lat: 40.7061, lng: -73.9969 },
    { name: 'Prospect Park', lat: 40.6602, lng: -73.969 },
    { name: 'Williamsburg Bridge', lat: 40.7134, lng: -73.9722 },
    { name: 'Flushing Meadows', lat: 40.74, lng: -73.8408 },
    { name: 'Yankee Stadium', lat: 40.8296, lng: -73.9262 },
    { name: 'Staten Island Ferry Terminal', lat: 40.6437, lng: -74.0736 },
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
  energy: { label: 'Energy Feeder', metadata: { metric: 'load', ratedMw: 40 } },
  water: { label: 'Water Supply', metadata: { metric: 'supply' } },
  waste: { label: 'Waste Bin', metadata: { metric: 'fill' } },
  population: { label: 'Footfall', metadata: { metric: 'people_in_area' } },
};

/** How many sensors of each type a city gets. */
export const SENSORS_PER_TYPE = 2;
