import type { Aula as AulaDto, Plano as PlanoDto, PublicUser, Turma as TurmaDto } from '@planejador/contracts';
import { normalizeStatus } from '@planejador/contracts';
import type { Aula } from './entities/aula.entity';
import type { PlanoAula } from './entities/plano-aula.entity';
import type { Turma } from './entities/turma.entity';
import type { User } from './entities/user.entity';

export function toPublicUser(u: User): PublicUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    credits: u.credits,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

export function toTurmaDto(t: Turma, planosAula: number): TurmaDto {
  return {
    id: t.id,
    nomeProfessor: t.nomeProfessor,
    numero: t.numero,
    escola: t.escola,
    ano: t.ano,
    estado: t.estado,
    instituicao: t.instituicao,
    observacoesAdicionais: t.observacoesAdicionais,
    userId: t.user.id,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    _count: { planosAula },
  };
}

export function toAulaDto(a: Aula): AulaDto {
  return {
    id: a.id,
    planoId: a.plano.id,
    numeroAula: a.numeroAula,
    materia: a.materia,
    prompt: a.prompt,
    habilidades: a.habilidades,
    objetivos: a.objetivos,
    objetosConhecimento: a.objetosConhecimento,
    experiencias: a.experiencias,
    evidencias: a.evidencias,
    habilidadeCodes: a.habilidadeCodes ?? [],
    generationState: a.generationState,
    generationError: a.generationError,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** The plan with its class and lessons; the lessons collection and turma must be loaded. */
export function toPlanoDto(p: PlanoAula): PlanoDto {
  const aulas = p.aulas.getItems().slice().sort((a, b) => a.numeroAula - b.numeroAula);
  const turma = p.turma.getEntity();
  return {
    id: p.id,
    temaPrincipal: p.temaPrincipal,
    materiaGeral: p.materiaGeral,
    turmaId: turma.id,
    userId: p.user.id,
    status: normalizeStatus(p.status),
    limitOneSkill: p.limitOneSkill,
    preferirSeduc: p.preferirSeduc,
    nivelDetalhamento: p.nivelDetalhamento,
    generator: p.generator,
    generation: {
      state: p.generationState,
      done: aulas.filter((a) => a.generationState === 'done').length,
      total: aulas.length,
      error: p.generationError,
      creditRefunded: p.creditRefunded,
    },
    turma: {
      id: turma.id,
      numero: turma.numero,
      escola: turma.escola,
      ano: turma.ano,
      nomeProfessor: turma.nomeProfessor,
      estado: turma.estado,
      instituicao: turma.instituicao,
    },
    aulas: aulas.map(toAulaDto),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
