import { etapaOf, type Aula as AulaDto, type AulaVersao, type Plano as PlanoDto, type PublicUser, type Turma as TurmaDto } from '@planejador/contracts';
import { normalizeStatus } from '@planejador/contracts';
import type { AulaVersaoRecord } from './entities/aula-versao.entity';
import type { User } from './entities/user.entity';
import type { AulaRecord, PlanoComAulas, TurmaRecord } from './records';

/** The users columns a signed-in request needs (never the password hash), as raw SQL reads them. */
export const PUBLIC_USER_COLUMNS = ['id', 'email', 'first_name', 'last_name', 'profile_image_url', 'credits', 'role', 'email_verified_at', 'created_at', 'updated_at'] as const;

export type PublicUserRow = {
  id: string; email: string; first_name: string | null; last_name: string | null; profile_image_url: string | null;
  credits: number; role: PublicUser['role']; email_verified_at: Date | null; created_at: Date; updated_at: Date;
};

/** The user as the api shows it, from the entity or from a raw row (one rule for both). */
export function toPublicUser(u: User | PublicUserRow): PublicUser {
  const row: PublicUserRow =
    'first_name' in u
      ? u
      : {
          id: u.id, email: u.email, first_name: u.firstName, last_name: u.lastName, profile_image_url: u.profileImageUrl,
          credits: u.credits, role: u.role, email_verified_at: u.emailVerifiedAt, created_at: u.createdAt, updated_at: u.updatedAt,
        };
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    credits: row.credits,
    role: row.role,
    emailVerificado: row.email_verified_at !== null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toTurmaDto(t: TurmaRecord, planosAula: number): TurmaDto {
  return {
    id: t.id,
    nomeProfessor: t.nomeProfessor,
    numero: t.numero,
    escola: t.escola,
    etapa: etapaOf(t.etapa),
    ano: t.ano,
    estado: t.estado,
    instituicao: t.instituicao,
    observacoesAdicionais: t.observacoesAdicionais,
    barreiras: t.barreiras ?? [],
    userId: t.userId,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    _count: { planosAula },
  };
}

export function toAulaDto(a: AulaRecord): AulaDto {
  return {
    id: a.id,
    planoId: a.planoId,
    numeroAula: a.numeroAula,
    materia: a.materia,
    prompt: a.prompt,
    titulo: a.titulo ?? null,
    habilidades: a.habilidades,
    objetivos: a.objetivos,
    objetosConhecimento: a.objetosConhecimento,
    experiencias: a.experiencias,
    evidencias: a.evidencias,
    verificacao: a.verificacao ?? null,
    dua: a.dua ?? null,
    habilidadeCodes: a.habilidadeCodes ?? [],
    generation: { state: a.generationState, error: a.generationError },
    versao: a.versao,
    habilidadesFixadas: a.habilidadesFixadas ?? [],
    avisos: a.avisos ?? [],
    regeneracoes: a.regeneracoes,
    nota: a.nota ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** The plan with its class and lessons. */
export function toPlanoDto(p: PlanoComAulas): PlanoDto {
  const { aulas, turma } = p;
  return {
    id: p.id,
    temaPrincipal: p.temaPrincipal,
    materiaGeral: p.materiaGeral,
    turmaId: turma.id,
    userId: p.userId,
    status: normalizeStatus(p.status),
    limitOneSkill: p.limitOneSkill,
    preferirSeduc: p.preferirSeduc,
    nivelDetalhamento: p.nivelDetalhamento,
    generator: p.generator,
    trimestre: p.trimestre,
    periodo: p.periodo,
    ano: p.ano,
    periodoTipo: p.periodoTipo,
    periodoEscolhido: p.trimestreEscolhido,
    dataInicio: isoDate(p.dataInicio),
    dataFim: isoDate(p.dataFim),
    duracaoAulaMin: p.duracaoAulaMin,
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
      etapa: etapaOf(turma.etapa),
      ano: turma.ano,
      nomeProfessor: turma.nomeProfessor,
      estado: turma.estado,
      instituicao: turma.instituicao,
      barreiras: turma.barreiras ?? [],
    },
    aulas: aulas.map(toAulaDto),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function toAulaVersaoDto(v: AulaVersaoRecord): AulaVersao {
  return {
    versao: v.versao,
    origem: v.origem,
    createdAt: v.createdAt.toISOString(),
    titulo: v.titulo ?? null,
    verificacao: v.verificacao ?? null,
    dua: v.dua ?? null,
    habilidades: v.habilidades,
    objetivos: v.objetivos,
    objetosConhecimento: v.objetosConhecimento,
    experiencias: v.experiencias,
    evidencias: v.evidencias,
    habilidadeCodes: v.habilidadeCodes ?? [],
    instrucao: v.instrucao,
    campo: v.campo,
  };
}

/** MikroORM's 'date' columns come back as 'aaaa-mm-dd' strings (or Date with some drivers): always the ISO date. */
function isoDate(value: string | Date | null): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}
