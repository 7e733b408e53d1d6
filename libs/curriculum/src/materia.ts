import {
  anoPhrase,
  anosOf,
  DEFAULT_ETAPA,
  ETAPAS,
  etapaDef,
  materiasOf,
  type Etapa,
  type Materia,
} from '@planejador/contracts';
import type { CoberturaScope } from '@planejador/db';

/** The part of the BNCC an app subject covers in a stage. */
export interface MateriaScope {
  etapa: Etapa;
  /** `component` slugs of the curriculum records (médio's Linguagens is its area's skills and Língua Portuguesa's). */
  components: readonly string[];
  /** Only these units (music is two units of Arte); null for all. */
  units: readonly string[] | null;
  /** The stage's years the component has skills for (every série in médio, whose skills have no série). */
  years: readonly number[];
  /** The component's name as the dialog and the AI show it. */
  label: string;
}

export const MUSIC_UNITS = ['Música', 'Artes integradas'] as const;

type ScopeFields = Omit<MateriaScope, 'etapa' | 'years'> & { years?: readonly number[] };

/** Per stage, each of its subjects (etapas.ts lists them; a unit test checks that every one has a scope here). */
const SCOPE_FIELDS: Record<Etapa, Partial<Record<Materia, ScopeFields>>> = {
  infantil: {
    'eu-outro-nos': { components: ['eu-outro-nos'], units: null, label: 'O eu, o outro e o nós' },
    'corpo-gestos-movimentos': { components: ['corpo-gestos-movimentos'], units: null, label: 'Corpo, gestos e movimentos' },
    'tracos-sons-cores-formas': { components: ['tracos-sons-cores-formas'], units: null, label: 'Traços, sons, cores e formas' },
    'escuta-fala-pensamento-imaginacao': {
      components: ['escuta-fala-pensamento-imaginacao'],
      units: null,
      label: 'Escuta, fala, pensamento e imaginação',
    },
    'espacos-tempos-quantidades': {
      components: ['espacos-tempos-quantidades'],
      units: null,
      label: 'Espaços, tempos, quantidades, relações e transformações',
    },
    // The Computação complement has objectives for crianças pequenas only (EI03CO).
    computacao: { components: ['computacao'], units: null, years: [3], label: 'Computação' },
  },
  fundamental: {
    matematica: { components: ['matematica'], units: null, label: 'Matemática' },
    portugues: { components: ['portugues'], units: null, label: 'Língua Portuguesa' },
    ciencias: { components: ['ciencias'], units: null, label: 'Ciências' },
    historia: { components: ['historia'], units: null, label: 'História' },
    geografia: { components: ['geografia'], units: null, label: 'Geografia' },
    artes: { components: ['artes'], units: null, label: 'Arte' },
    'educacao-fisica': { components: ['educacao-fisica'], units: null, label: 'Educação Física' },
    ingles: { components: ['ingles'], units: null, years: [6, 7, 8, 9], label: 'Língua Inglesa' },
    musica: { components: ['artes'], units: MUSIC_UNITS, label: 'Arte (Música e Artes integradas)' },
    'ensino-religioso': { components: ['ensino-religioso'], units: null, label: 'Ensino Religioso' },
    computacao: { components: ['computacao'], units: null, label: 'Computação' },
  },
  medio: {
    linguagens: { components: ['linguagens', 'portugues'], units: null, label: 'Linguagens e suas Tecnologias' },
    matematica: { components: ['matematica'], units: null, label: 'Matemática e suas Tecnologias' },
    'ciencias-natureza': { components: ['ciencias-natureza'], units: null, label: 'Ciências da Natureza e suas Tecnologias' },
    'ciencias-humanas': { components: ['ciencias-humanas'], units: null, label: 'Ciências Humanas e Sociais Aplicadas' },
    portugues: { components: ['portugues'], units: null, label: 'Língua Portuguesa' },
    computacao: { components: ['computacao'], units: null, label: 'Computação' },
  },
};

/** The subject's scope in a stage, or null for a subject the stage does not have. */
export function materiaScope(materia: Materia, etapa: Etapa = DEFAULT_ETAPA): MateriaScope | null {
  const fields = SCOPE_FIELDS[etapa][materia];
  if (!fields || !materiasOf(etapa).includes(materia)) return null;
  return { ...fields, etapa, years: fields.years ?? anosOf(etapa).map(Number) };
}

/**
 * Each subject of each stage in the generate form's order with its part of the curriculum, as the coverage query reads
 * them (it keeps the class's stage's).
 */
export function coberturaScopes(): CoberturaScope[] {
  return ETAPAS.flatMap((etapa) => materiasOf(etapa).map((materia) => {
    const scope = materiaScope(materia, etapa) as MateriaScope;
    return { materia, etapa, components: scope.components, units: scope.units, byAno: etapaDef(etapa).skillsByAno };
  }));
}

/** Whether a record belongs to the subject in the given year of the stage (médio: any série). */
export function inScope(
  record: { etapa: Etapa; component: string; unit: string; years: readonly number[] },
  materia: Materia,
  ano: number,
  etapa: Etapa = DEFAULT_ETAPA,
): boolean {
  const scope = materiaScope(materia, etapa);
  return (
    scope !== null &&
    record.etapa === etapa &&
    scope.components.includes(record.component) &&
    (!etapaDef(etapa).skillsByAno || record.years.includes(ano)) &&
    (scope.units === null || scope.units.includes(record.unit))
  );
}

/** Why a year and subject have no BNCC skill, when the curriculum itself says so (English before year 6). */
export function scopeGapReason(materia: Materia, ano: number, etapa: Etapa = DEFAULT_ETAPA): string | null {
  const scope = materiaScope(materia, etapa);
  if (!scope || scope.years.includes(ano)) return null;
  return (
    `A BNCC não define habilidades de ${scope.label} ${anoPhrase(ano, etapa, 'para')}: ` +
    `o componente começa ${anoPhrase(scope.years[0], etapa, 'em')}.`
  );
}

export const NOT_IMPORTED_REASON = 'Os dados curriculares ainda não foram carregados neste servidor.';
export const NO_SKILLS_REASON = 'Nenhuma habilidade da BNCC encontrada para este ano e matéria.';
