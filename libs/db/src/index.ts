export * from './entities';
export * from './orm.config';
export * from './migrate';
export * from './database-url';
export * from './serializers';
