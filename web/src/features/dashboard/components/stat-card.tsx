import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

interface StatCardProps {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
  loading: boolean;
}

export function StatCard({ label, value, icon: Icon, loading }: StatCardProps) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <div className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {loading ? (
          <div className="mt-1 h-8 w-12 animate-pulse rounded bg-muted" aria-hidden="true" />
        ) : (
          <p className="text-3xl font-bold">{value ?? 0}</p>
        )}
      </div>
    </Card>
  );
}
