// A teacher's first minutes against a running Planejador: register, add a class, generate a plan (offline
// drafter), wait until it is written, export it as .docx. Used by .ci/fresh-clone on `npm start` of a fresh clone.
// Usage: node .ci/smoke.mjs http://127.0.0.1:PORT
const base = process.argv[2];
if (!base) throw new Error('usage: node .ci/smoke.mjs BASE_URL');
let cookie = '';

async function call(method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = res.headers.getSetCookie?.() ?? [];
  if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
  return res;
}

async function json(method, path, body, expected) {
  const res = await call(method, path, body);
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

const step = (text) => console.log(`[smoke] ${text}`);

const page = await fetch(base + '/');
const html = await page.text();
if (page.status !== 200 || !html.includes('<div id="root"')) throw new Error(`GET / did not serve the web app (${page.status})`);
step('GET / serves the web app');

const email = `professora.${Date.now()}@escola.rs.gov.br`;
await json('POST', '/api/register', { email, password: 'segredo123', confirmPassword: 'segredo123', firstName: 'Ana' }, [200, 201]);
await json('POST', '/api/login', { email, password: 'segredo123' }, [200, 201]);
step(`registered and signed in as ${email}`);

const turma = await json(
  'POST',
  '/api/turmas',
  { nomeProfessor: 'Ana Souza', numero: '51', escola: 'EEEF Fresh Clone', ano: '5', estado: 'RS', instituicao: 'SEDUC-RS_2025' },
  [200, 201],
);
const { id } = await json(
  'POST',
  '/api/planos/generate',
  {
    temaPrincipal: 'Frações no dia a dia',
    turmaId: turma.id,
    materiaGeral: 'matematica',
    aulas: [
      { numeroAula: 1, materia: 'matematica', prompt: 'dividir uma pizza de papel em partes iguais' },
      { numeroAula: 2, materia: 'matematica', prompt: 'comparar frações com tiras coloridas' },
    ],
  },
  [202],
);
step(`plan ${id} queued`);

const deadline = Date.now() + 120_000;
let plano;
for (;;) {
  plano = await json('GET', `/api/planos/${id}`, undefined, [200]);
  if (plano.generation.state === 'done' || plano.generation.state === 'failed') break;
  if (Date.now() > deadline) throw new Error(`plan still ${plano.generation.state} after 120 s`);
  await new Promise((resolve) => setTimeout(resolve, 500));
}
if (plano.generation.state !== 'done') throw new Error(`plan ended ${plano.generation.state}: ${plano.generation.error}`);
if (!plano.aulas.every((a) => /EF05MA/.test(a.habilidades ?? ''))) throw new Error('a lesson cites no 5º ano Matemática skill');
step(`plan written (${plano.aulas.length} lessons, generator ${plano.generator})`);

const file = await call('GET', `/api/planos/${id}/export`);
const bytes = Buffer.from(await file.arrayBuffer());
if (file.status !== 200 || bytes.subarray(0, 2).toString() !== 'PK') throw new Error(`export answered ${file.status}`);
step(`exported ${bytes.length} bytes (${file.headers.get('content-disposition')})`);
console.log('[smoke] ok');
