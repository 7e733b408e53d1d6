import { lessonFieldLabels, type Etapa } from '@planejador/contracts';
import { useLessonStream } from '@/lib/lesson-stream';
import { cn } from '@/lib/utils';

/** The text fields a streamed lesson shows while the AI writes them, in the order of the plan. */
const STREAMED_FIELDS = ['objetivos', 'objetosConhecimento', 'experiencias', 'evidencias'] as const;

interface LessonBeingWrittenProps {
  aulaId: string;
  /** The region's accessible name ('Aula 2 sendo escrita'). */
  label: string;
  /** Keeps the region to a few lines, fading out (the generating screen lists every lesson); else it grows in full. */
  clamp?: boolean;
  className?: string;
  /** The class's stage: its words label the fields ("Saberes e conhecimentos"). */
  etapa?: Etapa;
}

/**
 * A lesson's text as the AI writes it (streaming, lib/lesson-stream.ts): its title and fields so far, growing.
 * Nothing shows before the first words arrive (the offline drafter does not stream), and the stored lesson replaces
 * it once it is done. Not a live region: a screen reader is told once that the lesson is being written (the
 * caller's status), not every few words; the region is aria-busy until the text is complete.
 */
export function LessonBeingWritten({ aulaId, label, clamp = false, className, etapa }: LessonBeingWrittenProps) {
  const campos = useLessonStream(aulaId);
  if (!campos) return null;
  const fields = STREAMED_FIELDS.filter((key) => campos[key]?.trim());
  const titulo = campos.titulo?.trim();
  if (!titulo && fields.length === 0) return null;
  return (
    <section
      aria-label={label}
      aria-busy="true"
      className={cn(
        'rounded-md bg-muted/50 p-3 text-sm [overflow-wrap:anywhere]',
        clamp && 'max-h-48 overflow-hidden [mask-image:linear-gradient(to_bottom,black_75%,transparent)]',
        className,
      )}
    >
      {titulo ? <p className="font-semibold">{campos.titulo}</p> : null}
      {fields.map((key) => (
        <p key={key} className="mt-1 whitespace-pre-line text-muted-foreground">
          <span className="font-medium text-foreground">{lessonFieldLabels(etapa)[key]}: </span>
          {campos[key]}
        </p>
      ))}
    </section>
  );
}
