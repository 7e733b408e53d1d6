import { parse as parseQuery } from 'node:querystring';
import fc from 'fast-check';
import type { ZodType } from 'zod';
import { feedbackSchema, forgotPasswordSchema, frontendErrorSchema, generatePlanoSchema, habilidadesQuerySchema, materiaSchema, emailSenderSchema, registerSchema, turmaSchema, updatePlanoSchema, type Plano } from '@planejador/contracts';
import { createPlan, PASSWORD, startSharedStack, teacherWithTurma, turmaInput, uniqueEmail, waitFor, type TestStack } from '@planejador/testing';
import { PlanosRepository } from '@planejador/db';
import { signUpAdmin } from './api-harness';

/*
 * Property-based tests: every route gets random and hostile bodies, path parameters, query strings and headers,
 * signed in as a teacher and signed out. The answer is always a JSON 4xx with a string `message` (never a 5xx,
 * never a stack trace), unless the input is one the route legitimately accepts; and a refused request writes
 * nothing (the teacher's rows are compared before and after every request).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Who = 'teacher' | 'admin' | 'anonymous';

/** What was sent, as generated. */
interface Sent {
  who: Who;
  /** The session cookie sent for a signed-in request ('' signed out). */
  session: string;
  /** Path parameters, already in URL form (encoded or deliberately raw). */
  params: string[];
  query: string;
  body?: string;
  headers: Record<string, string>;
}

/** What the server sees of it, for deciding whether a 2xx is legitimate. */
interface Seen {
  signedIn: boolean;
  /** Signed in as the admin (who may use the admin routes). */
  admin: boolean;
  params: string[];
  query: Record<string, unknown>;
  body: unknown;
}

interface Route {
  method: Method;
  path: string;
  /** True when a 2xx answer is legitimate for this input. Default: never. */
  legit?: (seen: Seen) => boolean;
  /** A body close to a valid one, in which the generator replaces one field with something hostile. */
  template?: () => Record<string, unknown>;
  /** Keys of the body schema, to build bodies with the right keys and wrong values. */
  keys?: string[];
  /** Real ids that may stand in the path (never for DELETE: it would remove the fixtures). */
  realParams?: () => string[];
  /** The admin signs in for this route's runs too (the admin routes). */
  admins?: boolean;
  /** Signed-in runs use a session of their own (a 2xx may replace the session it is sent with). */
  ownSession?: boolean;
  /** Runs after a legitimate 2xx, before the rows are compared again. */
  after2xx?: (text: string) => Promise<void>;
  numRuns?: number;
}

const RUNS = 30;

// ---- generators -------------------------------------------------------------------------------------------

const printable = (maxLength: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${maxLength}}$`));

const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  '\u202Eevil',
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=1</script>',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '$1',
  '?',
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%ff',
  '\r\nSet-Cookie: admin=1',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  'constructor',
  'prototype',
  '💥🧨'.repeat(100),
  'ção'.repeat(70),
  '1e309',
  '-1',
  '00000000-0000-0000-0000-000000000000',
];

const hugeSizes = [1_000, 20_000, 120_000, 290_000, 400_000];

/** Characters that have broken servers, put inside otherwise ordinary text so validation lets them through. */
const injected = ['\u0000', '\uD800', '<script>window.__xss=1</script>', "' OR 1=1 --", '\r\n', '\u202E', '%00'];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom('Ana', 'Frações', 'prof@escola.rs.gov.br', 'nova-senha-123'), fc.constantFrom(...injected)).map(([text, bad]) => `${text}${bad}${text}`) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 1, arbitrary: fc.constantFrom(...hugeSizes).map((n) => 'x'.repeat(n)) },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.anything({ maxDepth: 2, maxKeys: 4 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e308, [], {}),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 4 }),
);

/** Nested `depth` levels deep, as raw JSON (JSON.stringify would recurse). */
function deeplyNested(depth: number, kind: 'array' | 'object', key: string): string {
  return kind === 'array' ? `{"${key}":${'['.repeat(depth)}${']'.repeat(depth)}}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const malformed = [
  '',
  '{',
  '{"a":',
  '{a:1}',
  "{'a':1}",
  '[1,2',
  '"texto"',
  'null',
  '1e999999',
  '-',
  'true',
  '\u0000',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"role":"admin","isAdmin":true}}',
  '{"constructor":{"prototype":{"role":"admin","isAdmin":true}}}',
  '{"a":1,"a":2}',
  `{"x":"${'\\'.repeat(3)}"}`,
];

/** Replaces `key` wherever it occurs (e.g. in each lesson of a plan). */
function deepReplace(value: unknown, key: string, replacement: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => deepReplace(v, key, replacement));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === key ? replacement : deepReplace(v, key, replacement)]));
  }
  return value;
}

function allKeys(value: unknown, into = new Set<string>()): string[] {
  if (Array.isArray(value)) value.forEach((v) => allKeys(v, into));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      allKeys(v, into);
    }
  }
  return [...into];
}

function bodyArbitrary(route: Route): fc.Arbitrary<string | undefined> {
  const keys = route.keys ?? ['email', 'id', 'role'];
  const asJson = (v: unknown) => {
    const text = JSON.stringify(v);
    return text === undefined ? undefined : text;
  };
  const options: fc.WeightedArbitrary<string | undefined>[] = [
    { weight: 2, arbitrary: fc.anything({ maxDepth: 3 }).map(asJson) },
    { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(...malformed) },
    { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...keys), hostileValue, { maxKeys: keys.length }).map(asJson) },
    {
      weight: 1,
      arbitrary: fc
        .record({ key: fc.constantFrom(...keys, '__proto__', 'constructor'), depth: fc.constantFrom(100, 5_000, 60_000), kind: fc.constantFrom<'array' | 'object'>('array', 'object') })
        .map(({ key, depth, kind }) => deeplyNested(depth, kind, key)),
    },
    { weight: 1, arbitrary: fc.record({ key: fc.constantFrom(...keys), size: fc.constantFrom(...hugeSizes) }).map(({ key, size }) => JSON.stringify({ [key]: 'y'.repeat(size) })) },
    {
      weight: 1,
      arbitrary: fc
        .record({ key: fc.constantFrom(...keys), extra: fc.constantFrom('role', 'credits', 'userId', 'isAdmin', 'id') })
        .map(({ key, extra }) => `{"__proto__":{"${extra}":"admin"},"constructor":{"prototype":{"${extra}":1}},"${key}":{"__proto__":{"${extra}":1}}}`),
    },
  ];
  if (route.template) {
    // Mostly near-valid bodies: one field replaced, so that the input gets past validation into the handler.
    const template = route.template;
    const fields = Object.keys(template());
    options.push(
      { weight: 6, arbitrary: fc.record({ key: fc.constantFrom(...fields), value: hostileString }).map(({ key, value }) => asJson({ ...template(), [key]: value })) },
      { weight: 2, arbitrary: fc.record({ key: fc.constantFrom(...fields), value: hostileValue }).map(({ key, value }) => asJson({ ...template(), [key]: value })) },
      { weight: 6, arbitrary: fc.record({ key: fc.constantFrom(...allKeys(template())), value: hostileString }).map(({ key, value }) => asJson(deepReplace(template(), key, value))) },
    );
  }
  return fc.oneof(...options);
}

/** encodeURIComponent throws on lone surrogates: those become U+FFFD first, as a browser would send them. */
const encode = (s: string) => encodeURIComponent(s.toWellFormed());

function paramArbitrary(realParams: string[] | undefined): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [
    fc.string({ unit: 'binary', maxLength: 60 }).map(encode),
    fc.constantFrom(...hostileStrings.filter((s) => s !== '')).map(encode),
    fc.uuid().map((u) => u),
    fc.uuid().map((u) => u.toUpperCase()),
    fc.constantFrom('%00', '%ff', '%', '%zz', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2fadmin', '%252e%252e%252f', ';', '*', '%20', '%0d%0aSet-Cookie:x=1', 'a%2Fb'),
    fc.constantFrom(200, 2_000, 6_000, 20_000).map((n) => 'z'.repeat(n)),
  ];
  if (realParams?.length) {
    options.push(fc.constantFrom(...realParams), fc.constantFrom(...realParams).map((p) => p.toUpperCase()), fc.constantFrom(...realParams).map((p) => ` ${p}`));
  }
  // '.' and '..' segments would be resolved by the URL parser into another route.
  return fc.oneof(...options).map((p) => (/^(\.|%2e){1,2}$/i.test(p) || p === '' ? `${p}x` : p));
}

const queryArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom('ano', 'materia', 'q', 'limit', '__proto__', 'constructor[prototype][x]', 'a[b][c]', 'id'), fc.oneof(hostileString, fc.constantFrom('5', 'matematica', '10', '1e1', '-3', '999999999999'))), { maxLength: 5 })
      .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v.slice(0, 3000))}`).join('&')}` : '')),
  },
  // A valid skill search with one hostile value, so it reaches the search SQL.
  {
    weight: 3,
    arbitrary: fc
      .record({ q: hostileString, limit: fc.constantFrom('5', '50', '0', '-1', '1e1', 'x', '10.5') })
      .map(({ q, limit }) => `?ano=5&materia=matematica&q=${encode(q.slice(0, 3000))}&limit=${limit}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('?%', '?%ff=1', '?q=%00', '?ano=5&ano=6&materia=matematica', '?ano=5&materia=matematica&limit=0', '?&&&==', `?q=${'a'.repeat(6000)}`) },
);

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=nope',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/vnd.api+json',
  '*/*',
  'application/json, text/plain',
  'application',
  ';;;',
];

const badCookies = [
  'planejador.sid=garbage',
  'planejador.sid=s%3Afalsificado.assinatura',
  'planejador.sid=s%3A%ff',
  `planejador.sid=${'a'.repeat(3000)}`,
  `planejador.sid=${'a'.repeat(20_000)}`,
  '=;;;=',
  'planejador.sid=; planejador.sid=outro',
  '__proto__=1; constructor=2',
];

interface HeaderChoice {
  contentType: string | null;
  contentEncoding: string | null;
  idempotencyKey: string | null;
  cookie: string | null;
  accept: string | null;
  origin: string | null;
}

/** Null most of the time, so that most requests carry a single oddity. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: 100 - percent, arbitrary: fc.constant(null) }, { weight: percent, arbitrary });

const headerArbitrary: fc.Arbitrary<HeaderChoice> = fc.record({
  contentType: sometimes(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...contentTypes) }, { weight: 1, arbitrary: printable(60) }), 15),
  contentEncoding: sometimes(fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'compress', 'x-desconhecido'), 8),
  idempotencyKey: sometimes(fc.oneof(printable(140), fc.constantFrom('', 'x', 'chave com espaço', 'a'.repeat(129), '../../etc', 'válida-não')), 25),
  cookie: sometimes(fc.oneof(fc.constantFrom(...badCookies), printable(80)), 10),
  accept: sometimes(fc.constantFrom('text/html', 'application/xml', '*/*', 'image/png', 'text/html,application/xhtml+xml'), 15),
  origin: sometimes(fc.constantFrom('null', 'https://evil.example', 'não é url'), 5),
});

// ---- the harness ------------------------------------------------------------------------------------------

interface Fixtures {
  adminId: string;
  adminCookie: string;
  teacherId: string;
  teacherEmail: string;
  cookie: string;
  turmaId: string;
  turmaNumero: string;
  plan: Plano;
}

function fill(path: string, params: string[]): string {
  let i = 0;
  return path.replace(/:[a-z]+/g, () => params[i++]);
}

function tryJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const valid = (schema: ZodType, value: unknown) => schema.safeParse(value ?? {}).success || schema.safeParse({}).success;
const STACK_TRACE = /\n\s+at\s|\bError:|node_modules|\/work\/|\.(ts|js):\d+/;

describe('hostile input on every route: always a JSON 4xx, nothing written', () => {
  let api: TestStack;
  let fx: Fixtures;
  let baseline: Record<string, unknown>;
  const adminEmail = uniqueEmail('admin');

  const snapshot = async (): Promise<Record<string, unknown>> => {
    const id = fx.teacherId;
    const [row] = await api.orm.em.fork().getConnection().execute<Record<string, unknown>[]>(
      `select
         (select count(*)::int from turmas where user_id = ?) as turmas,
         (select count(*)::int from planos_aula where user_id = ?) as planos,
         (select count(*)::int from aulas a join planos_aula p on p.id = a.plano_id where p.user_id = ?) as aulas,
         (select count(*)::int from feedback where user_id = ?) as feedback,
         (select count(*)::int from email_logs where admin_id = ?) as email_logs,
         (select count(*)::int from password_reset_tokens where user_id = ?) as reset_tokens,
         (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from turmas t where user_id = ?) as turmas_rows,
         (select md5(coalesce(string_agg(p::text, '|' order by p.id), '')) from planos_aula p where user_id = ?) as planos_rows,
         (select md5(coalesce(string_agg(a::text, '|' order by a.id), '')) from aulas a join planos_aula p on p.id = a.plano_id where p.user_id = ?) as aulas_rows,
         (select u::text from users u where id = ?) as user_row,
         (select count(*)::int from email_logs where admin_id = ?) as admin_email_logs`,
      [...Array(10).fill(id), fx.adminId],
    );
    return row;
  };

  beforeAll(async () => {
    // Its own admin, and login and reset limits above the hundreds of requests it sends from 127.0.0.1.
    api = await startSharedStack({ ai: 'offline', env: { RATE_LIMIT_LOGIN: '10000', RATE_LIMIT_FORGOT: '10000', ADMIN_EMAILS: adminEmail } });
    const admin = await signUpAdmin(api, adminEmail);
    const { client, user, email, turma } = await teacherWithTurma(api);
    const plan = await createPlan(client, turma.id, ['Bingo das frações', 'Medidas com trena'], { timeoutMs: 30000 });
    fx = { adminId: admin.user.id, adminCookie: admin.client.cookieHeader, teacherId: user.id, teacherEmail: email, cookie: client.cookieHeader, turmaId: turma.id, turmaNumero: turma.numero, plan };
    baseline = await snapshot();
  });

  afterAll(() => api?.close());

  const isReal = (param: string, ...real: string[]) => real.some((r) => r.toLowerCase() === param.toLowerCase());
  const teacherWith = (schema: ZodType) => (s: Seen) => s.signedIn && valid(schema, s.body);
  const waitForGeneratedPlan = async (text: string) => {
    const { id } = JSON.parse(text) as { id: string };
    await waitFor(
      async () => {
        const plano = await api.repository(PlanosRepository).findPlanoWithAulas(id);
        return plano && ['done', 'failed'].includes(plano.generationState);
      },
      { what: `generated plan ${id}`, timeoutMs: 30000 },
    );
  };

  const routes = (): Route[] => [
    { method: 'GET', path: '/api/auth/user', legit: (s) => s.signedIn },
    { method: 'POST', path: '/api/login', keys: ['email', 'password'], template: () => ({ email: fx.teacherEmail, password: 'errada-123' }), legit: () => false, numRuns: 25 },
    {
      method: 'POST',
      path: '/api/register',
      keys: ['email', 'password', 'confirmPassword', 'firstName', 'lastName'],
      template: () => ({ email: `fuzz.${Date.now()}${Math.random().toString(36).slice(2, 6)}@escola.rs.gov.br`, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'A', lastName: 'B' }),
      legit: (s) => valid(registerSchema, s.body),
      ownSession: true,
      numRuns: 25,
    },
    { method: 'POST', path: '/api/auth/forgot-password', keys: ['email'], template: () => ({ email: 'ninguem.fuzz@escola.rs.gov.br' }), legit: (s) => valid(forgotPasswordSchema, s.body) },
    { method: 'POST', path: '/api/auth/validate-reset-token', keys: ['token'], template: () => ({ token: 'nao-existe' }), legit: () => false, numRuns: 25 },
    { method: 'POST', path: '/api/auth/reset-password', keys: ['token', 'newPassword'], template: () => ({ token: 'nao-existe', newPassword: 'nova-senha-123' }), legit: () => false, numRuns: 15 },
    { method: 'GET', path: '/api/user/stats', legit: (s) => s.signedIn },
    { method: 'GET', path: '/api/turmas', legit: (s) => s.signedIn },
    { method: 'POST', path: '/api/turmas', keys: Object.keys(turmaInput()), template: () => turmaInput(), legit: teacherWith(turmaSchema) },
    {
      method: 'PUT',
      path: '/api/turmas/:id',
      keys: Object.keys(turmaInput()),
      template: () => turmaInput(),
      realParams: () => [fx.turmaId],
      legit: (s) => s.signedIn && isReal(s.params[0], fx.turmaId) && valid(turmaSchema, s.body),
    },
    { method: 'DELETE', path: '/api/turmas/:id', legit: () => false },
    { method: 'POST', path: '/api/feedback', keys: ['rating', 'comment'], template: () => ({ rating: 4, comment: 'Bom' }), legit: teacherWith(feedbackSchema) },
    {
      method: 'POST',
      path: '/api/logs/frontend-error',
      keys: Object.keys(frontendErrorSchema.shape),
      template: () => ({ message: 'Boom', stack: 'at x', url: 'http://localhost/', userAgent: 'fuzz' }),
      legit: (s) => valid(frontendErrorSchema, s.body),
      numRuns: 25,
    },
    { method: 'GET', path: '/api/planos', legit: (s) => s.signedIn },
    { method: 'GET', path: '/api/planos/:id', realParams: () => [fx.plan.id], legit: (s) => s.signedIn && isReal(s.params[0], fx.plan.id) },
    {
      method: 'PUT',
      path: '/api/planos/:id',
      keys: ['status', 'aulas'],
      template: () => ({ status: 'salvo', aulas: fx.plan.aulas.map((a) => ({ ...a })) }),
      realParams: () => [fx.plan.id],
      legit: (s) => s.signedIn && isReal(s.params[0], fx.plan.id) && valid(updatePlanoSchema, s.body),
      numRuns: 45,
    },
    { method: 'DELETE', path: '/api/planos/:id', legit: () => false },
    { method: 'GET', path: '/api/planos/:id/export', realParams: () => [fx.plan.id], legit: (s) => s.signedIn && isReal(s.params[0], fx.plan.id), numRuns: 30 },
    {
      method: 'POST',
      path: '/api/planos/generate',
      keys: ['temaPrincipal', 'turmaId', 'materiaGeral', 'limitOneSkill', 'preferirSeduc', 'nivelDetalhamento', 'aulas'],
      template: () => ({
        temaPrincipal: 'Matemática',
        turmaId: fx.turmaId,
        materiaGeral: 'matematica',
        nivelDetalhamento: 3,
        aulas: [{ numeroAula: 1, materia: 'matematica', prompt: 'Frações' }],
      }),
      legit: teacherWith(generatePlanoSchema),
      after2xx: waitForGeneratedPlan,
      numRuns: 40,
    },
    {
      method: 'GET',
      path: '/api/matriz/:turma/:materia',
      realParams: () => [fx.turmaId, fx.turmaNumero, 'matematica', 'ingles'],
      // Any class of the teacher's may be named by number (classes made by earlier runs too); owners are the ownership spec's.
      legit: (s) => s.signedIn && materiaSchema.safeParse(s.params[1]).success,
    },
    { method: 'GET', path: '/api/habilidades', legit: (s) => s.signedIn && habilidadesQuerySchema.safeParse(s.query).success },
    {
      method: 'POST',
      path: '/admin/email-sender',
      keys: ['toBulk', 'ccBulk', 'bccBulk', 'to', 'cc', 'bcc', 'subject', 'html', 'text'],
      template: () => ({ toBulk: 'destino@escola.rs.gov.br', ccBulk: 'copia@escola.rs.gov.br', subject: 'Assunto', html: '<p>Oi</p>', text: 'Oi' }),
      legit: (s) => s.admin && valid(emailSenderSchema, s.body),
      admins: true,
    },
    { method: 'GET', path: '/api/admin/email-logs', legit: (s) => s.admin, admins: true },
  ];

  function buildRequest(route: Route, who: Who, session: string, params: string[], query: string, rawBody: string | undefined, h: HeaderChoice): Sent {
    const headers: Record<string, string> = {};
    if (route.method !== 'GET' && rawBody !== undefined) headers['content-type'] = h.contentType ?? 'application/json';
    else if (h.contentType !== null) headers['content-type'] = h.contentType;
    if (h.contentEncoding) headers['content-encoding'] = h.contentEncoding;
    if (h.idempotencyKey !== null) headers['idempotency-key'] = h.idempotencyKey;
    if (h.accept) headers.accept = h.accept;
    if (h.origin) headers.origin = h.origin;
    const sessionCookie = who === 'teacher' ? session : who === 'admin' ? fx.adminCookie : '';
    // A bad cookie either replaces the session cookie or comes beside it.
    if (h.cookie !== null) headers.cookie = h.cookie.startsWith('planejador.sid') || !sessionCookie ? h.cookie : `${sessionCookie}; ${h.cookie}`;
    else if (sessionCookie) headers.cookie = sessionCookie;
    return { who, session: sessionCookie, params, query, body: route.method === 'GET' ? undefined : rawBody, headers };
  }

  /**
   * What the server may have seen. Permissive on purpose: the body counts as parsed whatever the headers say
   * (a refusal always passes; only a 2xx for an input no reading of the request makes valid fails).
   */
  function seenBy(sent: Sent): Seen {
    const signedIn = !!sent.session && (sent.headers.cookie?.includes(sent.session) ?? false);
    return {
      signedIn,
      admin: signedIn && sent.who === 'admin',
      params: sent.params.map(safeDecode),
      query: { ...parseQuery(sent.query.replace(/^\?/, '')) },
      body: tryJson(sent.body),
    };
  }

  async function send(route: Route, sent: Sent) {
    const res = await fetch(`${api.url}${fill(route.path, sent.params)}${sent.query}`, {
      method: route.method,
      headers: sent.headers,
      body: sent.body,
      redirect: 'manual',
    });
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
  }

  function describeCase(route: Route, sent: Sent, answer: { status: number; text: string }) {
    const body = sent.body && sent.body.length > 300 ? `${sent.body.slice(0, 300)}… (${sent.body.length} chars)` : sent.body;
    const headers = { ...sent.headers, cookie: sent.session ? sent.headers.cookie?.replace(sent.session, '<session>') : sent.headers.cookie };
    return `${route.method} ${fill(route.path, sent.params).slice(0, 300)}${sent.query.slice(0, 200)} as ${sent.who}\nheaders ${JSON.stringify(headers)}\nbody ${JSON.stringify(body)}\n-> ${answer.status} ${answer.text.slice(0, 500)}`;
  }

  /** A new session of the teacher, through the login route. */
  const freshSession = async () => {
    const login = await fetch(`${api.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: fx.teacherEmail, password: PASSWORD }) });
    return login.headers.getSetCookie().find((c) => c.startsWith('planejador.sid='))!.split(';')[0];
  };

  const usersWithEmail = async (body: unknown) => {
    const email = (body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') return 0;
    const [{ count }] = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ count: number }[]>(`select count(*)::int as count from users where email = lower(trim(?))`, [email.replaceAll('\u0000', '')]);
    return count;
  };

  async function check(route: Route, sent: Sent, statuses: number[]): Promise<number> {
    const usersBefore = route.path === '/api/register' ? await usersWithEmail(seenBy(sent).body) : 0;
    const answer = await send(route, sent);
    statuses.push(answer.status);
    const seen = seenBy(sent);
    const fail = (why: string) => {
      throw new Error(`${why}\n${describeCase(route, sent, answer)}`);
    };
    if (answer.status >= 500) fail('server error');
    if (answer.status < 400) {
      if (answer.status < 200 || answer.status >= 300) fail('not a 2xx or 4xx');
      if (!(route.legit?.(seen) ?? false)) fail('2xx for an input the route must refuse');
      if (answer.status !== 204 && !route.path.endsWith('/export') && !answer.contentType.includes('application/json')) fail('2xx that is not JSON');
      await route.after2xx?.(answer.text);
      baseline = await snapshot();
      return answer.status;
    }
    if (!answer.contentType.includes('application/json')) fail('error answer is not JSON');
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      fail('error answer does not parse as JSON');
    }
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message !== 'string' || message.length === 0) fail('error answer without a string message');
    if (STACK_TRACE.test(answer.text)) fail('error answer shows internals');
    const now = await snapshot();
    if (JSON.stringify(now) !== JSON.stringify(baseline)) fail(`a refused request changed the teacher's data:\n${JSON.stringify(baseline)}\n${JSON.stringify(now)}`);
    if (route.path === '/api/register' && (await usersWithEmail(seen.body)) !== usersBefore) fail('a refused registration created a user');
    return answer.status;
  }

  const noHeaders: HeaderChoice = { contentType: null, contentEncoding: null, idempotencyKey: null, cookie: null, accept: null, origin: null };

  /** Inputs that broke servers before, tried on every run besides the random ones: each field of a valid body set to them. */
  function knownBad(route: Route, paramCount: number, real: string[] | undefined): [Who, string[], string, string | undefined, HeaderChoice][] {
    const who: Who = route.admins ? 'admin' : 'teacher';
    const params = Array.from({ length: paramCount }, (_, i) => real?.[i] ?? '00000000-0000-4000-8000-000000000000');
    const examples: [Who, string[], string, string | undefined, HeaderChoice][] = [
      [who, params, '?q=%00&ano=5&materia=matematica', undefined, noHeaders],
      [who, params, '?%ff=%ff', undefined, noHeaders],
      // Over Node's 16 KB header limit: refused by the HTTP parser, before the app.
      [who, params, `?q=${'a'.repeat(20_000)}`, undefined, noHeaders],
      [who, params, '', undefined, { ...noHeaders, cookie: `outro=${'b'.repeat(20_000)}` }],
      [who, params, '', '[' + '['.repeat(60_000) + ']'.repeat(60_000) + ']', noHeaders],
    ];
    // Each path parameter in turn set to a NUL or to an invalid percent-encoding, the others real.
    params.forEach((_, i) => {
      for (const bad of ['%00', 'a%00b', '%ff', '%E0%A4%A']) examples.push([who, params.map((p, j) => (j === i ? bad : p)), '', undefined, noHeaders]);
    });
    if (route.method === 'GET' || !route.template) return examples;
    const template = route.template;
    for (const key of allKeys(template())) {
      for (const bad of ['a\u0000b', 'a\uD800b', `{"__proto__":1}`]) {
        examples.push([who, params, '', JSON.stringify(deepReplace(template(), key, bad)), noHeaders]);
      }
      const nested = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      examples.push([who, params, '', JSON.stringify(deepReplace(template(), key, '<nested>')).replaceAll('"<nested>"', nested), noHeaders]);
    }
    return examples;
  }

  it.each(
    [
      'GET /api/auth/user',
      'POST /api/login',
      'POST /api/register',
      'POST /api/auth/forgot-password',
      'POST /api/auth/validate-reset-token',
      'POST /api/auth/reset-password',
      'GET /api/user/stats',
      'GET /api/turmas',
      'POST /api/turmas',
      'PUT /api/turmas/:id',
      'DELETE /api/turmas/:id',
      'POST /api/feedback',
      'POST /api/logs/frontend-error',
      'GET /api/planos',
      'GET /api/planos/:id',
      'PUT /api/planos/:id',
      'DELETE /api/planos/:id',
      'GET /api/planos/:id/export',
      'POST /api/planos/generate',
      'GET /api/matriz/:turma/:materia',
      'GET /api/habilidades',
      'POST /admin/email-sender',
      'GET /api/admin/email-logs',
    ].map((name) => [name]),
  )('%s', async (name) => {
    const route = routes().find((r) => `${r.method} ${r.path}` === name)!;
    const paramCount = (route.path.match(/:[a-z]+/g) ?? []).length;
    const real = route.method === 'DELETE' ? undefined : route.realParams?.();
    const statuses: number[] = [];
    let ownSession = route.ownSession ? await freshSession() : '';
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 3, arbitrary: fc.constant<Who>(route.admins ? 'admin' : 'teacher') },
          { weight: 1, arbitrary: fc.constant<Who>('teacher') },
          { weight: 1, arbitrary: fc.constant<Who>('anonymous') },
        ),
        fc.array(paramArbitrary(real), { minLength: paramCount, maxLength: paramCount }),
        queryArbitrary,
        route.method === 'GET' ? fc.constant(undefined) : fc.option(bodyArbitrary(route), { freq: 8, nil: undefined }),
        headerArbitrary,
        async (who, params, query, body, headers) => {
          const session = route.ownSession ? ownSession : fx.cookie;
          const status = await check(route, buildRequest(route, who, session, params, query, body, headers), statuses);
          // A successful sign-up replaced that session with the new user's.
          if (route.ownSession && who === 'teacher' && status < 300) ownSession = await freshSession();
        },
      ),
      { numRuns: route.numRuns ?? RUNS, endOnFailure: true, examples: knownBad(route, paramCount, real) },
    );
    // The generators are useful only if many inputs get past the session and origin checks.
    const pastTheDoor = statuses.filter((s) => s !== 401 && s !== 403).length;
    expect(pastTheDoor).toBeGreaterThan(statuses.length / 4);
  });

  it('POST /api/logout', async () => {
    // Logging out ends the session it is sent with: each signed-in run uses a session of its own.
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.option(bodyArbitrary({ method: 'POST', path: '/api/logout' }), { nil: undefined }), headerArbitrary, async (signedIn, body, h) => {
        const cookie = signedIn ? await freshSession() : '';
        const headers: Record<string, string> = { 'content-type': h.contentType ?? 'application/json' };
        if (h.contentEncoding) headers['content-encoding'] = h.contentEncoding;
        if (h.origin) headers.origin = h.origin;
        headers.cookie = [cookie, h.cookie].filter(Boolean).join('; ');
        const res = await fetch(`${api.url}/api/logout`, { method: 'POST', headers, body });
        const text = await res.text();
        const where = `POST /api/logout ${JSON.stringify(headers)} ${JSON.stringify(body?.slice(0, 200))} -> ${res.status} ${text.slice(0, 300)}`;
        if (res.status === 204) return;
        if (res.status < 400 || res.status >= 500) throw new Error(`unexpected status: ${where}`);
        const parsed = tryJson(text) as { message?: unknown } | undefined;
        if (typeof parsed?.message !== 'string' || STACK_TRACE.test(text)) throw new Error(`bad error answer: ${where}`);
      }),
      { numRuns: 10, endOnFailure: true },
    );
    // The teacher's own session survived all of it.
    expect((await api.client({ cookie: fx.cookie }).get('/api/auth/user')).status).toBe(200);
  });

  it('nothing polluted Object.prototype and no one became an admin', async () => {
    const probe: Record<string, unknown> = {};
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect([probe.role, probe.isAdmin, probe.credits, probe.userId]).toEqual([undefined, undefined, undefined, undefined]);
    const me = await api.client({ cookie: fx.cookie }).get<{ role: string; credits: number }>('/api/auth/user');
    expect(me.body.role).toBe('teacher');
    const [{ count }] = await api.orm.em.fork().getConnection().execute<{ count: number }[]>(`select count(*)::int as count from users where role = 'admin' and email like 'fuzz.%'`);
    expect(count).toBe(0);
  });
});
