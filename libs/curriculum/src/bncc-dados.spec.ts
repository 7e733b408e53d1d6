import { bnccRecordSchema } from '@planejador/contracts';
import { convertBnccDados, recordsFileText, type BnccDadosSource } from './bncc-dados';
import { CurriculumValidationError } from './curriculum-files';

const vigente = { status: 'vigente' };

/** A small source in bncc.dev's own shape (github.com/bncc-dev/bncc-dados, schema/): one item of each kind. */
function source(): BnccDadosSource {
  return {
    estrutura: {
      campos_experiencias: [{ id: 'ei-campo-ef', nome: 'Escuta, fala, pensamento e imaginação' }],
      areas_conhecimento: [
        { id: 'em-area-mat', etapa: 'EM', nome: 'Matemática e suas Tecnologias' },
        { id: 'em-area-lgg', etapa: 'EM', nome: 'Linguagens e suas Tecnologias' },
      ],
      recortes_temporais: [
        { id: 'ei-grupo-02', etapa: 'EI', nome: 'Crianças bem pequenas' },
        { id: 'ei-grupo-03', etapa: 'EI', nome: 'Crianças pequenas' },
      ],
      competencias_especificas: [{ id: 'em-area-mat-ce-03', numero: 3 }],
    },
    infantil: {
      objetivos: [
        { codigo: 'EI02EF01', texto: ' Dialogar com crianças e adultos. ', campo_experiencias: 'ei-campo-ef', grupo_etario: 'ei-grupo-02', vigencia: vigente },
      ],
    },
    medio: {
      habilidades: [
        {
          codigo: 'EM13MAT301',
          texto: 'Resolver e elaborar problemas do cotidiano.',
          area: 'em-area-mat',
          componente: null,
          competencias_especificas: ['em-area-mat-ce-03'],
          campos_atuacao_social: null,
          seriacao: null,
          vigencia: vigente,
        },
        {
          codigo: 'EM13LP01',
          texto: 'Relacionar o texto com suas condições de produção.',
          area: 'em-area-lgg',
          componente: 'em-comp-lp',
          competencias_especificas: [],
          campos_atuacao_social: ['em-comp-lp-catu-todos'],
          seriacao: null,
          vigencia: vigente,
        },
      ],
      contextos_organizacao: [{ id: 'em-comp-lp-catu-todos', nome: 'Todos os Campos de atuação social' }],
    },
    computacao: {
      eixos: [{ id: 'co-eixo-pc', nome: 'Pensamento Computacional' }],
      objetos_conhecimento: [{ id: 'co-obj-alg', nome: 'Algoritmos' }],
      competencias: [{ id: 'computacao-em-ce-02', numero: 2 }],
      objetivos_ei: [{ codigo: 'EI03CO01', texto: 'Reconhecer padrão de repetição.', eixo: 'co-eixo-pc', grupo_etario: 'ei-grupo-03', vigencia: vigente }],
      habilidades_ef: [
        { codigo: 'EF15CO02', texto: 'Construir algoritmos.', eixo: 'co-eixo-pc', objetos_conhecimento: ['co-obj-alg'], anos: [1, 2, 3, 4, 5], vigencia: vigente },
      ],
      habilidades_em: [{ codigo: 'EM13CO07', texto: 'Analisar artefatos.', competencia: 'computacao-em-ce-02', vigencia: vigente }],
    },
  };
}

describe('convertBnccDados', () => {
  it("turns bncc.dev's items into records of each stage, the stage and subject from where the source puts them", () => {
    const { infantil, medio, computacao } = convertBnccDados(source());
    expect(infantil).toEqual([
      {
        code: 'EI02EF01',
        etapa: 'infantil',
        component: 'escuta-fala-pensamento-imaginacao',
        bnccComponent: 'Escuta, fala, pensamento e imaginação',
        years: [2],
        unit: 'Escuta, fala, pensamento e imaginação',
        knowledgeObjects: [],
        description: 'Dialogar com crianças e adultos.',
      },
    ]);
    expect(medio.map((r) => [r.code, r.component, r.bnccComponent, r.years, r.unit])).toEqual([
      ['EM13LP01', 'portugues', 'Língua Portuguesa', [], 'Todos os Campos de atuação social'],
      ['EM13MAT301', 'matematica', 'Matemática e suas Tecnologias', [], 'Competência específica 3'],
    ]);
    expect(computacao.map((r) => [r.code, r.etapa, r.years, r.unit, r.knowledgeObjects])).toEqual([
      ['EF15CO02', 'fundamental', [1, 2, 3, 4, 5], 'Pensamento Computacional', ['Algoritmos']],
      ['EI03CO01', 'infantil', [3], 'Pensamento Computacional', []],
      ['EM13CO07', 'medio', [], 'Competência específica 2', []],
    ]);
    // What the conversion writes passes the import's checks (pattern, subject and years of each code).
    for (const record of [...infantil, ...medio, ...computacao]) expect(bnccRecordSchema.safeParse(record).success).toBe(true);
  });

  it('refuses a source whose references do not resolve or whose items are not in force, naming each', () => {
    const broken = source();
    broken.infantil.objetivos[0].grupo_etario = 'ei-grupo-09';
    broken.medio.habilidades[0].area = 'em-area-xyz';
    broken.computacao.habilidades_em[0].vigencia = { status: 'revogado' };
    let problems: string[] = [];
    try {
      convertBnccDados(broken);
    } catch (err) {
      if (err instanceof CurriculumValidationError) problems = err.problems;
    }
    expect(problems).toEqual([
      'EI02EF01: grupo etário desconhecido (ei-grupo-09)',
      'EM13MAT301: área desconhecida (em-area-xyz)',
      'EM13MAT301: em-area-xyz não corresponde a nenhuma matéria de Ensino Médio',
      'EM13CO07: não vigente (revogado)',
    ]);
  });

  it('writes one compact record per line, as bncc-ef.json', () => {
    const text = recordsFileText(convertBnccDados(source()).medio);
    expect(text.split('\n')).toHaveLength(5);
    expect(JSON.parse(text)).toHaveLength(2);
  });
});
