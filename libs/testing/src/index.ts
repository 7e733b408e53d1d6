export * from './jest/test-env';
export * from './http/test-client';
export * from './smtp/smtp-capture';
export * from './wait';
export * from './fake-ai';
export { deleteRedisPrefix } from './jest/global-teardown';
export * from './processes';
export * from './e2e';
