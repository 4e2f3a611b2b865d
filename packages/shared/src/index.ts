export * from './auth';
export * from './cities';
export * from './errors';
export * from './health';
export * from './profile';
export * from './sensors';
export * from './preferences';
