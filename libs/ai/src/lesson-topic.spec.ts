import { FRACTION_SKILLS } from './__tests__/lesson-context.fixture';
import { closestObjects, titleFromDescription } from './lesson-topic';

describe('titleFromDescription', () => {
  it.each([
    ['Cadeia alimentar no pátio da escola: observar seres vivos da horta e montar a teia', 'Cadeia alimentar no pátio da escola'],
    ['aula sobre mudanças de estado da água; experimento com gelo', 'Mudanças de estado da água'],
    ['Hoje vamos ler poemas de Mario Quintana (livro da biblioteca)', 'Ler poemas de Mario Quintana'],
    ['tabuada do 2 e do 5 com jogo de cartas, dados e bingo na quadra da escola com a turma toda', 'Tabuada do 2 e do 5 com jogo de cartas'],
    ['   ', 'Aula 4'],
  ])('%s -> %s', (description, title) => {
    expect(titleFromDescription(description, 4)).toBe(title);
  });

  it('is never longer than the contract allows', () => {
    const title = titleFromDescription('a'.repeat(30) + ' ' + 'b'.repeat(90), 1);
    expect(title.length).toBeGreaterThanOrEqual(3);
    expect(title.length).toBeLessThanOrEqual(80);
  });
});

describe('closestObjects', () => {
  const unit = {
    ...FRACTION_SKILLS[0],
    description: 'Justificar o formato das costas brasileira e africana com base na teoria da deriva dos continentes.',
    knowledgeObjects: ['Composição do ar', 'Efeito estufa', 'Camada de ozônio', 'Placas tectônicas e deriva continental'],
  };

  it('takes the objects sharing words with the description, most first', () => {
    expect(closestObjects([unit], 'Placas tectônicas e terremotos', 3)).toEqual(['Placas tectônicas e deriva continental']);
    expect(closestObjects([unit], 'Efeito estufa e a camada de ozônio', 3)).toEqual(['Efeito estufa', 'Camada de ozônio']);
  });

  it("takes the object closest to the skill's own text when the description shares no word with any", () => {
    expect(closestObjects([unit], 'Mapa-múndi recortado', 3)).toEqual(['Placas tectônicas e deriva continental']);
  });

  it('keeps at most max objects', () => {
    expect(closestObjects(FRACTION_SKILLS, 'frações', 1)).toHaveLength(1);
  });
});
