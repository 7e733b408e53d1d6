import { LIMITS, MATERIA_VALUES, PERIODO_MAX, TRIMESTRES, type GenerateFormInput, type Materia } from '@planejador/contracts';
import { GENERATE_DRAFT_KEY_PREFIX } from '@/lib/drafts';

// What the teacher typed in the generate form (lessons, pins, title, settings) stays in this browser, per user, until
// the plan is created or the form is cleared (decisions.md, "Lessons that teach"); logout clears it (clearAllDrafts).

type DraftAula = GenerateFormInput['aulas'][number];

function key(userId: string): string {
  return `${GENERATE_DRAFT_KEY_PREFIX}${userId}`;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isMateria = (value: unknown): value is Materia => (MATERIA_VALUES as readonly unknown[]).includes(value);

/** Whether the form holds anything the teacher typed or pinned (a title, a lesson's text, a pinned skill). */
export function hasTypedText(values: Pick<GenerateFormInput, 'temaPrincipal' | 'aulas'>): boolean {
  return Boolean(values.temaPrincipal?.trim()) || values.aulas.some((aula) => aula.prompt.trim() || aula.habilidadesFixadas?.length);
}

/**
 * The stored form, on top of `empty` (the form's defaults): a field the browser kept in another shape (an older
 * version, a hand-edited entry) takes the default; lessons without a text field are dropped.
 */
export function readGenerateDraft(userId: string, empty: GenerateFormInput): GenerateFormInput | null {
  try {
    const raw = localStorage.getItem(key(userId));
    if (!raw) return null;
    const stored = (JSON.parse(raw) as { values?: Record<string, unknown> }).values;
    if (!stored || typeof stored !== 'object' || !Array.isArray(stored.aulas)) return null;
    const aulas: DraftAula[] = (stored.aulas as unknown[])
      .filter((a): a is { prompt: string; habilidadesFixadas?: unknown; materia?: unknown } => Boolean(a) && isString((a as { prompt?: unknown }).prompt))
      .slice(0, LIMITS.aulasMax)
      .map((a) => ({
        prompt: a.prompt,
        habilidadesFixadas: isStrings(a.habilidadesFixadas) ? a.habilidadesFixadas : [],
        // A lesson's own subject (a plan mixing subjects), kept only when it is one the app knows.
        ...(isMateria(a.materia) ? { materia: a.materia } : {}),
      }));
    const values: GenerateFormInput = {
      ...empty,
      temaPrincipal: isString(stored.temaPrincipal) ? stored.temaPrincipal : empty.temaPrincipal,
      turmaId: isString(stored.turmaId) ? stored.turmaId : empty.turmaId,
      materiaGeral: isString(stored.materiaGeral) ? (stored.materiaGeral as GenerateFormInput['materiaGeral']) : empty.materiaGeral,
      limitOneSkill: typeof stored.limitOneSkill === 'boolean' ? stored.limitOneSkill : empty.limitOneSkill,
      preferirSeduc: typeof stored.preferirSeduc === 'boolean' ? stored.preferirSeduc : empty.preferirSeduc,
      nivelDetalhamento: typeof stored.nivelDetalhamento === 'number' ? stored.nivelDetalhamento : empty.nivelDetalhamento,
      trimestre: TRIMESTRES.some((t) => t === stored.trimestre) ? (stored.trimestre as GenerateFormInput['trimestre']) : empty.trimestre,
      periodo: typeof stored.periodo === 'number' && stored.periodo >= 1 && stored.periodo <= PERIODO_MAX ? stored.periodo : empty.periodo,
      dataInicio: isString(stored.dataInicio) ? stored.dataInicio : empty.dataInicio,
      dataFim: isString(stored.dataFim) ? stored.dataFim : empty.dataFim,
      duracaoAulaMin: typeof stored.duracaoAulaMin === 'number' ? stored.duracaoAulaMin : empty.duracaoAulaMin,
      aulas: aulas.length ? aulas : empty.aulas,
    };
    return hasTypedText(values) ? values : null;
  } catch {
    return null;
  }
}

/** Keeps the form (or forgets it when nothing is typed in it). False when the browser refused to store it. */
export function writeGenerateDraft(userId: string, values: GenerateFormInput): boolean {
  if (!hasTypedText(values)) {
    clearGenerateDraft(userId);
    return true;
  }
  try {
    localStorage.setItem(key(userId), JSON.stringify({ savedAt: new Date().toISOString(), values }));
    return true;
  } catch {
    return false;
  }
}

export function clearGenerateDraft(userId: string): void {
  try {
    localStorage.removeItem(key(userId));
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
