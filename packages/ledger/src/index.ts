export * from './bytes';
export * from './format';
export * from './merkle';
export * from './signature';
export * from './sources';
export * from './verify';
