import { LESSON_FIELDS, LESSON_FIELD_EMPTY, LESSON_FIELD_LABELS, LIMITS, materiaLabel, type Aula, type LessonField } from '@planejador/contracts';
import { AlertTriangle } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { textareaRows, type LessonTexts } from '../utils/lesson-texts';

interface LessonCardProps {
  aula: Aula;
  texts: LessonTexts;
  editing: boolean;
  onChange: (id: string, field: LessonField, value: string) => void;
}

/** One lesson: 'Aula n - Matéria', the teacher's description and the five texts (read-only or editable). */
export function LessonCard({ aula, texts, editing, onChange }: LessonCardProps) {
  const headingId = `aula-${aula.id}-titulo`;
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader className="pb-4">
          <CardTitle as="h2" id={headingId}>
            Aula {aula.numeroAula} - {materiaLabel(aula.materia)}
          </CardTitle>
          <div className="mt-2 rounded-md bg-muted p-3 text-sm">
            <p className="font-medium">Descrição da aula</p>
            <p className="mt-1 whitespace-pre-wrap text-muted-foreground">{aula.prompt}</p>
          </div>
          {aula.generationState === 'failed' ? (
            <p className="mt-2 flex items-start gap-2 rounded-md bg-warning-soft p-3 text-sm text-warning">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                A geração desta aula falhou{aula.generationError ? ` (${aula.generationError})` : ''}. Você pode preencher
                os campos manualmente.
              </span>
            </p>
          ) : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {LESSON_FIELDS.map((field) => {
            const value = texts[field];
            const fieldId = `aula-${aula.id}-${field}`;
            return editing ? (
              <div key={field} className="flex flex-col gap-2">
                <Label htmlFor={fieldId}>{LESSON_FIELD_LABELS[field]}</Label>
                {/* Grows with its text from 4 to 12 lines where the browser sizes fields to their content;
                    elsewhere `rows` estimates it (about 80 characters a line). */}
                <Textarea
                  id={fieldId}
                  value={value}
                  rows={textareaRows(value)}
                  maxLength={LIMITS.lessonFieldMax}
                  placeholder={LESSON_FIELD_EMPTY[field]}
                  className="resize-y [field-sizing:content] min-h-[calc(4lh+1rem+2px)] max-h-[calc(12lh+1rem+2px)]"
                  onChange={(event) => onChange(aula.id, field, event.target.value)}
                />
              </div>
            ) : (
              <div key={field} className="flex flex-col gap-1.5">
                <h3 className="text-sm font-semibold">{LESSON_FIELD_LABELS[field]}</h3>
                {value.trim() ? (
                  <p className="whitespace-pre-wrap text-sm leading-relaxed">{value}</p>
                ) : (
                  <p className="text-sm italic text-muted-foreground">{LESSON_FIELD_EMPTY[field]}</p>
                )}
              </div>
            );
          })}
        </CardContent>
      </Card>
    </section>
  );
}
