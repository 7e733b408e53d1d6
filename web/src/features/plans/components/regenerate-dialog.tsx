import {
  MSG,
  etapaWords,
  lessonFieldLabels,
  LIMITS,
  type Etapa,
  type Aula,
  type RegenerableField,
  type RegenerateAulaResponse,
} from '@planejador/contracts';
import { RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { useGeracaoInfo } from '@/lib/api/get-geracao';
import { useRegenerateAula } from '../api/lesson-control';
import { failToast, regenerationCostText, RequestFooter } from './lesson-controls';

interface RegenerateDialogProps {
  planoId: string;
  aula: Aula;
  /** The class's stage: its words name the fields and the skills. */
  etapa?: Etapa;
  /** Only this field changes (one of the five texts, or the check of learning); absent: the whole lesson. */
  campo: RegenerableField | null;
  /**
   * "Reescrever a aula para a nova habilidade": the whole lesson written again with its current skills pinned, so no
   * field keeps citing the skill it had before.
   */
  rewrite?: boolean;
  /** This lesson has unsaved edits, which the new text will replace. */
  unsavedEdits: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the regeneration is queued, with the version it replaces (for "Desfazer"). */
  onQueued: (fromVersao: number) => void;
}

/**
 * "Gerar novamente": an optional instruction, the cost, and the request; the lesson then shows its own progress.
 * A whole lesson keeps its pinned skills; one without pins can keep its current skills (pinned from then on).
 */
export function RegenerateDialog({ planoId, aula, etapa, campo, rewrite = false, unsavedEdits, open, onOpenChange, onQueued }: RegenerateDialogProps) {
  const offline = useGeracaoInfo().data?.generator === 'offline';
  const [instrucao, setInstrucao] = useState('');
  const [keepSkills, setKeepSkills] = useState(false);
  const regenerate = useRegenerateAula(planoId);
  // Set at the first click, before the mutation's pending state renders: a double click sends one request.
  const sending = useRef(false);
  const fieldId = useId();
  const keepId = useId();
  const pinned = aula.habilidadesFixadas ?? [];
  const canKeepSkills = !rewrite && campo === null && pinned.length === 0 && aula.habilidadeCodes.length > 0;
  useEffect(() => {
    if (!open) return;
    setInstrucao('');
    setKeepSkills(false);
  }, [open]);
  const submit = () => {
    if (sending.current) return;
    sending.current = true;
    regenerate.mutate(
      {
        aulaId: aula.id,
        data: {
          instrucao: instrucao.trim() || undefined,
          campo: campo ?? undefined,
          habilidadesFixadas: rewrite || (canKeepSkills && keepSkills) ? aula.habilidadeCodes : undefined,
        },
      },
      {
        onSuccess: (answer: RegenerateAulaResponse & { nota?: string }) => {
          // Offline the wish is not followed by an AI: the api says what it did with it (kept as a note, nothing charged).
          if (answer?.nota || (offline && instrucao.trim())) {
            toast({ title: 'Pedido registrado como nota', description: answer?.nota || MSG.regenerationOfflineNote });
          }
          onQueued(aula.versao);
          onOpenChange(false);
        },
        onError: (error) => failToast(error, 'Não foi possível gerar a aula novamente.'),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  const labels = lessonFieldLabels(etapa);
  const words = etapaWords(etapa);
  const masc = words.habilidadesArtigo === 'os';
  const skillsOf = (n: number) => (n === 1 ? `${masc ? 'o' : 'a'} ${words.habilidade}` : `${words.habilidadesArtigo} ${words.habilidadesMinusculas}`);
  const target = campo ? `o campo ${labels[campo]}` : `a Aula ${aula.numeroAula}`;
  const title = rewrite
    ? `Reescrever a Aula ${aula.numeroAula} para ${masc ? 'o novo' : 'a nova'} ${words.habilidade}`
    : campo
      ? `Gerar novamente: ${labels[campo]}`
      : `Gerar novamente a Aula ${aula.numeroAula}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {rewrite
              ? `Toda a aula é escrita de novo citando ${skillsOf(aula.habilidadeCodes.length)} ${aula.habilidadeCodes.join(', ')}, para que nenhum campo cite ${masc ? 'o anterior' : 'a anterior'}; as outras aulas não mudam.`
              : `Escreveremos ${target} de novo${campo ? '; os outros campos e as outras aulas não mudam' : '; as outras aulas não mudam'}.`}{' '}
            Você pode desfazer depois. {regenerationCostText(aula, offline)}
          </DialogDescription>
        </DialogHeader>
        {offline ? (
          <p role="note" className="rounded-md border bg-muted p-3 text-sm">
            Sem uma IA configurada, a aula é reescrita a partir do currículo (BNCC) e o que você pedir abaixo fica registrado
            como nota para você, sem ser seguido automaticamente. Gerar novamente no modo offline não custa nada.
          </p>
        ) : null}
        {unsavedEdits ? (
          <p role="note" className="rounded-md border border-warning/40 bg-warning-soft p-3 text-sm text-warning">
            {campo
              ? 'Esta aula tem edições não salvas: as deste campo serão substituídas pelo novo texto; as dos outros campos e das outras aulas ficam.'
              : 'Esta aula tem edições não salvas: o novo texto as substitui; as edições das outras aulas ficam.'}
          </p>
        ) : null}
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Label htmlFor={fieldId}>O que você quer diferente? (opcional)</Label>
          <Textarea
            id={fieldId}
            value={instrucao}
            maxLength={LIMITS.instrucaoMax}
            rows={3}
            placeholder="Por exemplo: mais prática, com experimento"
            onChange={(event) => setInstrucao(event.target.value)}
          />
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {instrucao.length}/{LIMITS.instrucaoMax} caracteres
          </p>
          {campo === null && !rewrite && pinned.length > 0 ? (
            <p className="text-sm">{`${words.habilidadesFixadas} nesta aula, ${masc ? 'mantidos' : 'mantidas'}: ${pinned.join(', ')}.`}</p>
          ) : null}
          {canKeepSkills ? (
            <label htmlFor={keepId} className="flex cursor-pointer items-start gap-2 text-sm">
              <input
                id={keepId}
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={keepSkills}
                onChange={(event) => setKeepSkills(event.target.checked)}
              />
              <span>{`Manter ${skillsOf(aula.habilidadeCodes.length)} ${aula.habilidadeCodes.length === 1 ? 'atual' : 'atuais'} (${aula.habilidadeCodes.join(', ')})`}</span>
            </label>
          ) : null}
          <RequestFooter pending={regenerate.isPending} icon={<RefreshCw aria-hidden="true" />} label="Gerar novamente" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
