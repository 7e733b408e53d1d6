import { analyze, analyzeQuery, foldText, tokenize } from './portuguese-text';

describe('Portuguese text analysis', () => {
  it('folds accents, cedilla and ordinal marks and lowercases', () => {
    expect(foldText('Frações, AÇÃO e 5º ano')).toBe('fracoes, acao e 5o ano');
  });

  it('splits into words and numbers, keeping skill codes whole', () => {
    expect(tokenize('Bingo das frações (EF05MA03) — 2ª parte!')).toEqual([
      'bingo',
      'das',
      'fracoes',
      'ef05ma03',
      '2a',
      'parte',
    ]);
  });

  it('drops function words and stems the rest', () => {
    expect(analyze('Identificar as frações equivalentes')).toEqual(['identific', 'fracao', 'equivalent']);
  });

  it('drops the words a teacher writes about the lesson itself only from queries', () => {
    expect(analyzeQuery('aula com os alunos sobre frações')).toEqual(['fracao']);
    expect(analyze('aula com os alunos')).toEqual(['aul', 'alun']);
  });

  it('gives the same stems with or without accents', () => {
    expect(analyzeQuery('fracoes e divisao')).toEqual(analyzeQuery('Frações e divisão'));
  });
});
