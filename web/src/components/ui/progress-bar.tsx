import { cn } from '@/lib/utils';

interface ProgressBarProps {
  value: number;
  max: number;
  /** The bar's accessible name; without one the bar is decoration beside numbers already in text (aria-hidden). */
  label?: string;
  /** What a screen reader says for the value ("2 de 5 aulas"); by default the value and the maximum. */
  valueText?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const HEIGHTS = { sm: 'h-1.5', md: 'h-2.5', lg: 'h-3' } as const;

/** The one progress bar of the app: a share of `max` filled in the primary colour, animated as it grows. */
export function ProgressBar({ value, max, label, valueText, size = 'md', className }: ProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  const a11y = label
    ? { role: 'progressbar', 'aria-label': label, 'aria-valuemin': 0, 'aria-valuemax': max, 'aria-valuenow': value, 'aria-valuetext': valueText }
    : { 'aria-hidden': true };
  return (
    <div {...a11y} className={cn('w-full overflow-hidden rounded-full bg-muted', HEIGHTS[size], className)}>
      <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
    </div>
  );
}
