import { LIMITS, type Aula } from '@planejador/contracts';
import { Accessibility, History, Loader2, RefreshCw, Replace, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { errorText, isUnauthorized } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useRestoreVersao } from '../api/lesson-control';

// A lesson's controls bar, and what its dialogs (regenerate-dialog, skill-picker-dialog, versions-dialog,
// adapt-dialog) share: the cost of a regeneration, the request footer and the failure toast.

/**
 * What a regeneration of this lesson costs, in the teacher's words (a failed lesson's counts the same way). Offline
 * (no AI configured here) regenerations cost nothing.
 */
export function regenerationCostText(aula: Aula, offline = false): string {
  if (offline) return 'Sem IA configurada, gerar novamente não custa nada.';
  const left = Math.max(0, LIMITS.freeRegenerations - aula.regeneracoes);
  if (left > 0) return left === 1 ? 'Resta 1 geração gratuita para esta aula.' : `Restam ${left} gerações gratuitas para esta aula.`;
  return `As gerações gratuitas desta aula acabaram: esta custa ${LIMITS.regenerationCost} crédito.`;
}

/** A lesson request's failure, said in a toast (a 401 is left to the app, which asks to sign in again). */
export function failToast(error: unknown, fallback: string) {
  if (isUnauthorized(error)) return;
  toast({ title: 'Erro', description: errorText(error, fallback), variant: 'destructive' });
}

/** A lesson request's dialog footer: Cancelar, and the request's button that says when it is being sent. */
export function RequestFooter({ pending, disabled = false, icon, label, onCancel }: { pending: boolean; disabled?: boolean; icon: ReactNode; label: string; onCancel: () => void }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" disabled={disabled || pending} aria-busy={pending}>
        {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : icon}
        {pending ? 'Enviando...' : label}
      </Button>
    </DialogFooter>
  );
}

/** "Desfazer" right after a regeneration: back to the version it replaced. */
function UndoButton({ planoId, aula, fromVersao, onDone }: { planoId: string; aula: Aula; fromVersao: number; onDone: () => void }) {
  const restore = useRestoreVersao(planoId);
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={restore.isPending}
      aria-busy={restore.isPending}
      onClick={() =>
        restore.mutate(
          { aulaId: aula.id, versao: fromVersao },
          {
            onSuccess: () => {
              toast({ title: 'Desfeito', description: `A Aula ${aula.numeroAula} voltou ao texto anterior.`, variant: 'success' });
              onDone();
            },
            onError: (error) => failToast(error, 'Não foi possível desfazer.'),
          },
        )
      }
    >
      {restore.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Undo2 aria-hidden="true" />}
      Desfazer
    </Button>
  );
}

interface LessonControlsProps {
  planoId: string;
  aula: Aula;
  /** The lesson is queued or running: it cannot be asked again until it ends. */
  busy: boolean;
  failed: boolean;
  /** The version a regeneration replaced, while "Desfazer" is on offer. */
  undoFrom: number | null;
  onRegenerate: () => void;
  onPickSkill: () => void;
  onAdapt: () => void;
  onShowVersions: () => void;
  onUndoDone: () => void;
  /** The class's stage's word for a skill ("habilidade", "objetivo"). */
  habilidadeWord?: string;
}

/** 'Ações da Aula n': generate again, change the skill, adapt, versions, and "Desfazer" right after a regeneration. */
export function LessonControls({ planoId, aula, busy, failed, undoFrom, onRegenerate, onPickSkill, onAdapt, onShowVersions, onUndoDone, habilidadeWord = 'habilidade' }: LessonControlsProps) {
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Ações da Aula ${aula.numeroAula}`}>
      <Button size="sm" variant="outline" disabled={busy} aria-busy={busy} onClick={onRegenerate}>
        {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
        {failed ? 'Gerar novamente (grátis)' : 'Gerar novamente'}
      </Button>
      <Button size="sm" variant="outline" disabled={busy || failed} onClick={onPickSkill}>
        <Replace aria-hidden="true" />
        Trocar {habilidadeWord}
      </Button>
      <Button size="sm" variant="outline" disabled={busy || failed} onClick={onAdapt}>
        <Accessibility aria-hidden="true" />
        Adaptar atividade
      </Button>
      <Button size="sm" variant="ghost" disabled={aula.versao === 0} onClick={onShowVersions}>
        <History aria-hidden="true" />
        Versões{aula.versao > 1 ? ` (${aula.versao})` : ''}
      </Button>
      {undoFrom !== null && !busy && aula.versao > undoFrom ? <UndoButton planoId={planoId} aula={aula} fromVersao={undoFrom} onDone={onUndoDone} /> : null}
    </div>
  );
}
