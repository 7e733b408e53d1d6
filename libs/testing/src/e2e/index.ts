export * from './stack';
export * from './browser';
export * from './chromium';
export * from './page-client';
