import {
  anosOf,
  DEFAULT_ETAPA,
  ETAPAS,
  isAnoOf,
  etapaDef,
  materiasOf,
  type Etapa,
  type HabilidadeMatch,
  type Materia,
  type MatrizResponse,
} from '@planejador/contracts';
import type { CurriculumRepository } from '@planejador/db';
import type { CurriculumRecord } from './curriculum-record';
import { selectSkills } from './curriculum-rows';
import { buildMatriz } from './matriz-builder';
import { inScope, materiaScope, NO_SKILLS_REASON, NOT_IMPORTED_REASON, scopeGapReason } from './materia';
import { SubjectSkills } from './search/subject-skills';

/**
 * Curriculum lookups for the api and the worker. The skills (~1,300 read-only rows) are read once per process
 * and kept in memory with one search index per stage, year and subject; invalidate() drops them after an import.
 * The read is one plain select through libs/db's curriculum repository.
 */
export class CurriculumService {
  private loading: Promise<CurriculumRecord[]> | null = null;
  private readonly subjects = new Map<string, SubjectSkills>();

  constructor(private readonly source: CurriculumRepository) {}

  invalidate(): void {
    this.loading = null;
    this.subjects.clear();
  }

  /**
   * Builds every year's and subject's search index now (about a second of CPU with the shipped classroom words and
   * example lessons, most of it the first one), so that no request and no job pays for it later with the event loop
   * blocked: a worker holding a job's lock would otherwise stall on its first lesson. Nothing to do before the
   * curriculum is imported; the indexes are built on first use then.
   */
  async warm(): Promise<number> {
    if (!(await this.all()).length) return 0;
    for (const etapa of ETAPAS) {
      for (const ano of anosOf(etapa)) for (const materia of materiasOf(etapa)) await this.subject(ano, materia, etapa);
    }
    return this.subjects.size;
  }

  /** Every skill, in code order. */
  async all(): Promise<readonly CurriculumRecord[]> {
    if (!this.loading) {
      const loading = this.read();
      this.loading = loading;
      // An empty table (not imported yet) or a failed read is not kept: the next call reads again.
      loading.then(
        (records) => {
          if (!records.length && this.loading === loading) this.loading = null;
        },
        () => {
          if (this.loading === loading) this.loading = null;
        },
      );
    }
    return this.loading;
  }

  private async read(): Promise<CurriculumRecord[]> {
    return selectSkills(this.source);
  }

  /** The skills of a year of the stage and a subject, in code order; none for a year or subject the stage lacks. */
  async skillsFor(ano: string | number, materia: Materia, etapa: Etapa = DEFAULT_ETAPA): Promise<readonly CurriculumRecord[]> {
    return (await this.subject(ano, materia, etapa)).records;
  }

  async validCodes(ano: string | number, materia: Materia, etapa: Etapa = DEFAULT_ETAPA): Promise<Set<string>> {
    return new Set((await this.skillsFor(ano, materia, etapa)).map((s) => s.code));
  }

  /** Skills by code, in the order asked; unknown codes are left out. */
  async findByCodes(codes: readonly string[]): Promise<CurriculumRecord[]> {
    const byCode = new Map((await this.all()).map((r) => [r.code, r]));
    return codes.map((c) => byCode.get(c.trim().toUpperCase())).filter((r): r is CurriculumRecord => r !== undefined);
  }

  /** Why a year and subject have no skill (English before year 6, data not imported), or null. */
  async noSkillsReason(ano: string | number, materia: Materia, etapa: Etapa = DEFAULT_ETAPA): Promise<string | null> {
    const year = parseYear(ano, etapa);
    const gap = year === null || !materiaScope(materia, etapa) ? NO_SKILLS_REASON : scopeGapReason(materia, year, etapa);
    if (gap) return gap;
    if (!(await this.all()).length) return NOT_IMPORTED_REASON;
    return (await this.skillsFor(ano, materia, etapa)).length ? null : NO_SKILLS_REASON;
  }

  async matriz(ano: string | number, materia: Materia, etapa: Etapa = DEFAULT_ETAPA): Promise<MatrizResponse> {
    const year = parseYear(ano, etapa) ?? 0;
    const skills = await this.skillsFor(ano, materia, etapa);
    const components = materiaScope(materia, etapa)?.components ?? [];
    const rsLoaded = (await this.all()).some(
      (r) => r.etapa === etapa && components.includes(r.component) && (r.source === 'rs' || r.expectativas.length > 0),
    );
    return buildMatriz(skills, year, materia, etapa, { reason: await this.noSkillsReason(ano, materia, etapa), rsLoaded });
  }

  /** Skills ranked by how well they fit a lesson description; an empty q lists them in code order (score 0). */
  async search(ano: string | number, materia: Materia, q: string, limit = 10, etapa: Etapa = DEFAULT_ETAPA): Promise<HabilidadeMatch[]> {
    return (await this.subject(ano, materia, etapa)).search(q, limit);
  }

  /** The skills offered to the AI for one lesson, best first, padded with the others in code order. */
  async candidates(
    ano: string | number,
    materia: Materia,
    prompt: string,
    temaPrincipal?: string | null,
    limit = 8,
    etapa: Etapa = DEFAULT_ETAPA,
  ): Promise<HabilidadeMatch[]> {
    return (await this.subject(ano, materia, etapa)).candidates(prompt, temaPrincipal, limit);
  }

  private async subject(ano: string | number, materia: Materia, etapa: Etapa): Promise<SubjectSkills> {
    const year = parseYear(ano, etapa);
    const records = await this.all();
    // Médio's skills have no série: its three séries share one index per subject.
    const key = `${etapa}:${year === null || etapaDef(etapa).skillsByAno ? year : '*'}:${materia}`;
    let subject = this.subjects.get(key);
    if (!subject) {
      subject = new SubjectSkills(year === null ? [] : records.filter((r) => inScope(r, materia, year, etapa)));
      if (records.length) this.subjects.set(key, subject);
    }
    return subject;
  }
}

/** The year number of one of the stage's years, or null. */
function parseYear(ano: string | number, etapa: Etapa): number | null {
  return isAnoOf(etapa, ano) ? Number(String(ano).trim()) : null;
}

/** Where warmSearchIndexes reports (a Nest Logger or a pino logger fits). */
interface WarmLog {
  log(fields: object, message: string): unknown;
  warn(fields: object, message: string): unknown;
}

/** CurriculumService.warm at a process's start, timed and logged; a failure is only logged (first use builds them). */
export async function warmSearchIndexes(curriculum: CurriculumService, logger: WarmLog): Promise<void> {
  const started = Date.now();
  try {
    const indexes = await curriculum.warm();
    if (indexes) logger.log({ indexes, ms: Date.now() - started }, 'skill search indexes built');
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'skill search indexes not built at start');
  }
}
