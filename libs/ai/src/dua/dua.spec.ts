import { BARREIRAS, DUA_PRINCIPIOS, duaSchema } from '@planejador/contracts';
import { fractionAnswer, fractionLesson, FRACTION_SKILLS } from '../__tests__/lesson-context.fixture';
import { OfflineLessonDrafter } from '../offline-drafter';
import { buildAnswerJsonSchema, parseLessonAnswer } from '../lesson-answer';
import { buildLessonMessages } from '../lesson-prompt';
import { adaptActivities, averageSentenceWords, glossaryTerms, readableAdaptation, shortenSentence } from './adapt-activities';
import { activityTags, chooseStrategy, offlineDua } from './dua-choice';
import { DUA_TABLE } from './dua-table';

const drafter = new OfflineLessonDrafter();

describe('the DUA reference table', () => {
  it('has, for every barreira and principle, a first strategy for any lesson and only {tema} as placeholder', () => {
    for (const barreira of BARREIRAS) {
      for (const principio of DUA_PRINCIPIOS) {
        const strategies = DUA_TABLE[barreira][principio];
        expect(strategies.length).toBeGreaterThan(0);
        expect(strategies[0].tags).toEqual([]);
        for (const s of strategies) {
          expect(s.texto).toContain('{tema}');
          expect(s.texto.replaceAll('{tema}', '')).not.toMatch(/[{}]/u);
          expect(s.texto.length).toBeLessThanOrEqual(200);
        }
      }
    }
  });
});

describe('offline choice of DUA strategies', () => {
  it('names the kinds of activity a lesson text holds', () => {
    const tags = activityTags('Em duplas, resolver problemas de fração com material dourado e registrar no caderno');
    expect([...tags.keys()]).toEqual(expect.arrayContaining(['calculo', 'grupo', 'escrita', 'experimento']));
    expect(tags.has('video')).toBe(false);
  });

  it('picks the strategy whose tags the activity names most, else the first (any lesson)', () => {
    const reading = DUA_TABLE.leitura.representacao;
    expect(chooseStrategy(reading, activityTags('Leitura do conto e conversa sobre o texto'))).toBe(reading.find((s) => s.tags.includes('texto')));
    expect(chooseStrategy(reading, activityTags('Resolver problemas de divisão e multiplicação'))).toBe(reading.find((s) => s.tags.includes('calculo')));
    expect(chooseStrategy(reading, activityTags('Aula sobre o bairro'))).toBe(reading[0]);
  });

  it('passes over the strategies a lesson already holds while the table has others', () => {
    const list = DUA_TABLE.atencao.engajamento;
    const first = chooseStrategy(list, new Map());
    expect(chooseStrategy(list, new Map(), (s) => s === first)).not.toBe(first);
    expect(chooseStrategy([first], new Map(), (s) => s === first)).toBe(first);
  });

  it('gives one strategy per barreira and principle, labelled and tied to the lesson title; none without barreiras', () => {
    const dua = offlineDua(['leitura', 'audicao-libras'], 'Assistir a um vídeo sobre frações e discutir em grupos', 'Frações no dia a dia')!;
    expect(duaSchema.safeParse(dua).success).toBe(true);
    for (const principio of DUA_PRINCIPIOS) {
      expect(dua[principio]).toHaveLength(2);
      expect(dua[principio][0]).toMatch(/^Leitura: /u);
      expect(dua[principio][1]).toMatch(/^Audição e Libras: /u);
      for (const s of dua[principio]) expect(s).toContain('"Frações no dia a dia"');
    }
    expect(dua.representacao[1]).toContain('legenda');
    expect(offlineDua([], 'qualquer', 'Tema')).toBeNull();
  });

  it('the drafter writes dua for a class with barreiras, none without, and a dua regeneration offers other strategies', async () => {
    const withBarreiras = await drafter.generate(fractionLesson({ turma: { barreiras: ['atencao'] } }));
    expect(duaSchema.safeParse(withBarreiras.dua).success).toBe(true);
    expect((await drafter.generate(fractionLesson())).dua).toBeNull();
    const again = await drafter.generate(
      fractionLesson({ turma: { barreiras: ['atencao'] }, regeneration: { campo: 'dua', currentDua: withBarreiras.dua } }),
    );
    expect(again.dua!.engajamento).not.toEqual(withBarreiras.dua!.engajamento);
  });
});

describe('offline adaptation of the activities', () => {
  const long =
    '1. Acolhida e problematização: apresentar o tema da aula, "Frações no dia a dia", e perguntar à turma o que já sabe sobre frações, registrando as ideias no quadro.\n' +
    '2. Desenvolvimento: em grupos, os estudantes dividem uma pizza de papel em partes iguais, comparam os pedaços e escrevem a fração de cada parte enquanto o professor circula pelos grupos.';

  it('cuts a long sentence at clause boundaries, never inside quotes or parentheses', () => {
    const parts = shortenSentence('Apresentar o tema "Frações e decimais no mercado", perguntar o que a turma sabe (em roda, com cartões) e registrar no quadro as ideias.');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join(' ')).toContain('"Frações e decimais no mercado"');
    expect(parts.join(' ')).toContain('(em roda, com cartões)');
    for (const p of parts) expect(p).toMatch(/^[\p{Lu}"(]/u);
  });

  it('for leitura: short sentences, the supports, a glossary from the skill text; the same steps', () => {
    const { experiencias: text, nota } = adaptActivities({ barreira: 'leitura', experiencias: long, skills: [FRACTION_SKILLS[0]] });
    expect(averageSentenceWords(text)).toBeLessThanOrEqual(12);
    expect(averageSentenceWords(long)).toBeGreaterThan(12);
    expect(text).toMatch(/^1\. Acolhida/mu);
    expect(text).toMatch(/^2\. Desenvolvimento/mu);
    expect(text).toContain('Apoios para Leitura:');
    expect(text).toContain('Glossário');
    expect(text).toContain(FRACTION_SKILLS[0].code);
    // How it was made is a note for the teacher, never inside the text a document prints.
    expect(text).not.toContain('sem IA');
    expect(nota).toBe('Adaptação para Leitura, feita sem IA. Revise antes de usar.');
  });

  it('for audição e Libras: visual support on each step and a glossary to agree signs; adapting again does not pile up', () => {
    const text = adaptActivities({ barreira: 'audicao-libras', experiencias: long, skills: [FRACTION_SKILLS[0]] }).experiencias;
    expect(text.match(/Apoio visual/gu)).toHaveLength(2);
    expect(text).toContain('Combine um sinal');
    const twice = adaptActivities({ barreira: 'audicao-libras', experiencias: text, skills: [FRACTION_SKILLS[0]] }).experiencias;
    expect(twice.match(/Apoios para/gu)).toHaveLength(1);
    expect(twice.match(/Apoio visual/gu)).toHaveLength(2);
  });

  it('glossary terms come from the skills and favour words the activity uses', () => {
    const terms = glossaryTerms([FRACTION_SKILLS[0]], 'Representar frações na reta numérica');
    expect(terms.length).toBeGreaterThan(0);
    for (const t of terms) expect(`${FRACTION_SKILLS[0].description} ${FRACTION_SKILLS[0].knowledgeObjects.join(' ')}`.toLowerCase()).toContain(t.termo);
  });

  it('the drafter adapts the current activities, keeps the skills and keeps a wish as a note', async () => {
    const ctx = fractionLesson({
      pinned: [FRACTION_SKILLS[0]],
      regeneration: { campo: 'experiencias', adaptacao: 'leitura', instrucao: 'com imagens', current: { experiencias: long } },
    });
    const draft = await drafter.generate(ctx);
    expect(draft.habilidadeCodes).toEqual([FRACTION_SKILLS[0].code]);
    expect(draft.nota).toBe('Adaptação para Leitura, feita sem IA. Revise antes de usar.\nNota do professor, registrada sem IA e não aplicada: Com imagens.');
    expect(draft.experiencias).not.toContain('sem IA');
    expect(draft.experiencias).toContain('pizza de papel');
  });
});

describe('the AI request asks for dua only when the class has barreiras', () => {
  it('schema and prompt', () => {
    const plain = fractionLesson();
    const withBarreiras = fractionLesson({ turma: { barreiras: ['leitura'] } });
    expect((buildAnswerJsonSchema(plain).properties as Record<string, unknown>).dua).toBeUndefined();
    expect((buildAnswerJsonSchema(withBarreiras).properties as Record<string, unknown>).dua).toBeDefined();
    expect(buildAnswerJsonSchema(withBarreiras).required).toContain('dua');
    expect(buildLessonMessages(plain)[1].content).not.toContain('Barreiras da turma');
    expect(buildLessonMessages(withBarreiras)[1].content).toContain('Barreiras da turma');
    const adapt = fractionLesson({ turma: { barreiras: ['leitura'] }, regeneration: { campo: 'experiencias', adaptacao: 'audicao-libras' } });
    expect(buildLessonMessages(adapt)[1].content).toContain('para a barreira Audição e Libras');
  });
});

describe("the AI's DUA strategies", () => {
  const ctx = fractionLesson({ turma: { barreiras: ['leitura'] } });
  const answer = (dua: Record<string, string[]>) => JSON.stringify(fractionAnswer({ dua }));

  it('are trimmed, an empty or repeated one dropped; a principle left with none is asked again', () => {
    const parsed = parseLessonAnswer(answer({ representacao: ['  Ler em voz alta. ', 'Ler em voz alta.', ' '], acaoExpressao: ['Responder por desenho.'], engajamento: ['Começar por uma imagem.'] }), ctx);
    expect(parsed.dua).toEqual({ representacao: ['Ler em voz alta.'], acaoExpressao: ['Responder por desenho.'], engajamento: ['Começar por uma imagem.'] });
    expect(() => parseLessonAnswer(answer({ representacao: ['', '  '], acaoExpressao: ['Responder por desenho.'], engajamento: ['Começar por uma imagem.'] }), ctx)).toThrow(
      expect.objectContaining({ kind: 'schema', retryable: true }),
    );
  });
});

describe('an AI adaptation for leitura that reads too long', () => {
  it('is cut into short sentences in years 1 to 5 only, and only when above the bound', () => {
    const long = '1. Desenvolvimento: os estudantes leem o texto sobre frações em duplas, sublinham as palavras desconhecidas e depois explicam para a turma o que entenderam da leitura.';
    const cut = readableAdaptation(long, 'leitura', '3');
    expect(averageSentenceWords(cut)).toBeLessThanOrEqual(12);
    expect(cut.startsWith('1. ')).toBe(true);
    expect(readableAdaptation(long, 'leitura', '7')).toBe(long);
    expect(readableAdaptation(long, 'visao', '3')).toBe(long);
    expect(readableAdaptation('1. Ler o texto em dupla.', 'leitura', '3')).toBe('1. Ler o texto em dupla.');
  });
});
