import type { Database } from '@planejador/db';

// Unit specs of the api's and the worker's services: a Database that runs each transaction's function in memory.

/** What a spec's doubles did, in order; transactions as 'begin' / 'commit' / 'rollback'. */
export class Journal {
  readonly entries: string[] = [];

  /** The entries from the first 'begin' on, e.g. ['begin', 'lockPendingRegeneration', ..., 'commit']. */
  transactions(): string[][] {
    const all: string[][] = [];
    let open: string[] | null = null;
    for (const entry of this.entries) {
      if (entry === 'begin') open = ['begin'];
      else if (open) open.push(entry);
      if (open && (entry === 'commit' || entry === 'rollback')) {
        all.push(open);
        open = null;
      }
    }
    return all;
  }

  /** How many times `name` was called. */
  count(name: string): number {
    return this.entries.filter((e) => e === name).length;
  }
}

/** A Database whose transaction runs `fn`, journalled; a transaction inside another joins it, as the real one. */
export function fakeDatabase(journal: Journal = new Journal()): Database {
  let depth = 0;
  const db = {
    async transaction<T>(fn: () => Promise<T>): Promise<T> {
      if (depth > 0) return fn();
      depth++;
      journal.entries.push('begin');
      try {
        const result = await fn();
        journal.entries.push('commit');
        return result;
      } catch (err) {
        journal.entries.push('rollback');
        throw err;
      } finally {
        depth--;
      }
    },
  };
  return db as unknown as Database;
}
