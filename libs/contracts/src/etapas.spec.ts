import { asObservacaoMessage, MSG } from './messages';
import { MATERIA_VALUES } from './domain';
import {
  anoComEtapa,
  etapaWords,
  lessonFieldLabels,
  materiasHeader,
  anoLabel,
  anoPhrase,
  anosOf,
  BNCC_CODE_PATTERN,
  ETAPAS,
  etapaDef,
  etapaOf,
  etapaOfCode,
  isAnoOf,
  isMateriaOf,
  materiasOf,
} from './etapas';
import { codesInText } from './lesson-skills';

describe('school stages', () => {
  it('has the grupos etários, the nine anos and the three séries, labelled as the contract', () => {
    expect(anosOf('infantil')).toEqual(['1', '2', '3']);
    expect(anosOf('fundamental')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(anosOf('medio')).toEqual(['1', '2', '3']);
    expect(anoLabel('3', 'infantil')).toBe('Creche/Pré-escola — crianças pequenas');
    expect(anoLabel('1', 'infantil')).toBe('Creche/Pré-escola — bebês');
    expect(anoLabel('7')).toBe('7º ano');
    expect(anoLabel(7, 'fundamental')).toBe('7º ano');
    expect(anoLabel('1', 'medio')).toBe('1ª série do Ensino Médio');
  });

  it('puts the ano after a preposition with its article', () => {
    expect(anoPhrase('5', 'fundamental', 'para')).toBe('para o 5º ano');
    expect(anoPhrase('6', 'fundamental', 'em')).toBe('no 6º ano');
    expect(anoPhrase('2', 'medio', 'de')).toBe('da 2ª série do Ensino Médio');
    expect(anoComEtapa('5')).toBe('5º ano do Ensino Fundamental');
    expect(anoComEtapa('2', 'medio')).toBe('2ª série do Ensino Médio');
    expect(anoComEtapa('2', 'infantil')).toBe('Creche/Pré-escola — crianças bem pequenas da Educação Infantil');
    expect(anoPhrase('1', 'infantil', 'para')).toBe('para o grupo Creche/Pré-escola — bebês');
  });

  it('checks an ano against its stage', () => {
    expect(isAnoOf('fundamental', '9')).toBe(true);
    expect(isAnoOf('fundamental', 9)).toBe(true);
    expect(isAnoOf('medio', '4')).toBe(false);
    expect(isAnoOf('infantil', '0')).toBe(false);
    expect(isAnoOf('fundamental', '10')).toBe(false);
  });

  it('lists the subjects of each stage, Computação in all three, each one a known subject', () => {
    expect(materiasOf('infantil')).toEqual([
      'eu-outro-nos',
      'corpo-gestos-movimentos',
      'tracos-sons-cores-formas',
      'escuta-fala-pensamento-imaginacao',
      'espacos-tempos-quantidades',
      'computacao',
    ]);
    expect(materiasOf('medio')).toEqual(['linguagens', 'matematica', 'ciencias-natureza', 'ciencias-humanas', 'portugues', 'computacao']);
    expect(materiasOf('fundamental').slice(0, 10)).toEqual(MATERIA_VALUES.slice(0, 10));
    for (const etapa of ETAPAS) {
      expect(materiasOf(etapa)).toContain('computacao');
      for (const m of materiasOf(etapa)) expect(MATERIA_VALUES).toContain(m);
    }
    expect(isMateriaOf('medio', 'historia')).toBe(false);
    expect(isMateriaOf('infantil', 'eu-outro-nos')).toBe(true);
  });

  it('knows the code pattern of each stage', () => {
    expect(etapaOfCode('EI03EF01')).toBe('infantil');
    expect(etapaOfCode('EI03CO11')).toBe('infantil');
    expect(etapaOfCode('EI04EF01')).toBeNull();
    expect(etapaOfCode('EF05CO01')).toBe('fundamental');
    expect(etapaOfCode('EF67LP08')).toBe('fundamental');
    expect(etapaOfCode('EM13MAT101')).toBe('medio');
    expect(etapaOfCode('EM13LP01')).toBe('medio');
    expect(etapaOfCode('EM13CO26')).toBe('medio');
    expect(etapaOfCode('EM13LP101')).toBeNull();
    expect(etapaOfCode('EM12MAT101')).toBeNull();
    expect(BNCC_CODE_PATTERN.test('EF05MA01')).toBe(true);
    expect(BNCC_CODE_PATTERN.test('EM13LGG103')).toBe(true);
    expect(BNCC_CODE_PATTERN.test('EF05MA01X')).toBe(false);
    expect(etapaDef('medio').skillsByAno).toBe(false);
  });

  it('finds codes of every stage in a text', () => {
    expect(codesInText('(EI03EF01) Escutar... ver em13mat101 e EF05MA03RS-1, não EF05MA031')).toEqual(['EI03EF01', 'EM13MAT101', 'EF05MA03']);
  });

  it('reads a stored stage, fundamental when there is none', () => {
    expect(etapaOf('medio')).toBe('medio');
    expect(etapaOf(null)).toBe('fundamental');
    expect(etapaOf('superior')).toBe('fundamental');
  });
});

describe('every stage in its own words (decisions.md)', () => {
  it('names the parts of a plan as each stage\'s teachers do; the field names stay the JSON\'s', () => {
    expect(lessonFieldLabels('infantil')).toMatchObject({
      habilidades: 'Objetivos de aprendizagem e desenvolvimento',
      objetosConhecimento: 'Saberes e conhecimentos',
      verificacao: 'Pontos de observação',
    });
    expect(etapaWords('infantil')).toMatchObject({ materia: 'Campo de experiência', gabarito: null, verificacaoResposta: 'O que observar' });
    expect(etapaDef('infantil').anoNoun).toBe('Grupo etário');
    expect(etapaWords('medio')).toMatchObject({ materia: 'Área do conhecimento', objetosConhecimento: 'Conteúdos', gabarito: 'Gabarito' });
    expect(etapaDef('medio').anoNoun).toBe('Série');
    expect(lessonFieldLabels(undefined)).toMatchObject({ habilidades: 'Habilidades', objetosConhecimento: 'Objetos de Conhecimento', verificacao: 'Verificação da aprendizagem' });
    expect(etapaWords(null).materia).toBe('Componente curricular');
  });

  it('heads a plan with its subject, or all of them in order when its lessons mix them', () => {
    expect(materiasHeader('fundamental', 'portugues', ['portugues', 'matematica', 'portugues', 'ciencias'])).toEqual([
      'Componentes curriculares',
      'Língua Portuguesa, Matemática, Ciências',
    ]);
    expect(materiasHeader('fundamental', 'matematica', ['matematica'])).toEqual(['Componente curricular', 'Matemática']);
    expect(materiasHeader('infantil', 'eu-outro-nos', [])).toEqual(['Campo de experiência', 'O eu, o outro e o nós']);
    expect(materiasHeader('medio', 'linguagens', ['linguagens', 'portugues'])).toEqual(['Áreas do conhecimento', 'Linguagens, Língua Portuguesa']);
  });
});

describe("a check's messages in infantil's words", () => {
  it('speaks of points to observe, never of questions', () => {
    expect(asObservacaoMessage(MSG.verificacaoQuestoesCount)).toBe('Os pontos de observação devem ser de 3 a 5.');
    expect(asObservacaoMessage(MSG.questaoHabilidadeForaDaAula(2, 3))).toBe('Aula 2, ponto de observação 3: o objetivo do ponto deve ser um dos objetivos da aula.');
    expect(asObservacaoMessage('Outra mensagem.')).toBe('Outra mensagem.');
  });
});
