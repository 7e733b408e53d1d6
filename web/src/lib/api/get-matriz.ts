import { CURRICULUM_CREDIT, MATRIZ_HEADERS, type HabilidadeMatch, type MatrizData, type MatrizResponse } from '@planejador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/matriz/{turma}/{materia}: the curriculum matrix of the class's year for that subject. The body is the
 * spec's year-keyed object; the facts the dialog shows (why it is empty, whether RS data is loaded) come in headers.
 */
export async function getMatriz(turma: string, materia: string, signal?: AbortSignal): Promise<MatrizResponse> {
  const response = await request('GET', `/api/matriz/${encodeURIComponent(turma)}/${encodeURIComponent(materia)}`, { signal });
  const data = (await response.json()) as MatrizData;
  const reason = response.headers.get(MATRIZ_HEADERS.reason);
  return {
    data,
    meta: {
      ano: response.headers.get(MATRIZ_HEADERS.ano) ?? '',
      materia,
      componente: null,
      total: Number(response.headers.get(MATRIZ_HEADERS.total) ?? 0),
      reason: reason ? decodeURIComponent(reason) : null,
      rsLoaded: response.headers.get(MATRIZ_HEADERS.rsLoaded) === 'sim',
      credit: CURRICULUM_CREDIT,
    },
  };
}

export const matrizQueryOptions = (turma: string, materia: string) =>
  queryOptions({
    queryKey: queryKeys.matriz(turma, materia),
    queryFn: ({ signal }) => getMatriz(turma, materia, signal),
    // Spec section 7: runs only when both parts are set; no retry.
    enabled: Boolean(turma && materia),
    retry: false,
  });

export function useMatriz(turma: string, materia: string, options: { enabled?: boolean } = {}) {
  const base = matrizQueryOptions(turma, materia);
  return useQuery({ ...base, enabled: base.enabled && (options.enabled ?? true) });
}

/** A skill as a list offers it: code, official text and thematic unit. */
export type SkillOption = Pick<HabilidadeMatch, 'code' | 'description' | 'unit'>;

/** Every skill of the matrix once, in code order, with its thematic unit: the whole pool of a year and subject. */
export function matrizSkills(data: MatrizData): SkillOption[] {
  const skills = new Map<string, SkillOption>();
  for (const units of Object.values(data)) {
    for (const [unit, items] of Object.entries(units)) {
      for (const item of items) for (const { code, description } of item.Habilidades) if (!skills.has(code)) skills.set(code, { code, description, unit });
    }
  }
  return [...skills.values()].sort((a, b) => a.code.localeCompare(b.code));
}
