export * from './stack';
export * from './browser';
