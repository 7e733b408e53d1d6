/** A share as a bar with its numbers in text: the colour is never the only signal. */
export function CoverageBar({ covered, total, label }: { covered: number; total: number; label: string }) {
  const percent = total ? Math.round((covered / total) * 100) : 0;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span>{label}</span>
        <span className="tabular-nums text-muted-foreground">
          {covered} de {total} ({percent}%)
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${label}: ${covered} de ${total} habilidades cobertas`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={covered}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
