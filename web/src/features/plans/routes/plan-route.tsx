import { LIMITS } from '@planejador/contracts';
import { ArrowLeft, FileQuestion, History, Info, Loader2, Pencil, Save, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useErrorToast } from '@/hooks/use-error-toast';
import { formatDateTime } from '@/lib/format';
import { isHttpError } from '@/lib/http';
import { usePlano } from '@/lib/api/get-plano';
import { usePlanProgress } from '@/lib/use-plan-progress';
import { ExportCard } from '../components/export-card';
import { GenerationFailedCard, GenerationProgressCard } from '../components/generation-status-card';
import { LessonCard } from '../components/lesson-card';
import { PlanStatusBadge } from '@/components/plan-status-badge';
import { PlanInfoCard, PlanSettingsCard } from '../components/plan-summary-cards';
import { PlanTitle } from '../components/plan-title';
import { SchoolYearCard } from '../components/school-year-card';
import { useDownloadPlano } from '../hooks/use-download-plano';
import { usePlanEditor, type RestoredDraft } from '../hooks/use-plan-editor';
import { useSavePlan } from '../hooks/use-save-plan';
import { heldLessons, heldLessonsNote } from '../utils/plan-save';
import { anyLessonBusy, hasFailed, isGenerating } from '../utils/plan-status';
import { LeaveUnsavedDialog } from '@/components/leave-unsaved-dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { PATHS } from '@/lib/paths';

function PlanNotFound() {
  return (
    <EmptyState
      icon={FileQuestion}
      titleAs="h1"
      title="Plano não encontrado"
      description="O plano solicitado não existe ou você não tem permissão para visualizá-lo."
      action={
        <Link to={PATHS.historico} className={buttonClasses('default')}>
          <History aria-hidden="true" />
          Voltar ao Histórico
        </Link>
      }
    />
  );
}

function RestoredNote({ restored }: { restored: RestoredDraft }) {
  if (!restored) return null;
  return (
    <p className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning-soft px-4 py-3 text-sm text-warning">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        Restauramos mudanças não salvas da sua última edição.
        {restored === 'outdated' ? ' O plano foi salvo depois delas; confira os textos antes de salvar.' : ''}
      </span>
    </p>
  );
}

export function PlanRoute() {
  const { id = '' } = useParams();
  // A fresh page per plan: no edits or draft state carried from one plan to another.
  return <PlanPage key={id} id={id} />;
}

function PlanPage({ id }: { id: string }) {
  const query = usePlano(id);
  const plano = query.data;
  const notFound = isHttpError(query.error, 404);
  useErrorToast(notFound ? null : query.error, 'Erro', 'Falha ao carregar plano de aula');
  const editor = usePlanEditor(plano);
  const title = editor.editing ? 'Editar Plano' : 'Visualizar Plano';
  useDocumentTitle(title);
  const savePlan = useSavePlan(plano, editor);
  const { download, exportingId } = useDownloadPlano();
  const [confirmExport, setConfirmExport] = useState(false);
  usePlanProgress(id, isGenerating(plano?.generation) || anyLessonBusy(plano));
  // The version each regenerated lesson replaced, while "Desfazer" is on offer.
  const [undoFrom, setUndoFrom] = useState<Record<string, number>>({});
  // Leaving the page with unsaved edits asks first, inside the app (the dialog below) and on a reload, a closed tab
  // or another address (the browser's own prompt); the edits also stay in this browser's draft.
  const leaveGuard = useLeaveGuard(editor.dirty);

  if (query.isPending) return <PageSpinner label="Carregando plano..." />;
  if (notFound) return <PlanNotFound />;
  if (!plano) {
    return (
      <EmptyState
        icon={FileQuestion}
        titleAs="h1"
        title="Falha ao carregar plano de aula"
        description="Tente recarregar a página."
        action={
          <Link to={PATHS.historico} className={buttonClasses('outline')}>
            Voltar ao Histórico
          </Link>
        }
      />
    );
  }

  const generating = isGenerating(plano.generation);
  const failed = hasFailed(plano.generation);
  const ready = !generating && !failed;
  const saving = savePlan.saving;

  const save = (thenExport = false) =>
    savePlan.save(thenExport ? () => setTimeout(() => download(plano.id), LIMITS.exportAfterSaveMs) : undefined);

  // Lessons with unsaved edits that are being regenerated: a save leaves them out (see planSave) and says so here.
  const heldBack = heldLessons(plano, editor);

  const exportPlan = () => {
    if (editor.dirty) setConfirmExport(true);
    else download(plano.id);
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link to={PATHS.historico} className={buttonClasses('ghost', 'sm', '-ml-3 self-start')}>
          <ArrowLeft aria-hidden="true" />
          Voltar
        </Link>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
            {ready ? <PlanTitle plano={plano} disabled={saving} /> : <p className="mt-1 text-lg font-semibold break-words">{plano.temaPrincipal}</p>}
            <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span>Criado em {formatDateTime(plano.createdAt)}</span>
              <PlanStatusBadge status={plano.status} generation={plano.generation} />
            </div>
          </div>
          {ready ? (
            <div className="flex flex-wrap gap-2">
              {/* While editing, Cancelar and Salvar live in the sticky bar at the bottom, always in reach. */}
              {editor.editing ? null : (
                <Button onClick={editor.startEditing}>
                  <Pencil aria-hidden="true" />
                  Editar
                </Button>
              )}
            </div>
          ) : null}
        </div>
      </div>

      {generating ? <GenerationProgressCard plano={plano} /> : null}
      {failed ? <GenerationFailedCard plano={plano} /> : null}

      {ready ? (
        <>
          {editor.editing ? (
            <div className="flex items-start gap-3 rounded-lg border border-info/40 bg-info-soft px-4 py-3 text-info">
              <Pencil className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <div>
                <p className="font-semibold">Modo de Edição Ativado</p>
                <p className="text-sm">
                  Altere os textos das aulas e clique em Salvar Mudanças. Suas edições ficam guardadas neste navegador
                  até você salvar ou cancelar.
                </p>
              </div>
            </div>
          ) : null}
          <RestoredNote restored={editor.editing ? editor.restored : null} />
          {plano.generator === 'offline' ? (
            <p className="flex items-start gap-2 rounded-lg border bg-muted px-4 py-3 text-sm">
              <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span>
                Este plano foi redigido no modo offline, a partir dos dados da BNCC, sem IA. Revise e complete os textos
                antes de usar.
              </span>
            </p>
          ) : null}

          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            <PlanInfoCard plano={plano} />
            <PlanSettingsCard plano={plano} />
            <SchoolYearCard plano={plano} />
            <div className="md:col-span-2 xl:col-span-1">
              <ExportCard dirty={editor.dirty} exporting={exportingId === plano.id} onExport={exportPlan} />
            </div>
          </div>

          <div className="flex flex-col gap-4">
            {[...plano.aulas]
              .sort((a, b) => a.numeroAula - b.numeroAula)
              .map((aula) => (
                <LessonCard
                  key={aula.id}
                  planoId={plano.id}
                  ano={plano.turma.ano}
                  etapa={plano.turma.etapa}
                  materiaNoTitulo={new Set(plano.aulas.map((a) => a.materia)).size > 1}
                  turmaId={plano.turmaId}
                  barreiras={plano.turma.barreiras ?? []}
                  aula={aula}
                  texts={editor.draftOf(aula)}
                  unsavedEdits={editor.hasUnsavedEdits(aula)}
                  editing={editor.editing}
                  onChange={editor.changeField}
                  onChangeLesson={editor.changeLesson}
                  undoFrom={undoFrom[aula.id] ?? null}
                  onRegenerationQueued={(aulaId, from) => setUndoFrom((current) => ({ ...current, [aulaId]: from }))}
                  onUndoDone={(aulaId) =>
                    setUndoFrom((current) => {
                      const next = { ...current };
                      delete next[aulaId];
                      return next;
                    })
                  }
                  onSaveSkills={savePlan.saveSkills}
                />
              ))}
          </div>
        </>
      ) : null}

      {ready && editor.editing ? (
        // Long plans: saving stays in reach at the bottom of the screen.
        <div className="sticky bottom-0 z-20 -mx-4 flex flex-wrap items-center justify-between gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
          <span className="text-sm" aria-live="polite">
            {editor.dirty ? (
              <span className="relative inline-flex">
                {/* The pulse is a halo behind the badge, so its text keeps full contrast. */}
                <span aria-hidden="true" className="absolute -inset-1 rounded-full bg-destructive/40 motion-safe:animate-pulse" />
                <Badge variant="destructive" className="relative">
                  Mudanças não salvas
                </Badge>
              </span>
            ) : (
              <span className="text-muted-foreground">Nenhuma mudança para salvar</span>
            )}
            {heldBack.length ? <span className="mt-1 block text-xs text-muted-foreground">{heldLessonsNote(heldBack)}</span> : null}
          </span>
          <span className="flex gap-2">
            <Button variant="outline" onClick={editor.cancel} disabled={saving}>
              <X aria-hidden="true" />
              Cancelar
            </Button>
            <Button onClick={() => save()} disabled={saving} aria-busy={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
              {saving ? 'Salvando...' : 'Salvar Mudanças'}
            </Button>
          </span>
        </div>
      ) : null}

      <LeaveUnsavedDialog
        guard={leaveGuard}
        description="Você tem mudanças que ainda não foram salvas no plano. Elas ficam guardadas neste navegador e voltam quando você abrir o plano de novo, mas só valem depois de salvas."
      />

      {/* Exporting with unsaved edits: save first, so the document holds what the teacher sees. */}
      <ConfirmDialog
        open={confirmExport}
        title="Mudanças não salvas"
        description="Você tem mudanças que ainda não foram salvas. Salve o plano antes de exportar para que o documento inclua suas edições."
        confirmLabel="Salvar e exportar"
        onCancel={() => setConfirmExport(false)}
        onConfirm={() => {
          setConfirmExport(false);
          save(true);
        }}
      />
    </div>
  );
}
