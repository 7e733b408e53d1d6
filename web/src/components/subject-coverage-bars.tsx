import { materiaLabel, type CoberturaResumo } from '@planejador/contracts';
import { ProgressBar } from '@/components/ui/progress-bar';

interface SubjectCoverageBarsProps {
  /** The list's accessible name, e.g. 'Cobertura da BNCC da turma 51 por matéria'. */
  label: string;
  materias: CoberturaResumo['materias'];
}

/** Each subject's share of covered BNCC skills as a small bar with its numbers in text (the class cards). */
export function SubjectCoverageBars({ label, materias }: SubjectCoverageBarsProps) {
  return (
    <ul className="flex flex-col gap-1" aria-label={label}>
      {materias.map((m) => {
        return (
          <li key={m.materia} className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)_auto] items-center gap-2 text-xs">
            <span className="truncate">{materiaLabel(m.materia)}</span>
            <ProgressBar value={m.cobertas} max={m.total} size="sm" />
            <span className="tabular-nums text-muted-foreground">
              {m.cobertas}/{m.total}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
