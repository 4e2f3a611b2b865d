import type { City } from '@smart-city/shared';

/** The three cities as GET /api/cities returns them (values from the reference facts). */
export const CITIES: City[] = [
  {
    key: 'kolkata',
    name: 'Kolkata',
    population: '14.9M',
    populationCount: 14_900_000,
    center: { lat: 22.5726, lng: 88.3639 },
    bounds: { north: 22.75, south: 22.45, east: 88.5, west: 88.2 },
    theme: { gradientFrom: '#8A2387', gradientVia: '#E94057', gradientTo: '#F27121' },
    timeZone: 'Asia/Kolkata',
  },
  {
    key: 'kharagpur',
    name: 'Kharagpur',
    population: '0.4M',
    populationCount: 400_000,
    center: { lat: 22.3392, lng: 87.325 },
    bounds: { north: 22.39, south: 22.29, east: 87.37, west: 87.27 },
    theme: { gradientFrom: '#00C6FF', gradientVia: '#0072FF', gradientTo: '#4A00E0' },
    timeZone: 'Asia/Kolkata',
  },
  {
    key: 'new-york',
    name: 'New York',
    population: '8.3M',
    populationCount: 8_300_000,
    center: { lat: 40.7589, lng: -73.9851 },
    bounds: { north: 40.9176, south: 40.4774, east: -73.7004, west: -74.2591 },
    theme: { gradientFrom: '#0ea5e9', gradientVia: '#6366f1', gradientTo: '#22c55e' },
    timeZone: 'America/New_York',
  },
];
