export * from './settings';
export * from './error-reporting';
export * from './unavailable';
export * from './conversion-folders';
