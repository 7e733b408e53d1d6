import { CURRICULUM_CREDIT } from '@planejador/contracts';
import { bnccRecords } from './__tests__/bncc-records';
import { inScope, scopeGapReason } from './materia';
import { buildMatriz } from './matriz-builder';

const records = bnccRecords();

describe('buildMatriz', () => {
  it('keys the year, then the thematic units in BNCC order, each with its items', () => {
    const skills = records.filter((r) => inScope(r, 'matematica', 5));
    const { data, meta } = buildMatriz(skills, 5, 'matematica', 'fundamental', { rsLoaded: false });
    expect(Object.keys(data)).toEqual(['5º ano']);
    expect(Object.keys(data['5º ano'])).toEqual([
      'Números',
      'Álgebra',
      'Geometria',
      'Grandezas e medidas',
      'Probabilidade e estatística',
    ]);
    const comparison = data['5º ano']['Números'].find((item) =>
      item.Habilidades.some((h) => h.code === 'EF05MA04'),
    );
    expect(comparison).toEqual({
      'Objetos de Conhecimento': [
        'Comparação e ordenação de números racionais na representação decimal e na fracionária utilizando a noção de equivalência',
      ],
      Habilidades: [
        { code: 'EF05MA04', description: 'Identificar frações equivalentes.' },
        {
          code: 'EF05MA05',
          description:
            'Comparar e ordenar números racionais positivos (representações fracionária e decimal), relacionando-os a pontos na reta numérica.',
        },
      ],
      'Expectativas de Aprendizagens': [],
    });
    const all = Object.values(data['5º ano']).flatMap((items) => items.flatMap((i) => i.Habilidades));
    expect(all).toHaveLength(25);
    expect(meta).toEqual({
      ano: '5',
      materia: 'matematica',
      componente: 'Matemática',
      total: 25,
      reason: null,
      rsLoaded: false,
      credit: CURRICULUM_CREDIT,
    });
  });

  it('groups Português by prática de linguagem', () => {
    const skills = records.filter((r) => inScope(r, 'portugues', 1));
    const { data } = buildMatriz(skills, 1, 'portugues', 'fundamental', { rsLoaded: false });
    expect(Object.keys(data['1º ano']).sort()).toEqual(
      [
        'Análise linguística/semiótica (Alfabetização)',
        'Escrita (compartilhada e autônoma)',
        'Leitura/escuta (compartilhada e autônoma)',
        'Oralidade',
        'Produção de textos (escrita compartilhada e autônoma)',
      ].sort(),
    );
  });

  it('shows only the Música and Artes integradas units for música', () => {
    const skills = records.filter((r) => inScope(r, 'musica', 7));
    const { data, meta } = buildMatriz(skills, 7, 'musica', 'fundamental', { rsLoaded: false });
    expect(Object.keys(data['7º ano'])).toEqual(['Música', 'Artes integradas']);
    expect(meta.total).toBe(13);
  });

  it('answers empty data with the reason when there is no skill', () => {
    const reason = scopeGapReason('ingles', 3);
    const { data, meta } = buildMatriz([], 3, 'ingles', 'fundamental', { reason, rsLoaded: false });
    expect(data).toEqual({});
    expect(meta).toMatchObject({ total: 0, componente: null, rsLoaded: false });
    expect(meta.reason).toBe('A BNCC não define habilidades de Língua Inglesa para o 3º ano: o componente começa no 6º ano.');
  });

  it('lists the state expectations of the skills of an item', () => {
    const skills = records
      .filter((r) => inScope(r, 'matematica', 5) && ['EF05MA04', 'EF05MA05'].includes(r.code))
      .map((r) => ({ ...r, expectativas: r.code === 'EF05MA04' ? ['Reconhecer frações equivalentes com material concreto.'] : [] }));
    const { data } = buildMatriz(skills, 5, 'matematica', 'fundamental', { rsLoaded: true });
    expect(data['5º ano']['Números'][0]['Expectativas de Aprendizagens']).toEqual([
      'Reconhecer frações equivalentes com material concreto.',
    ]);
  });
});
