import { isUnavailableError } from './unavailable';

describe('isUnavailableError', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['PostgreSQL shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['PostgreSQL starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['an exhausted pool', new Error('Knex: Timeout acquiring a connection. The pool is probably full.')],
    ['Redis gone', new Error('Connection is closed.')],
  ])('%s is an outage', (_, err) => {
    expect(isUnavailableError(err)).toBe(true);
  });

  it.each([
    ['a constraint violation', Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('%s is not', (_, err) => {
    expect(isUnavailableError(err)).toBe(false);
  });
});
