export * from './settings';
export * from './error-reporting';
