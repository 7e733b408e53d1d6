import { Sparkles } from 'lucide-react';
import { useWriterText } from '@/lib/api/get-geracao';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export interface GenerateSummary {
  turma: string;
  /** The title typed; empty: the server names the plan from its lessons. */
  titulo: string;
  materia: string;
  /** What the class's stage calls a subject ("Matéria", "Campo de experiência"); absent: "Matéria". */
  materiaNoun?: string;
  aulas: number;
}

interface ConfirmGenerateDialogProps {
  summary: GenerateSummary | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Confirmar Geração do Plano': what will be generated and what it costs. */
export function ConfirmGenerateDialog({ summary, pending, onCancel, onConfirm }: ConfirmGenerateDialogProps) {
  const description = useWriterText({
    openai: 'Confira os dados antes de gerar. A IA escreve cada aula a partir das suas descrições.',
    offline: 'Confira os dados antes de gerar. Sem IA (modo offline), cada aula é redigida a partir das suas descrições e dos dados da BNCC.',
    unknown: 'Confira os dados antes de gerar. Cada aula é escrita a partir das suas descrições.',
  });
  return (
    <Dialog open={summary !== null} onOpenChange={(open) => (!open && !pending ? onCancel() : undefined)}>
      <DialogContent hideClose>
        <DialogHeader className="pr-0">
          <DialogTitle>Confirmar Geração do Plano</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {summary ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-muted p-4 text-sm">
            <dt className="text-muted-foreground">Título</dt>
            <dd className="font-medium">{summary.titulo || 'Nomeado a partir das aulas'}</dd>
            <dt className="text-muted-foreground">Turma</dt>
            <dd className="font-medium">{summary.turma}</dd>
            <dt className="text-muted-foreground">{summary.materiaNoun ?? 'Matéria'}</dt>
            <dd className="font-medium">{summary.materia}</dd>
            <dt className="text-muted-foreground">Aulas</dt>
            <dd className="font-medium">
              {summary.aulas} {summary.aulas === 1 ? 'aula' : 'aulas'}
            </dd>
            <dt className="text-muted-foreground">Custo</dt>
            <dd className="font-medium">1 crédito</dd>
          </dl>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancelar
          </Button>
          <Button onClick={onConfirm} disabled={pending}>
            <Sparkles aria-hidden="true" />
            {pending ? 'Enviando...' : 'Confirmar e Gerar'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
