import { BARREIRA_HINTS, BARREIRA_LABELS, BARREIRAS, LIMITS, MSG, type Aula, type Barreira } from '@planejador/contracts';
import { Accessibility } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useGeracaoInfo } from '@/lib/api/get-geracao';
import { errorText, isUnauthorized } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useAdaptarAula } from '../api/adapt-aula';
import { regenerationCostText, RequestFooter } from './lesson-controls';

const barreiraOptions = (list: readonly Barreira[]) =>
  list.map((b) => (
    <option key={b} value={b}>
      {BARREIRA_LABELS[b]}
    </option>
  ));

interface AdaptDialogProps {
  planoId: string;
  aula: Aula;
  /** The class's barreiras: offered first (the others stay available). */
  barreiras: readonly Barreira[];
  /** This lesson has unsaved edits in Experiências, which the adapted text will replace. */
  unsavedEdits: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the adaptation is queued, with the version it replaces (for "Desfazer"). */
  onQueued: (fromVersao: number) => void;
}

/**
 * "Adaptar atividade": the lesson's Experiências de Aprendizagem written again for one barreira (shorter sentences
 * and a glossary for leitura, visual and Libras support for audição, ...), with the same skills; a new version
 * under the regeneration rules, undone like one.
 */
export function AdaptDialog({ planoId, aula, barreiras, unsavedEdits, open, onOpenChange, onQueued }: AdaptDialogProps) {
  const offline = useGeracaoInfo().data?.generator === 'offline';
  const [barreira, setBarreira] = useState<Barreira | ''>('');
  const [instrucao, setInstrucao] = useState('');
  const adapt = useAdaptarAula(planoId);
  const sending = useRef(false);
  const selectId = useId();
  const wishId = useId();
  const others = BARREIRAS.filter((b) => !barreiras.includes(b));
  useEffect(() => {
    if (!open) return;
    setBarreira(barreiras[0] ?? '');
    setInstrucao('');
  }, [open, barreiras]);
  const submit = () => {
    if (sending.current || !barreira) return;
    sending.current = true;
    adapt.mutate(
      { aulaId: aula.id, data: { barreira, instrucao: instrucao.trim() || undefined } },
      {
        onSuccess: (answer) => {
          if (answer?.nota) toast({ title: 'Pedido registrado como nota', description: answer.nota || MSG.regenerationOfflineNote });
          onQueued(aula.versao);
          onOpenChange(false);
        },
        onError: (error) => {
          if (!isUnauthorized(error)) toast({ title: 'Erro', description: errorText(error, 'Não foi possível adaptar a atividade.'), variant: 'destructive' });
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Adaptar atividade da Aula {aula.numeroAula}</DialogTitle>
          <DialogDescription>
            As Experiências de Aprendizagem são escritas de novo para a barreira escolhida, com as mesmas habilidades; os outros
            campos não mudam. Você pode desfazer depois. {regenerationCostText(aula, offline)}
          </DialogDescription>
        </DialogHeader>
        {offline ? (
          <p role="note" className="rounded-md border bg-muted p-3 text-sm">
            Sem uma IA configurada, a adaptação divide as frases, acrescenta apoios da referência DUA do Planejador e um glossário
            com palavras da habilidade; um pedido seu fica registrado como nota.
          </p>
        ) : null}
        {unsavedEdits ? (
          <p role="note" className="rounded-md border border-warning/40 bg-warning-soft p-3 text-sm text-warning">
            Esta aula tem edições não salvas: as de Experiências de Aprendizagem serão substituídas pela adaptação.
          </p>
        ) : null}
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Label htmlFor={selectId}>Barreira</Label>
          <select
            id={selectId}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            value={barreira}
            aria-describedby={`${selectId}-dica`}
            onChange={(event) => setBarreira(event.target.value as Barreira)}
          >
            {barreiras.length === 0 ? <option value="">Escolha a barreira</option> : null}
            {barreiras.length > 0 ? <optgroup label="Barreiras da turma">{barreiraOptions(barreiras)}</optgroup> : null}
            <optgroup label={barreiras.length > 0 ? 'Outras barreiras' : 'Barreiras'}>{barreiraOptions(others)}</optgroup>
          </select>
          <p id={`${selectId}-dica`} className="text-xs text-muted-foreground">
            {barreira ? `${BARREIRA_LABELS[barreira]}: ${BARREIRA_HINTS[barreira]}.` : 'O que a turma precisa, nunca quem precisa.'}
          </p>
          <Label htmlFor={wishId}>Algum pedido? (opcional)</Label>
          <Textarea
            id={wishId}
            value={instrucao}
            maxLength={LIMITS.instrucaoMax}
            rows={3}
            placeholder="Por exemplo: com imagens de cada etapa"
            onChange={(event) => setInstrucao(event.target.value)}
          />
          <RequestFooter
            pending={adapt.isPending}
            disabled={!barreira}
            icon={<Accessibility aria-hidden="true" />}
            label="Adaptar"
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
