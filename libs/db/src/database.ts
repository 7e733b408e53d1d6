import { AsyncLocalStorage } from 'node:async_hooks';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { ormConfig } from './orm.config';
import { createPgPool, type PgPool } from './pool';

export interface DatabaseOptions {
  databaseUrl: string;
  /** Connections of the ORM's pool (writes, transactions and most reads). */
  poolMax?: number;
  /** Idle connections each of its pools keeps open (IDLE_CONNECTIONS_KEPT unless said; 0: none once idle). */
  idleConnections?: number;
  /** Connections of the small pg pool for named prepared statements and the session store (0: none). */
  statementPoolMax?: number;
}

/** What the repositories of a Database reach; kept off the public class so that no app can run a query itself. */
interface Connections {
  orm: MikroORM;
  pool: PgPool | null;
  tx: AsyncLocalStorage<EntityManager>;
}
const connections = new WeakMap<Database, Connections>();

/**
 * One process's way to PostgreSQL: the ORM (entities and SQL through its EntityManager) and a small pg pool for named
 * prepared statements. Apps hold it only to open a transaction (`transaction(fn)`) and to close it; every query is a
 * repository method (libs/db/src/repositories), which runs on the transaction of the call it is in, else on a fresh
 * EntityManager of its own.
 */
export class Database {
  private constructor(conn: Connections) {
    connections.set(this, conn);
  }

  static async connect({ databaseUrl, poolMax = 10, statementPoolMax = 5, idleConnections }: DatabaseOptions): Promise<Database> {
    const orm = await MikroORM.init(ormConfig({ databaseUrl, poolMax, idleConnections }));
    const pool = statementPoolMax > 0 ? createPgPool(databaseUrl, statementPoolMax, idleConnections) : null;
    return new Database({ orm, pool, tx: new AsyncLocalStorage() });
  }

  /**
   * Runs `fn` in one transaction: every repository call made inside it (awaited in its async context) is part of it,
   * committed when `fn` resolves and rolled back when it throws. A transaction opened inside another joins it.
   */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    const conn = connections.get(this)!;
    if (conn.tx.getStore()) return fn();
    return conn.orm.em.fork().transactional((tx) => conn.tx.run(tx, fn));
  }

  async close(): Promise<void> {
    const conn = connections.get(this)!;
    await conn.orm.close(true).catch(() => undefined);
    await conn.pool?.end().catch(() => undefined);
  }
}

/** The EntityManager a repository call runs on: the open transaction's, else a fresh fork (libs/db only). */
export function emOf(db: Database): EntityManager {
  const conn = connections.get(db)!;
  return conn.tx.getStore() ?? conn.orm.em.fork();
}

/** A fresh EntityManager of its own, outside any open transaction (libs/db only: reads of shared, read-only data). */
export function ownEmOf(db: Database): EntityManager {
  return connections.get(db)!.orm.em.fork();
}

/** The pg pool for named prepared statements and the session store (libs/db only). */
export function poolOf(db: Database): PgPool {
  const pool = connections.get(db)!.pool;
  if (!pool) throw new Error('Database opened without a statement pool (statementPoolMax: 0)');
  return pool;
}

/** A repository: a class of named queries on one aggregate, built on the process's Database. */
export abstract class Repository {
  constructor(protected readonly db: Database) {}

  protected get em(): EntityManager {
    return emOf(this.db);
  }

  /** Outside the caller's transaction: for reads of data no transaction changes (the curriculum). */
  protected get ownEm(): EntityManager {
    return ownEmOf(this.db);
  }

  protected get pool(): PgPool {
    return poolOf(this.db);
  }
}
