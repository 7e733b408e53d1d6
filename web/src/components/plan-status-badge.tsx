import { PLAN_STATUS_LABELS, normalizeStatus, type Generation } from '@planejador/contracts';
import { AlertTriangle, Loader2 } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { hasFailed, isGenerating } from '@/lib/plan-status';

const STATUS_VARIANTS: Record<string, BadgeProps['variant']> = {
  gerado: 'info',
  editado: 'warning',
  salvo: 'success',
};

interface PlanStatusBadgeProps {
  status: string;
  generation?: Generation | null;
}

/** Gerado / Editado / Salvo (unknown shows Gerado); 'Gerando…' and 'Falhou' come from the generation state. */
export function PlanStatusBadge({ status, generation }: PlanStatusBadgeProps) {
  if (isGenerating(generation)) {
    return (
      <Badge variant="secondary">
        <Loader2 className="size-3 animate-spin" aria-hidden="true" />
        Gerando…
      </Badge>
    );
  }
  if (hasFailed(generation)) {
    return (
      <Badge variant="destructive">
        <AlertTriangle className="size-3" aria-hidden="true" />
        Falhou
      </Badge>
    );
  }
  const normalized = normalizeStatus(status);
  return <Badge variant={STATUS_VARIANTS[normalized]}>{PLAN_STATUS_LABELS[normalized]}</Badge>;
}
