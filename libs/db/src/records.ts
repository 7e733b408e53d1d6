import type { Aula } from './entities/aula.entity';
import type { PlanoAula } from './entities/plano-aula.entity';
import type { Turma } from './entities/turma.entity';

/**
 * What a repository method gives of a row it read through an entity: plain data (its columns, camelCase, a reference
 * as the other row's id), never a live entity, so a service neither walks an ORM graph nor changes a row by
 * changing an object: every write is a repository method.
 */
export type AulaRecord = Omit<Aula, 'plano'> & { planoId: string };
export type TurmaRecord = Omit<Turma, 'user'> & { userId: string };
export type PlanoRecord = Omit<PlanoAula, 'turma' | 'user' | 'aulas'> & { turmaId: string; userId: string };

/** A plan read with its class and its lessons (in their order). */
export interface PlanoComAulas extends PlanoRecord {
  turma: TurmaRecord;
  aulas: AulaRecord[];
}

/** A lesson read with its plan and the plan's class. */
export interface AulaComPlano {
  aula: AulaRecord;
  plano: PlanoRecord;
  turma: TurmaRecord;
}

export function aulaRecord({ plano, ...columns }: Aula): AulaRecord {
  return { ...columns, planoId: plano.id };
}

export function turmaRecord({ user, ...columns }: Turma): TurmaRecord {
  return { ...columns, userId: user.id };
}

export function planoRecord({ turma, user, aulas: _aulas, ...columns }: PlanoAula): PlanoRecord {
  return { ...columns, turmaId: turma.id, userId: user.id };
}

/** A plan read with its lessons and class populated. */
export function planoComAulas(plano: PlanoAula): PlanoComAulas {
  return {
    ...planoRecord(plano),
    turma: turmaRecord(plano.turma.getEntity()),
    aulas: plano.aulas.getItems().map(aulaRecord).sort((a, b) => a.numeroAula - b.numeroAula),
  };
}
