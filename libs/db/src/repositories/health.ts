import type { EntityManager } from '@mikro-orm/postgresql';

/** Resolves when PostgreSQL answers a trivial query (the health checks of the api and the worker). */
export async function pingDatabase(em: EntityManager): Promise<void> {
  await em.execute('select 1');
}
