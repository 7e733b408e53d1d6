import type { EntityManager } from '@mikro-orm/postgresql';
import { Repository, type Args } from '../database';

/** Resolves when PostgreSQL answers a trivial query (the health checks of the api and the worker). */
export async function pingDatabase(em: EntityManager): Promise<void> {
  await em.execute('select 1');
}

/** The queries above, on the process's Database (injected in the api and the worker). */
export class HealthRepository extends Repository {
  pingDatabase(...a: Args<typeof pingDatabase>): ReturnType<typeof pingDatabase> {
    return pingDatabase(this.em, ...a);
  }
}
