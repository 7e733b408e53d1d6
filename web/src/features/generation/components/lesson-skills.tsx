import { etapaWords, LIMITS, type Etapa, type GenerateFormData, type GenerateFormInput, type HabilidadeMatch } from '@planejador/contracts';
import { BookOpen, Pin, PinOff } from 'lucide-react';
import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { staleResults, useSearchHabilidades } from '@/lib/api/search-habilidades';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { pinAnnouncement } from './skill-pin';

type GenerateForm = UseFormReturn<GenerateFormInput, unknown, GenerateFormData>;

/** A lesson's pinned skills (habilidadesFixadas) and one toggle that pins (up to the maximum) or unpins. */
export function useLessonPins(form: GenerateForm, index: number) {
  const pins = useWatch({ control: form.control, name: `aulas.${index}.habilidadesFixadas` }) ?? [];
  const [announcement, setAnnouncement] = useState('');
  const toggle = (code: string) => {
    // Read the form, not the render's copy: two quick clicks must both count.
    const current = form.getValues(`aulas.${index}.habilidadesFixadas`) ?? [];
    const pinned = current.includes(code);
    if (!pinned && current.length >= LIMITS.habilidadesFixadasMax) return;
    const next = pinned ? current.filter((c) => c !== code) : [...current, code];
    form.setValue(`aulas.${index}.habilidadesFixadas`, next, { shouldDirty: true, shouldValidate: false });
    setAnnouncement(pinAnnouncement(code, !pinned, index + 1, next.length));
  };
  return { pins, toggle, announcement, full: pins.length >= LIMITS.habilidadesFixadasMax };
}

interface LessonSkillsProps {
  form: GenerateForm;
  index: number;
  /** The class's year and the plan's subject; suggestions need both. */
  ano: string | null;
  /** The class's stage; absent: fundamental. */
  etapa?: Etapa;
  materia: string | null;
  numero: number;
  /** "Ver todas": the matrix of the year and subject, to pick this lesson's skills from. */
  onViewAll: (index: number) => void;
}

/**
 * Under a lesson's description: the skills it pins (the lesson will cite exactly them) and, as the teacher types,
 * the best-fitting skills of the class's year and the subject, each pinned or unpinned with one click.
 */
export function LessonSkills({ form, index, ano, etapa, materia, numero, onViewAll }: LessonSkillsProps) {
  const prompt = useWatch({ control: form.control, name: `aulas.${index}.prompt` }) ?? '';
  const { pins, toggle, announcement, full } = useLessonPins(form, index);
  const q = useDebouncedValue(prompt.trim(), 300);
  const suggestions = useSearchHabilidades({ etapa, ano: ano ?? '', materia: materia ?? '', q, limit: LIMITS.skillSuggestions });
  const known = new Map<string, HabilidadeMatch>((suggestions.data ?? []).map((s) => [s.code, s]));

  if (!ano || !materia) return null;
  const shown = q ? (suggestions.data ?? []) : [];
  // Suggestions for an older text stay in view (no jump) but cannot be pinned until the new ones come.
  const stale = staleResults(suggestions, prompt, q);
  const words = etapaWords(etapa);
  return (
    <div className="mt-2 flex flex-col gap-2">
      {pins.length > 0 ? (
        <div>
          <p className="text-xs font-medium">{words.habilidadesFixadas} na aula {numero} (a aula citará exatamente {words.habilidadesArtigo === 'os' ? 'estes' : 'estas'}):</p>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {pins.map((code) => (
              <li key={code}>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  className="h-7 px-2 text-xs"
                  aria-label={`Desafixar ${code} da aula ${numero}`}
                  title={known.get(code)?.description ?? code}
                  onClick={() => toggle(code)}
                >
                  <PinOff className="size-3.5" aria-hidden="true" />
                  {code}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {shown.length > 0 ? (
        <div>
          <p className="text-xs text-muted-foreground" id={`sugestoes-${index}`}>
            {words.habilidades} {words.habilidadesArtigo === 'os' ? 'sugeridos' : 'sugeridas'} para a aula {numero}
            {full ? ` (máximo de ${LIMITS.habilidadesFixadasMax} ${words.habilidadesArtigo === 'os' ? 'fixados' : 'fixadas'})` : ''}:
          </p>
          {stale ? <p className="text-xs text-muted-foreground">Atualizando as sugestões para o novo texto...</p> : null}
          <ul className="mt-1 flex flex-col gap-1.5" aria-labelledby={`sugestoes-${index}`} aria-busy={stale}>
            {shown.map((skill) => {
              const pinned = pins.includes(skill.code);
              return (
                <li key={skill.code}>
                  <button
                    type="button"
                    aria-pressed={pinned}
                    disabled={!pinned && full}
                    // Stale: still focusable (the keyboard keeps its place) but said unavailable, and a click does nothing.
                    aria-disabled={stale || undefined}
                    onClick={() => {
                      if (!stale) toggle(skill.code);
                    }}
                    className="flex w-full items-start gap-2 rounded-md border px-2 py-1.5 text-left text-xs hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:border-dashed aria-disabled:opacity-60 aria-pressed:border-primary aria-pressed:bg-primary/10"
                  >
                    {pinned ? <PinOff className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" /> : <Pin className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />}
                    <span>
                      <span className="font-semibold">{skill.code}</span>
                      <span className="sr-only">{pinned ? ' (fixada)' : ' (fixar)'}</span> {skill.description}
                      <span className="block text-muted-foreground">{skill.unit}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          size="sm"
          variant="link"
          className="h-auto px-0 text-xs"
          aria-label={`Ver ${words.habilidadesArtigo === 'os' ? 'todos' : 'todas'} ${words.habilidadesArtigo} ${words.habilidadesMinusculas} para a aula ${numero}`}
          onClick={() => onViewAll(index)}
        >
          <BookOpen className="size-3.5" aria-hidden="true" />
          Ver todas
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
