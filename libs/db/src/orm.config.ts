import 'reflect-metadata';
import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Options } from '@mikro-orm/core';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { IDLE_CONNECTIONS_KEPT } from './pool';

export interface OrmOptions {
  databaseUrl: string;
  debug?: boolean;
  poolMax?: number;
  /** Idle connections the pool keeps open (IDLE_CONNECTIONS_KEPT unless said). */
  idleConnections?: number;
}

/** One MikroORM configuration for the api, the worker, the commands and the tests. */
export function ormConfig({ databaseUrl, debug = false, poolMax = 10, idleConnections = IDLE_CONNECTIONS_KEPT }: OrmOptions): Options<PostgreSqlDriver> {
  return defineConfig({
    clientUrl: databaseUrl,
    entities: ENTITIES,
    discovery: { warnWhenNoEntities: true },
    extensions: [Migrator],
    migrations: {
      migrationsList: MIGRATIONS,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    pool: { min: Math.min(idleConnections, poolMax), max: poolMax },
    forceUtcTimezone: true,
    debug,
    allowGlobalContext: false,
    ensureDatabase: false,
  });
}
