export * from './cities';
export * from './errors';
export * from './health';
export * from './sensors';
