import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

interface SpinnerProps {
  label?: string;
  className?: string;
  /** Show the label as text next to the icon (otherwise it is only announced). */
  showLabel?: boolean;
}

export function Spinner({ label = 'Carregando...', className, showLabel = false }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} className={cn('flex items-center justify-center gap-2', className)}>
      <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
      {showLabel ? <span className="text-sm text-muted-foreground">{label}</span> : null}
    </div>
  );
}

/** Whole-page loading state. */
export function PageSpinner({ label = 'Carregando...' }: { label?: string }) {
  return <Spinner label={label} className="min-h-[50vh] w-full" />;
}
