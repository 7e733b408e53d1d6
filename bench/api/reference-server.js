// The limits the api is measured against (issue 19): the thinnest server that does a route's own work. Bare Express
// (no helmet, session, passport, logger or Nest) on one pg pool the size of the api's, running the api's own
// statements and row mapping, imported from the built api (no copy of the SQL here), so each answer is the api's
// answer byte for byte (bench/api/run.js checks it):
//   GET /memory/turmas  the class list's JSON, read once at start and kept in memory (no SQL per request)
//   GET /pg/turmas      the class list of REF_TURMAS_USER: its one query (classes with their plan counts)
//   GET /pg/planos      the first page of REF_PLANOS_USER's plans: its one query, with the api's paging headers
//   GET /pg/auth/user   the signed-in user: the session cookie's signature checked, then the api's one
//                       session-with-user query
// A child process of its own (bench-stack's startReference), as the api is:
//   PORT=... DATABASE_URL=... SESSION_SECRET=... REF_TURMAS_USER=uuid REF_PLANOS_USER=uuid node bench/api/reference-server.js
'use strict';
const { resolve } = require('node:path');

const ROOT = resolve(__dirname, '../..');
const fromApi = (name) => require(require.resolve(name, { paths: [resolve(ROOT, 'api')] }));
const express = fromApi('express');
const signature = require(require.resolve('cookie-signature', { paths: [require.resolve('express-session', { paths: [resolve(ROOT, 'api')] })] }));
const { TurmasService } = require('../../api/dist/turmas/turmas.service');
const { PlanosService } = require('../../api/dist/planos/planos.service');
const { Database, PlanosListRepository, TurmasRepository, UsersRepository } = require('../../libs/db/dist');
const { SESSION_COOKIE } = require('../../api/dist/fast-path/session');

const env = process.env;
const PAGE = { limit: 25 };

/** The session id of a signed cookie ('s:<sid>.<signature>'), or null when absent or not signed with the secret. */
function sessionId(cookieHeader) {
  if (!cookieHeader) return null;
  const prefix = `${SESSION_COOKIE}=`;
  const pair = cookieHeader.split(/; */).find((c) => c.startsWith(prefix));
  if (!pair) return null;
  const value = decodeURIComponent(pair.slice(prefix.length));
  if (!value.startsWith('s:')) return null;
  const sid = signature.unsign(value.slice(2), env.SESSION_SECRET);
  return sid === false ? null : sid;
}

async function main() {
  // The api's statement pool: 5 connections (api/src/app.module.ts); the list methods read only through it.
  const db = await Database.connect({ databaseUrl: env.DATABASE_URL, poolMax: 1, statementPoolMax: 5 });
  const turmas = new TurmasService(db, new TurmasRepository(db));
  const planos = new PlanosService(db, undefined, new PlanosListRepository(db));
  const users = new UsersRepository(db);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // as the api (bench/README.md): no SHA-1 of each body
  const memory = await turmas.list(env.REF_TURMAS_USER);
  const fail = (res, err) => res.status(500).json({ message: err.message });

  app.get('/health', (_req, res) => res.json({ ok: true }));
  app.get('/memory/turmas', (_req, res) => res.json(memory));
  app.get('/pg/turmas', (_req, res) => {
    turmas.list(env.REF_TURMAS_USER).then((list) => res.json(list), (err) => fail(res, err));
  });
  app.get('/pg/planos', (_req, res) => {
    planos.list(env.REF_PLANOS_USER, PAGE).then((page) => {
      res.setHeader('X-Total-Count', String(page.total));
      if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
      res.json(page.planos);
    }, (err) => fail(res, err));
  });
  app.get('/pg/auth/user', (req, res) => {
    const sid = sessionId(req.headers.cookie);
    if (!sid) return res.status(401).json({ message: 'unauthorized' });
    users.readSessionWithUser(sid).then((found) => {
      if (!found || found === 'unreadable' || !found.user) return res.status(401).json({ message: 'unauthorized' });
      res.json(found.user);
    }, (err) => fail(res, err));
  });
  app.listen(Number(env.PORT), '127.0.0.1');
  process.on('SIGTERM', () => db.close().finally(() => process.exit(0)));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
