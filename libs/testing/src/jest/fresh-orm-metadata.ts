// Imported first by setup-env.ts, before anything loads libs/db. MikroORM keeps entity metadata on globalThis
// (mikro-orm-metadata), and the file's global object starts with the jest worker's own copy: libs/db is loaded
// outside the files too (the test environment, the stack pool). Taken over by the file's MikroORM, that copy would
// hold the metadata a previous file's ORM already discovered, and the next ORM of the jest worker fails
// ("Map.prototype.set called on incompatible receiver"). Removed here, each file's MikroORM keeps its own.
for (const key of Object.keys(globalThis)) {
  if (key.startsWith('mikro-orm-')) delete (globalThis as Record<string, unknown>)[key];
}
