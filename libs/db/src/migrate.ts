import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from './orm.config';

/** Runs the pending migrations once (a command, never every process at start). */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init(ormConfig({ databaseUrl, poolMax: 2 }));
  try {
    const done = await orm.getMigrator().up();
    return done.map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}
