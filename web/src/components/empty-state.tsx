import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** h3 when the empty state sits inside a titled card; h1 when it is the whole page. */
  titleAs?: 'h1' | 'h2' | 'h3';
}

export function EmptyState({ icon: Icon, title, description, action, className, titleAs: Heading = 'h2' }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center', className)}>
      <div className="rounded-full bg-secondary p-3 text-secondary-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <Heading className="text-lg font-semibold">{title}</Heading>
      {description ? <p className="max-w-md text-sm text-muted-foreground">{description}</p> : null}
      {action}
    </div>
  );
}
