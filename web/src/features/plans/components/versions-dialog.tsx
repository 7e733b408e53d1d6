import {
  lessonFieldLabels,
  LIMITS,
  VERSION_ORIGIN_LABELS,
  type Aula,
  type Etapa,
  verificacaoKindOf,
} from '@planejador/contracts';
import { History, Loader2 } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAulaVersoes, useRestoreVersao } from '../api/lesson-control';
import { DuaView } from './dua-section';
import { failToast } from './lesson-controls';
import { VerificacaoView } from './verificacao';

interface VersionsDialogProps {
  planoId: string;
  aula: Aula;
  /** The class's stage: infantil checks by points to observe (named so). */
  etapa?: Etapa;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Versões": the contents the lesson had (the newest 50 are kept), newest first, each with its origin, date, preview
 * and a restore; the newest 20 first, then a page more at each 'Ver versões anteriores'.
 */
export function VersionsDialog({ planoId, aula, etapa, open, onOpenChange }: VersionsDialogProps) {
  const kind = verificacaoKindOf(etapa);
  const labels = lessonFieldLabels(etapa);
  const versions = useAulaVersoes(planoId, aula.id, open, aula.versao);
  const list = useMemo(() => versions.data?.pages.flatMap((page) => page.versions) ?? [], [versions.data]);
  const restore = useRestoreVersao(planoId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Versões da Aula {aula.numeroAula}</DialogTitle>
          <DialogDescription>
            A primeira é o conteúdo atual. Restaurar uma versão cria uma nova. Guardamos as {LIMITS.versoesKept} versões mais
            recentes de cada aula (a gerada fica sempre).
          </DialogDescription>
        </DialogHeader>
        {versions.isPending ? <p className="text-sm text-muted-foreground">Carregando versões...</p> : null}
        <ol className="flex max-h-[60dvh] flex-col gap-3 overflow-y-auto pr-1">
          {list.map((v, index) => (
            <li key={v.versao} className="rounded-md border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm">
                  <span className="font-semibold">Versão {v.versao}</span> · {VERSION_ORIGIN_LABELS[v.origem]} · {formatDateTime(v.createdAt)}
                  {index === 0 ? <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs">atual</span> : null}
                </p>
                {index > 0 ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={restore.isPending}
                    aria-label={`Restaurar versão ${v.versao}`}
                    onClick={() =>
                      restore.mutate(
                        { aulaId: aula.id, versao: v.versao },
                        {
                          onSuccess: () => {
                            toast({ title: 'Versão restaurada', description: `A Aula ${aula.numeroAula} voltou à versão ${v.versao}.`, variant: 'success' });
                            onOpenChange(false);
                          },
                          onError: (error) => failToast(error, 'Não foi possível restaurar a versão.'),
                        },
                      )
                    }
                  >
                    <History aria-hidden="true" />
                    Restaurar
                  </Button>
                ) : null}
              </div>
              {v.instrucao ? <p className="mt-1 text-xs text-muted-foreground">Pedido: “{v.instrucao}”</p> : null}
              {v.campo ? <p className="mt-1 text-xs text-muted-foreground">Só o campo {labels[v.campo]}</p> : null}
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-primary">Ver conteúdo</summary>
                <dl className="mt-2 flex flex-col gap-2">
                  <div>
                    <dt className="font-medium">Título da aula</dt>
                    <dd className="text-muted-foreground">{v.titulo || '—'}</dd>
                  </div>
                  {(['habilidades', 'objetivos', 'objetosConhecimento', 'experiencias', 'evidencias'] as const).map((field) => (
                    <div key={field}>
                      <dt className="font-medium">{labels[field]}</dt>
                      <dd className="whitespace-pre-wrap text-muted-foreground">{v[field] || '—'}</dd>
                    </div>
                  ))}
                  <div>
                    <dt className="font-medium">{labels.verificacao}</dt>
                    <dd className="mt-1">
                      <VerificacaoView verificacao={v.verificacao} kind={kind} />
                    </dd>
                  </div>
                  {v.dua ? (
                    <div>
                      <dt className="font-medium">{labels.dua}</dt>
                      <dd className="mt-1">
                        <DuaView dua={v.dua} />
                      </dd>
                    </div>
                  ) : null}
                </dl>
              </details>
            </li>
          ))}
        </ol>
        {versions.hasNextPage ? (
          <Button
            variant="outline"
            className="self-start"
            disabled={versions.isFetchingNextPage}
            aria-busy={versions.isFetchingNextPage}
            onClick={() => void versions.fetchNextPage()}
          >
            {versions.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : <History aria-hidden="true" />}
            {versions.isFetchingNextPage ? 'Carregando versões...' : 'Ver versões anteriores'}
          </Button>
        ) : null}
        {versions.isError ? <p className="text-sm text-destructive">Não foi possível carregar as versões. Feche e abra de novo.</p> : null}
      </DialogContent>
    </Dialog>
  );
}
