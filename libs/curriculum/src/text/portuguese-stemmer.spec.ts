import { stemPortuguese } from './portuguese-stemmer';
import { foldText } from './portuguese-text';

const stem = (word: string) => stemPortuguese(foldText(word));

describe('stemPortuguese', () => {
  it.each([
    ['frações', 'fração'],
    ['animais', 'animal'],
    ['flores', 'flor'],
    ['jardins', 'jardim'],
    ['países', 'país'],
    ['família', 'familiar'],
    ['medida', 'medir'],
    ['representação', 'representar'],
    ['multiplicação', 'multiplicar'],
    ['conhecimento', 'conhecer'],
    ['planejamento', 'planejar'],
    ['plantas', 'plantar'],
    ['jogos', 'jogar'],
    ['sistema solar', 'sistema sol'],
    ['dinheirinho', 'dinheiro'],
    ['continhas', 'contas'],
    ['joguinhos', 'jogos'],
    ['bonequinha', 'boneca'],
  ])('sends "%s" and "%s" to the same stem', (a, b) => {
    expect(a.split(' ').map(stem)).toEqual(b.split(' ').map(stem));
  });

  it.each([
    ['sólidos', 'solar'],
    ['fração', 'fraca'],
    ['lápis', 'lapa'],
  ])('keeps "%s" and "%s" apart', (a, b) => {
    expect(stem(a)).not.toBe(stem(b));
  });

  it('does not take words ending in -inho/-inha for diminutives when the rest is short', () => {
    expect(stem('caminho')).toBe('caminh');
    expect(stem('cozinha')).toBe('cozinh');
    expect(stem('vizinhos')).toBe('vizinh');
  });

  it('leaves short words and numbers alone', () => {
    expect(stem('ler')).toBe('ler');
    expect(stem('1º')).toBe('1o');
    expect(stem('ef05ma03')).toBe('ef05ma03');
  });
});
