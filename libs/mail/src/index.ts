export * from './mail-transport';
export * from './templates';
