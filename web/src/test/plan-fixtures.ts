import type { Aula, Plano } from '@planejador/contracts';

// A plan and its lessons as GET /api/planos/{id} gives them, for the plan page's tests.

/** Lesson n (1..9) of the plan, done, at version `versao`, with `objetivos` as its objectives. */
export function aula(n: number, versao: number, objetivos: string): Aula {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    planoId: 'p',
    numeroAula: n,
    materia: 'matematica',
    prompt: `Aula ${n}`,
    titulo: `Tema da aula ${n}`,
    verificacao: null,
    dua: null,
    habilidades: '(EF05MA03) Frações',
    objetivos,
    objetosConhecimento: 'Frações',
    experiencias: '1. Etapa',
    evidencias: 'Registro',
    habilidadeCodes: ['EF05MA03'],
    generation: { state: 'done', error: null },
    versao,
    habilidadesFixadas: [],
    avisos: [],
    regeneracoes: 0,
    nota: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
  };
}

/** A finished plan of these lessons (its id is the same in every test). */
export function plano(aulas: Aula[], updatedAt = '2026-11-25T10:00:00.000Z'): Plano {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    temaPrincipal: 'Frações',
    materiaGeral: 'matematica',
    turmaId: 't',
    userId: 'u',
    status: 'gerado',
    limitOneSkill: true,
    preferirSeduc: true,
    nivelDetalhamento: 3,
    generator: 'openai',
    trimestre: 3,
    periodo: 3,
    ano: 2026,
    periodoTipo: 'trimestre',
    periodoEscolhido: false,
    dataInicio: null,
    dataFim: null,
    duracaoAulaMin: null,
    generation: { state: 'done', done: aulas.length, total: aulas.length },
    turma: { id: 't', numero: '51', escola: 'E', etapa: 'fundamental', ano: '5', nomeProfessor: 'Ana', estado: 'RS', instituicao: 'SEDUC-RS_2025', barreiras: [] },
    aulas,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt,
  };
}
