export * from './stack';
export * from './browser';
export * from './page-client';
