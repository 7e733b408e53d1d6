import 'reflect-metadata';
import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Options } from '@mikro-orm/core';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export interface OrmOptions {
  databaseUrl: string;
  debug?: boolean;
  poolMax?: number;
}

/** One MikroORM configuration for the api, the worker, the commands and the tests. */
export function ormConfig({ databaseUrl, debug = false, poolMax = 10 }: OrmOptions): Options<PostgreSqlDriver> {
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
    // Two connections stay open when idle: a teacher's first click after a quiet minute does not wait for new ones
    // (bench/README.md, "Streaming": about 20 ms on the path to the first AI call).
    pool: { min: Math.min(2, poolMax), max: poolMax },
    forceUtcTimezone: true,
    debug,
    allowGlobalContext: false,
    ensureDatabase: false,
  });
}
