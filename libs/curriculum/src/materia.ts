import { MATERIA_VALUES, type Materia } from '@planejador/contracts';
import type { CoberturaScope } from '@planejador/db';

/** The part of the BNCC an app subject covers. */
export interface MateriaScope {
  /** `component` slug of the curriculum records. */
  component: string;
  /** Only these units (music is two units of Arte); null for all. */
  units: readonly string[] | null;
  /** School years the component has skills for. */
  years: readonly number[];
  /** The component's name as the dialog and the AI show it. */
  label: string;
}

const ALL_YEARS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const MUSIC_UNITS = ['Música', 'Artes integradas'] as const;

const SCOPES: Record<Materia, MateriaScope> = {
  matematica: { component: 'matematica', units: null, years: ALL_YEARS, label: 'Matemática' },
  portugues: { component: 'portugues', units: null, years: ALL_YEARS, label: 'Língua Portuguesa' },
  ciencias: { component: 'ciencias', units: null, years: ALL_YEARS, label: 'Ciências' },
  historia: { component: 'historia', units: null, years: ALL_YEARS, label: 'História' },
  geografia: { component: 'geografia', units: null, years: ALL_YEARS, label: 'Geografia' },
  artes: { component: 'artes', units: null, years: ALL_YEARS, label: 'Arte' },
  'educacao-fisica': { component: 'educacao-fisica', units: null, years: ALL_YEARS, label: 'Educação Física' },
  ingles: { component: 'ingles', units: null, years: [6, 7, 8, 9], label: 'Língua Inglesa' },
  musica: { component: 'artes', units: MUSIC_UNITS, years: ALL_YEARS, label: 'Arte (Música e Artes integradas)' },
  'ensino-religioso': { component: 'ensino-religioso', units: null, years: ALL_YEARS, label: 'Ensino Religioso' },
};

export function materiaScope(materia: Materia): MateriaScope {
  return SCOPES[materia];
}

/** Every subject of the app in the generate form's order with its part of the curriculum, as the coverage query reads them. */
export function coberturaScopes(): CoberturaScope[] {
  return MATERIA_VALUES.map((materia) => ({ materia, component: SCOPES[materia].component, units: SCOPES[materia].units }));
}

/** Whether a record belongs to the subject in the given year. */
export function inScope(
  record: { component: string; unit: string; years: readonly number[] },
  materia: Materia,
  ano: number,
): boolean {
  const scope = SCOPES[materia];
  return (
    record.component === scope.component &&
    record.years.includes(ano) &&
    (scope.units === null || scope.units.includes(record.unit))
  );
}

/** Why a year and subject have no BNCC skill, when the curriculum itself says so (English before year 6). */
export function scopeGapReason(materia: Materia, ano: number): string | null {
  const scope = SCOPES[materia];
  if (scope.years.includes(ano)) return null;
  return `A BNCC não define habilidades de ${scope.label} para o ${ano}º ano: o componente começa no ${scope.years[0]}º ano.`;
}

export const NOT_IMPORTED_REASON = 'Os dados curriculares ainda não foram carregados neste servidor.';
export const NO_SKILLS_REASON = 'Nenhuma habilidade da BNCC encontrada para este ano e matéria.';

export function anoLabel(ano: number | string): string {
  return `${ano}º ano`;
}
