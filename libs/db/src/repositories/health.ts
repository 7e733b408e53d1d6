import { Repository } from '../database';

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class HealthRepository extends Repository {
  /** Resolves when PostgreSQL answers a trivial query (the health checks of the api and the worker). */
  async pingDatabase(): Promise<void> {
    await this.em.execute('select 1');
  }
}
