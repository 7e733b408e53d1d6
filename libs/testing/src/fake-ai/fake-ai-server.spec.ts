import { waitFor } from '../wait';
import { startFakeAi, type FakeAi } from './fake-ai-server';

let fake: FakeAi;
beforeAll(async () => {
  fake = await startFakeAi();
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

const schema = {
  type: 'object',
  properties: {
    habilidades: { type: 'array', items: { type: 'string', enum: ['EF05MA03', 'EF05MA04', 'EF05MA05'] }, minItems: 2, maxItems: 3 },
    objetivos: { type: 'string' },
    nivel: { type: 'integer', minimum: 1 },
  },
  required: ['habilidades', 'objetivos', 'nivel'],
  additionalProperties: false,
};

function chat(content: string, withSchema = true): Promise<Response> {
  return fetch(`${fake.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer test' },
    body: JSON.stringify({
      model: 'modelo-x',
      messages: [{ role: 'user', content }],
      ...(withSchema ? { response_format: { type: 'json_schema', json_schema: { name: 'plano', strict: true, schema } } } : {}),
    }),
  });
}

type Completion = { model: string; object: string; choices: { message: { content: string }; finish_reason: string }[] };

async function content(response: Response): Promise<string> {
  const body = (await response.json()) as Completion;
  return body.choices[0].message.content;
}

describe('fake AI server', () => {
  it('answers a chat.completion that follows the requested schema', async () => {
    const response = await chat('Aula 1\n"""\nFrações com pizza de papel\n"""');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Completion;
    expect(body).toMatchObject({ object: 'chat.completion', model: 'modelo-x', choices: [{ finish_reason: 'stop' }] });
    const answer = JSON.parse(body.choices[0].message.content) as Record<string, unknown>;
    expect(answer).toEqual({
      habilidades: ['EF05MA03', 'EF05MA04'],
      objetivos: 'Texto de teste para "objetivos" da aula: Frações com pizza de papel',
      nivel: 1,
    });
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({ path: '/v1/chat/completions', authorization: true, outcome: 'answer' });
  });

  it('lists a model', async () => {
    const response = await fetch(`${fake.url}/models`);
    expect(await response.json()).toMatchObject({ object: 'list', data: [{ id: 'fake-model' }] });
  });

  it('plays scripted steps in order, then falls back to the default answer', async () => {
    fake.script(
      { status: 429, headers: { 'retry-after': '3' } },
      { status: 500, times: 2 },
      { badJson: true },
      { content: { habilidades: ['EF99XX99'] } },
    );
    const first = await chat('a');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('3');
    expect(await first.json()).toMatchObject({ error: { type: 'rate_limit_exceeded' } });
    expect((await chat('b')).status).toBe(500);
    expect((await chat('c')).status).toBe(500);
    await expect(content(await chat('d')).then((c) => JSON.parse(c))).rejects.toThrow(SyntaxError);
    // A scripted object is completed to the request's schema with the default answer's other fields.
    expect(JSON.parse(await content(await chat('e')))).toEqual({ habilidades: ['EF99XX99'], objetivos: 'Texto de teste para "objetivos" da aula: e', nivel: 1 });
    expect((await chat('f')).status).toBe(200);
    expect(fake.calls.map((c) => c.outcome)).toEqual(['status 429', 'status 500', 'status 500', 'bad-json', 'content', 'answer']);
    expect(fake.pendingSteps()).toEqual([]);
  });

  it("matches a lesson's own request, not the plan's lesson list every lesson's request carries", async () => {
    fake.script({ match: 'Frações com pizza', status: 503 });
    const list = 'Aulas do plano (2, em ordem). Você escreve somente a Aula 2:\n- Aula 1: Frações com pizza\n- Aula 2 (esta aula): Medidas\n\nHabilidades';
    const other = await chat(`Aula 2\n\"\"\"\nMedidas\n\"\"\"\n${list}`);
    expect(other.status).toBe(200);
    expect(fake.calls[0].text).not.toContain('Frações com pizza');
    expect(fake.calls[0].text).toContain('Habilidades');
    expect((await chat('Aula 1\n\"\"\"\nFrações com pizza\n\"\"\"')).status).toBe(503);
  });

  it('gives each alternative of a list its own text, so a verificação is valid', async () => {
    const withList = { type: 'object', properties: { alternativas: { type: 'array', items: { type: 'string' }, minItems: 4 } }, required: ['alternativas'] };
    const response = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }], response_format: { type: 'json_schema', json_schema: { name: 'v', schema: withList } } }),
    });
    const { alternativas } = JSON.parse(await content(response)) as { alternativas: string[] };
    expect(new Set(alternativas).size).toBe(4);
  });

  it('answers the first branch of an anyOf, with its const, and 4 distinct alternatives', async () => {
    const questao = {
      anyOf: [
        {
          type: 'object',
          properties: {
            tipo: { type: 'string', const: 'multipla' },
            alternativas: { type: 'array', items: { type: 'string' }, minItems: 4, maxItems: 4 },
            correta: { type: 'integer', minimum: 0, maximum: 3 },
          },
          required: ['tipo', 'alternativas', 'correta'],
          additionalProperties: false,
        },
        { type: 'object', properties: { tipo: { type: 'string', const: 'aberta' } }, required: ['tipo'], additionalProperties: false },
      ],
    };
    const withChoice = { type: 'object', properties: { questoes: { type: 'array', items: questao, minItems: 2, maxItems: 2 } }, required: ['questoes'] };
    const response = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }], response_format: { type: 'json_schema', json_schema: { name: 'v', schema: withChoice } } }),
    });
    const { questoes } = JSON.parse(await content(response)) as { questoes: { tipo: string; alternativas: string[]; correta: number }[] };
    expect(questoes).toHaveLength(2);
    for (const q of questoes) {
      expect(q).toMatchObject({ tipo: 'multipla', correta: 0 });
      expect(new Set(q.alternativas).size).toBe(4);
    }
  });

  it('applies a matching step only to calls whose messages contain its text', async () => {
    fake.script({ match: 'Aula 2', status: 503 });
    const [one, two, three] = await Promise.all([chat('Aula 1'), chat('Aula 2'), chat('Aula 3')]);
    expect([one.status, two.status, three.status]).toEqual([200, 503, 200]);
  });

  it('delays answers by the latency and a step delay', async () => {
    fake.setLatency(100);
    fake.script({ delayMs: 100 });
    const started = Date.now();
    await chat('lenta');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('holds an answer until release(), then answers every held call and later ones at once', async () => {
    fake.script({ match: 'retida', hold: true, times: 2 });
    let answered = false;
    const first = chat('retida 1').then((response) => {
      answered = true;
      return response;
    });
    await waitFor(() => fake.calls.some((c) => c.text.includes('retida 1')), { intervalMs: 10, what: 'the held call' });
    expect((await chat('livre')).status).toBe(200);
    expect(answered).toBe(false);
    fake.release();
    expect((await first).status).toBe(200);
    expect((await chat('retida 2')).status).toBe(200);
    expect(fake.calls.map((c) => c.outcome)).toEqual(['answer', 'answer', 'answer']);
  });

  it('hangs until the client gives up, and still closes', async () => {
    const other = await startFakeAi();
    other.script({ hang: true });
    const request = fetch(`${other.url}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }] }),
      signal: AbortSignal.timeout(150),
    });
    await expect(request).rejects.toThrow();
    expect(other.calls[0].outcome).toBe('hang');
    await other.close();
  });

  it('is scriptable over HTTP for servers started by the CLI', async () => {
    const base = fake.url.replace(/\/v1$/, '');
    await fetch(`${base}/__fake/script`, {
      method: 'POST',
      body: JSON.stringify([{ match: 'Aula 9', status: 429 }]),
    });
    expect((await chat('Aula 9')).status).toBe(429);
    const calls = (await (await fetch(`${base}/__fake/calls`)).json()) as { outcome: string }[];
    expect(calls.map((c) => c.outcome)).toEqual(['status 429']);
    await fetch(`${base}/__fake/reset`, { method: 'POST' });
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses a request without messages, like the real API', async () => {
    const response = await fetch(`${fake.url}/chat/completions`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(400);
  });
});
