import { materiaLabel, type CoberturaResumo } from '@planejador/contracts';

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
        const percent = m.total ? Math.round((m.cobertas / m.total) * 100) : 0;
        return (
          <li key={m.materia} className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)_auto] items-center gap-2 text-xs">
            <span className="truncate">{materiaLabel(m.materia)}</span>
            <span aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-muted">
              <span className="block h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
            </span>
            <span className="tabular-nums text-muted-foreground">
              {m.cobertas}/{m.total}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
