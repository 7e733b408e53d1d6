import { bandReadability, BANK_THRESHOLDS, checkSkillItems, fleschPt, longestSharedRun, type BankItem, type BankSkill } from './bank-rules';
import { curriculumSkills } from './cli';
import { checkBank, readBankFiles } from './question-bank';

/**
 * The question bank's validator (issue 37; decisions.md, "Questions that check"), run by `npm test` over every file
 * of libs/curriculum/data/question-bank: each skill's items by the rules of bank-rules.ts, readability per band, and
 * how much of the curriculum the bank covers.
 */

const skills = curriculumSkills();
const bank = readBankFiles();

describe('the question bank', () => {
  it('passes every rule: counts, 4 distinct alternatives with the key among them, no copy of the skill, no restating, length and readability for the year', () => {
    expect(checkBank(bank, skills)).toEqual([]);
  });

  it("reads, on average per band, at least the band's Flesch ease", () => {
    const byCode = new Map(skills.map((s) => [s.code, s]));
    const entries = [...bank.items].filter(([code]) => byCode.has(code)).map(([code, items]) => ({ skill: byCode.get(code)!, items }));
    for (const [band, r] of Object.entries(bandReadability(entries))) {
      expect({ band, average: Math.round(r!.average) >= BANK_THRESHOLDS[band as keyof typeof BANK_THRESHOLDS].fleschAverage }).toEqual({ band, average: true });
    }
  });

  it('covers every skill and objective of the curriculum, per stage and subject', () => {
    expect(skills.filter((s) => !bank.items.has(s.code)).map((s) => s.code)).toEqual([]);
    // The counts the contract names: 1,304 EF, 183 EM and 130 Computação skills of fundamental and médio, 104 infantil
    // objectives (11 of them Computação), each with at least 3 items.
    const count = (pick: (s: BankSkill) => boolean) => skills.filter((s) => pick(s) && (bank.items.get(s.code)?.length ?? 0) >= 3).length;
    expect({
      fundamental: count((s) => s.etapa === 'fundamental' && s.component !== 'computacao'),
      medio: count((s) => s.etapa === 'medio' && s.component !== 'computacao'),
      computacao: count((s) => s.etapa !== 'infantil' && s.component === 'computacao'),
      infantil: count((s) => s.etapa === 'infantil'),
      infantilComputacao: count((s) => s.etapa === 'infantil' && s.component === 'computacao'),
    }).toEqual({ fundamental: 1304, medio: 183, computacao: 130, infantil: 104, infantilComputacao: 11 });
  });
});

describe('the rules', () => {
  const skill: BankSkill = { code: 'EF05MA03', etapa: 'fundamental', component: 'matematica', years: [5], description: '(EF05MA03) Identificar e representar frações (menores e maiores que a unidade), associando-as ao resultado de uma divisão ou à ideia de parte de um todo.' };
  const good: BankItem[] = [
    { tipo: 'multipla', enunciado: 'Uma pizza foi cortada em 8 fatias iguais. Pedro comeu 3 fatias. Que fração da pizza ele comeu?', alternativas: ['3/8', '8/3', '3/5', '5/8'], correta: 0 },
    { tipo: 'multipla', enunciado: 'Qual destas frações vale o mesmo que meia barra de chocolate?', alternativas: ['1/3', '2/4', '3/4', '1/4'], correta: 1 },
    { tipo: 'aberta', enunciado: 'Marque na reta, entre 0 e 1, onde fica 3/4. Conte como você dividiu a reta.', respostaEsperada: 'A reta é dividida em 4 partes iguais e 3/4 fica na terceira marca.' },
  ];

  it('accepts good items', () => {
    expect(checkSkillItems(skill, good)).toEqual([]);
  });

  it('refuses too few items, repeated or missing alternatives, a key out of range, restating, anything-goes answers and copies', () => {
    const problems = checkSkillItems(skill, [
      { tipo: 'multipla', enunciado: 'Qual é a metade de 10?', alternativas: ['5', '5 ', '2', '3'], correta: 4 },
      { tipo: 'aberta', enunciado: 'Explique o que você aprendeu sobre frações.', respostaEsperada: 'Resposta pessoal.' },
      { tipo: 'aberta', enunciado: 'Identificar e representar frações (menores e maiores que a unidade), associando-as ao resultado.', respostaEsperada: 'Uma fração.' },
    ]).join('\n');
    expect(problems).toContain('EF05MA03 item 1: precisa de 4 alternativas distintas');
    expect(problems).toContain('EF05MA03 item 1: "correta" deve ser 0 a 3');
    expect(problems).toContain('EF05MA03 item 2: pede para repetir o que foi aprendido');
    expect(problems).toContain('EF05MA03 item 2: a resposta esperada aceita qualquer coisa');
    expect(problems).toMatch(/EF05MA03 item 3: copia \d+ palavras seguidas/);
    expect(checkSkillItems(skill, good.slice(0, 2)).join()).toContain('EF05MA03: 2 itens, mínimo 3');
  });

  it('asks infantil for points to observe only, never a question with alternatives', () => {
    const objetivo: BankSkill = { code: 'EI03ET01', etapa: 'infantil', component: 'espacos-tempos', years: [3], description: 'Estabelecer relações de comparação entre objetos, observando suas propriedades.' };
    expect(checkSkillItems(objetivo, good).join()).toContain('só pontos de observação');
  });

  it('measures copies in words and reading ease in the Portuguese Flesch adaptation', () => {
    expect(longestSharedRun('a b c d e f g h i', 'x a b c d e f g h y')).toBe(8);
    expect(fleschPt('O gato come. O rato corre.')).toBeGreaterThan(fleschPt('A interdisciplinaridade epistemológica contemporânea problematiza representações institucionalizadas.'));
  });
});
