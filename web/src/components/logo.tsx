import { BookOpenCheck } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The product mark and name; `short` keeps only "Planejador" (small screens). */
export function Logo({ className, short = false }: { className?: string; short?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <BookOpenCheck className="size-5" aria-hidden="true" />
      </span>
      {short ? <span>Planejador</span> : <span>Planejador de Aulas</span>}
    </span>
  );
}
