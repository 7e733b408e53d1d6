import { skillClassroom } from '../search/classroom-terms';
import { bankQuestionsFor } from './bank-questions';
import { readBankFiles } from './question-bank';

/**
 * The bank as the drafters read it (issue 37): whatever files the bank holds today (helpers add them subject by
 * subject), each code's items as written, a state code falling back to its BNCC code's, [] for a code with none.
 */
describe('bankQuestionsFor', () => {
  const files = readBankFiles();
  const [code, items] = [...files.items].find(([c]) => /^[A-Z]{2}\d{2}[A-Z]{2}\d{2}$/.test(c)) ?? ['EF05MA03', []];

  it("serves a code's items as the bank writes them, and the same through skillClassroom", () => {
    expect(bankQuestionsFor(code)).toEqual(items.map((q) => (q.tipo === 'multipla' ? { ...q, alternativas: q.alternativas.map((a) => a.trim()), enunciado: q.enunciado.trim() } : { ...q, enunciado: q.enunciado.trim(), respostaEsperada: q.respostaEsperada.trim() })));
    expect(skillClassroom(code).questoes).toEqual(bankQuestionsFor(code));
  });

  it("falls back from a state code to its BNCC code's items, and answers [] for a code the bank does not hold", () => {
    expect(bankQuestionsFor(`${code}RS-1`)).toEqual(bankQuestionsFor(code));
    expect(bankQuestionsFor('EF99XX99')).toEqual([]);
    expect(skillClassroom('EF99XX99').questoes).toEqual([]);
  });

  it('gives each caller its own list (the process-wide bank is read once and never changed by a caller)', () => {
    const mine = bankQuestionsFor(code);
    mine.length = 0;
    expect(bankQuestionsFor(code)).toHaveLength(items.length);
  });
});
