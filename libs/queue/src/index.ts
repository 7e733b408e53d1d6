export * from './names';
export * from './options';
export * from './connection';
export * from './producer';
export * from './priority';
