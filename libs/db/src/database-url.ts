import { Client } from 'pg';

/** The database named in a URL (checked: it is put into SQL as an identifier). */
function databaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Nome de banco inválido: ${name}`);
  return name;
}

/** Runs fn on a connection to the server's maintenance database ('postgres'). */
async function withMaintenanceClient<T>(databaseUrl: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates the database named in the URL when it does not exist (the server must be reachable). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const name = databaseName(databaseUrl);
  return withMaintenanceClient(databaseUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`create database "${name}"`);
    return true;
  });
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = databaseName(databaseUrl);
  await withMaintenanceClient(databaseUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}

/**
 * Creates the database named in `databaseUrl` as a copy of the one in `templateUrl` (PostgreSQL's
 * `create database ... template ...`: nobody may be connected to the template meanwhile).
 */
export async function copyDatabase(templateUrl: string, databaseUrl: string): Promise<void> {
  const template = databaseName(templateUrl);
  const name = databaseName(databaseUrl);
  await withMaintenanceClient(databaseUrl, (client) => client.query(`create database "${name}" template "${template}"`));
}

/** Drops every database of the server whose name starts with `prefix` (a test run's); returns their names. */
export async function dropDatabasesStartingWith(serverUrl: string, prefix: string): Promise<string[]> {
  return withMaintenanceClient(serverUrl, async (client) => {
    const found = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1) order by datname', [prefix]);
    const names = found.rows.map((row) => row.datname).filter((name) => /^[A-Za-z0-9_]+$/.test(name));
    for (const name of names) await client.query(`drop database if exists "${name}" with (force)`);
    return names;
  });
}
