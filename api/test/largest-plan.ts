import { LIMITS, type Plano } from '@planejador/contracts';
import { createPlan, type TestClient } from '@planejador/testing';

const FIELDS = ['habilidades', 'objetivos', 'objetosConhecimento', 'experiencias', 'evidencias'] as const;

/** A lesson text at both caps: LIMITS.lessonFieldLinesMax lines, LIMITS.lessonFieldMax characters. */
export function textAtCaps(seed: string): string {
  const lines = Array.from({ length: LIMITS.lessonFieldLinesMax }, (_, i) => `${seed} ${i + 1}: frações, medidas e gráficos no cotidiano da turma`.padEnd(65, '.').slice(0, 65));
  const text = lines.join('\n');
  return text + 'x'.repeat(LIMITS.lessonFieldMax - text.length);
}

/**
 * The largest plan a teacher can make: LIMITS.aulasMax lessons (drafted offline), then every text field of each
 * lesson filled to the caps through PUT /api/planos/{id}, a lesson a request (the api takes 300 KB a body).
 */
export async function largestAllowedPlan(client: TestClient, turmaId: string, overrides: Record<string, unknown> = {}): Promise<Plano> {
  const plan = await createPlan(client, turmaId, Array.from({ length: LIMITS.aulasMax }, (_, i) => `Frações e medidas, parte ${i + 1}`), { overrides, timeoutMs: 60000 });
  let saved = plan;
  for (const aula of plan.aulas) {
    const res = await client.put<Plano>(`/api/planos/${plan.id}`, { status: 'salvo', aulas: [{ id: aula.id, ...Object.fromEntries(FIELDS.map((f) => [f, textAtCaps(`${f} ${aula.numeroAula}`)])) }] });
    if (res.status !== 200) throw new Error(`PUT of lesson ${aula.numeroAula}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    saved = res.body;
  }
  return saved;
}
