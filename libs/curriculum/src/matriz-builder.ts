import { anoLabel, CURRICULUM_CREDIT, type Etapa, type Materia, type MatrizItem, type MatrizResponse } from '@planejador/contracts';
import type { CurriculumRecord } from './curriculum-record';
import { materiaScope } from './materia';

export interface MatrizOptions {
  /** Why there is nothing to show, when the skills list is empty. */
  reason?: string | null;
  /** Whether a state (RS) matrix is loaded. */
  rsLoaded: boolean;
}

/**
 * The dialog's matrix: { '5º ano': { <unidade temática>: [items] } } (the key is the stage's label of the year). An item gathers the skills that share
 * their knowledge objects (as the BNCC tables do); Português groups by prática de linguagem and keeps campos
 * apart. An empty skills list gives empty data and the reason in meta.
 */
export function buildMatriz(
  skills: readonly CurriculumRecord[],
  ano: number,
  materia: Materia,
  etapa: Etapa,
  options: MatrizOptions,
): MatrizResponse {
  const sorted = [...skills].sort((a, b) => a.code.localeCompare(b.code));
  const units = new Map<string, Map<string, MatrizItem>>();
  for (const skill of sorted) {
    const items = units.get(skill.unit) ?? new Map<string, MatrizItem>();
    units.set(skill.unit, items);
    const key = JSON.stringify([skill.field ?? '', skill.knowledgeObjects]);
    const item = items.get(key) ?? {
      'Objetos de Conhecimento': [...skill.knowledgeObjects],
      Habilidades: [],
      'Expectativas de Aprendizagens': [],
    };
    items.set(key, item);
    item.Habilidades.push({ code: skill.code, description: skill.description });
    for (const e of skill.expectativas) {
      if (!item['Expectativas de Aprendizagens'].includes(e)) item['Expectativas de Aprendizagens'].push(e);
    }
  }
  const byUnit: Record<string, MatrizItem[]> = {};
  for (const [unit, items] of units) byUnit[unit] = [...items.values()];
  const scope = materiaScope(materia, etapa);
  return {
    data: sorted.length ? { [anoLabel(ano, etapa)]: byUnit } : {},
    meta: {
      ano: String(ano),
      materia,
      componente: scope?.years.includes(ano) ? scope.label : null,
      total: sorted.length,
      reason: sorted.length ? null : (options.reason ?? null),
      rsLoaded: options.rsLoaded,
      credit: CURRICULUM_CREDIT,
    },
  };
}
