import { LIMITS, materiaLabel as labelOf, materiasOf, MSG, type Etapa, type Materia, type GenerateFormData, type GenerateFormInput } from '@planejador/contracts';
import { Plus, Trash2 } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { TOUR_TARGETS } from '../hooks/use-generation-tutorial';
import { LessonSkills } from './lesson-skills';

interface LessonsTableProps {
  form: UseFormReturn<GenerateFormInput, unknown, GenerateFormData>;
  /** The label of the general subject, which a lesson takes unless the teacher gives it its own. */
  materiaLabel: string | null;
  /** What the class's stage calls a subject ("Matéria", "Campo de experiência", "Área do conhecimento"). */
  materiaNoun?: string;
  /** The class's year and the subject's value: the skill suggestions need both. */
  ano: string | null;
  /** The class's stage; absent: fundamental. */
  etapa?: Etapa;
  materia: string | null;
  /** A lesson's "Ver todas": the matrix opens to pick that lesson's skills. */
  onViewAll: (index: number) => void;
}

const promptName = (index: number) => `aulas.${index}.prompt` as const;
/** A lesson's subject select: the general subject (no value of its own) or another of the stage's subjects. */
const GENERAL = 'geral';

/**
 * The lessons of the plan: number, description, subject (the general one unless changed: a plan of the early years
 * may mix subjects), skills, delete. Enter in a filled description adds the next lesson.
 */
export function LessonsTable({ form, materiaLabel, materiaNoun = 'Matéria', ano, etapa, materia, onViewAll }: LessonsTableProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'aulas' });
  const aulas = useWatch({ control: form.control, name: 'aulas' });
  const errors = form.formState.errors.aulas;
  const count = fields.length;

  const addAula = () => {
    if (count >= LIMITS.aulasMax) {
      toast({ title: MSG.aulasMaxToastTitle, description: MSG.aulasMaxToast, variant: 'destructive' });
      return;
    }
    append({ prompt: '', habilidadesFixadas: [] }, { focusName: promptName(count) });
  };

  const removeAula = (index: number) => {
    remove(index);
    // The button that had focus is gone: continue in the row that took its place (or the new last one).
    const next = Math.min(index, count - 2);
    window.requestAnimationFrame(() => form.setFocus(promptName(next)));
  };

  const onPromptKeyDown = (index: number) => (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!event.currentTarget.value.trim()) return;
    // From the last row Enter adds a lesson; from an earlier one it moves on to the next.
    if (index === count - 1) addAula();
    else form.setFocus(promptName(index + 1));
  };

  return (
    <div data-tour={TOUR_TARGETS.aulas} className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">
            Aulas do plano ({count} de {LIMITS.aulasMax})
          </caption>
          <thead className="bg-muted text-left text-muted-foreground">
            <tr>
              <th scope="col" className="w-9 px-2 py-2 font-medium sm:w-12 sm:px-3">
                Nº
              </th>
              <th scope="col" className="px-2 py-2 font-medium sm:px-3">
                Descrição da aula
              </th>
              <th scope="col" className="w-12 px-1 py-2 text-right font-medium sm:w-16 sm:px-3">
                {/* Phones: the column keeps its name for screen readers but not its width. */}
                <span className="sr-only sm:not-sr-only">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => {
              const numero = index + 1;
              const error = errors?.[index]?.prompt?.message;
              const errorId = `aula-${field.id}-error`;
              return (
                <tr key={field.id} className="border-t align-top">
                  <td className="px-2 py-3 font-semibold tabular-nums sm:px-3">{numero}</td>
                  <td className="px-1 py-2 sm:px-2">
                    <Textarea
                      rows={2}
                      aria-label={`Descrição da aula ${numero}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      placeholder={
                        index === 0 ? 'Ex.: Frações com receitas de bolo, comparando quantidades' : 'Descreva a aula'
                      }
                      className="min-h-16 resize-y"
                      onKeyDown={onPromptKeyDown(index)}
                      {...form.register(promptName(index))}
                    />
                    {error ? (
                      <p id={errorId} className="mt-1 text-sm font-medium text-destructive">
                        {error}
                      </p>
                    ) : null}
                    {materia && materiaLabel && aulas?.[index]?.prompt?.trim() ? (
                      <div className="mt-2 flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
                        <span className="text-xs text-muted-foreground" aria-hidden="true">
                          {materiaNoun}:
                        </span>
                        <SelectField
                          aria-label={`${materiaNoun} da aula ${numero}`}
                          className="h-8 text-xs sm:w-64"
                          value={aulas[index]?.materia && aulas[index]?.materia !== materia ? aulas[index].materia! : GENERAL}
                          onChange={(value) => {
                            const own = value === GENERAL ? undefined : (value as Materia);
                            if (own === (aulas[index]?.materia ?? undefined)) return;
                            form.setValue(`aulas.${index}.materia`, own, { shouldDirty: true });
                            // Pinned skills belong to the subject they were found in.
                            form.setValue(`aulas.${index}.habilidadesFixadas`, [], { shouldDirty: true });
                          }}
                          options={[
                            { value: GENERAL, label: `${materiaLabel} (${materiaNoun.toLowerCase()} geral)` },
                            ...materiasOf(etapa ?? 'fundamental')
                              .filter((m) => m !== materia)
                              .map((m) => ({ value: m, label: labelOf(m) })),
                          ]}
                        />
                      </div>
                    ) : null}
                    <LessonSkills
                      form={form}
                      index={index}
                      ano={ano}
                      etapa={etapa}
                      materia={(materia && aulas?.[index]?.materia) || materia}
                      numero={numero}
                      onViewAll={onViewAll}
                    />
                  </td>
                  <td className="px-1 py-2 text-right sm:px-2">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Excluir aula ${numero}`}
                      title={count === 1 ? 'O plano precisa de pelo menos uma aula' : `Excluir aula ${numero}`}
                      disabled={count === 1}
                      onClick={() => removeAula(index)}
                      className="text-muted-foreground hover:text-destructive"
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {typeof errors?.message === 'string' ? (
        <p className="text-sm font-medium text-destructive">{errors.message}</p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          Enter adiciona uma nova aula; Shift+Enter quebra a linha. Aulas sem descrição são ignoradas.
        </p>
        <Button variant="outline" onClick={addAula}>
          <Plus aria-hidden="true" />
          Adicionar Aula
        </Button>
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {count} de {LIMITS.aulasMax} aulas
      </p>
    </div>
  );
}
