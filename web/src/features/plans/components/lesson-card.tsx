import {
  DUA_HEADING,
  LESSON_FIELDS,
  lessonFieldEmpty,
  lessonFieldLabels,
  etapaWords,
  LIMITS,
  materiaLabel,
  type Aula,
  type Barreira,
  verificacaoKindOf,
  type Etapa,
  type LessonField,
  type RegenerableField,
} from '@planejador/contracts';
import { AlertTriangle, CheckCircle2, Info, Loader2, PenLine, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { LessonBeingWritten } from '@/components/lesson-being-written';
import { Input } from '@/components/ui/input';
import { useGeracaoInfo } from '@/lib/api/get-geracao';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { lessonFieldIssue, tituloIssue } from '../utils/lesson-checks';
import { lessonTexts, partDiffers, textareaRows, type LessonTexts } from '../utils/lesson-texts';
import { isLessonBusy } from '../utils/plan-status';
import { AdaptDialog } from './adapt-dialog';
import { DuaEditor, DuaView } from './dua-section';
import { LessonControls, regenerationCostText } from './lesson-controls';
import { RegenerateDialog } from './regenerate-dialog';
import { SkillPickerDialog } from './skill-picker-dialog';
import { VersionsDialog } from './versions-dialog';
import { VerificacaoEditor, VerificacaoView } from './verificacao';

interface LessonCardProps {
  planoId: string;
  /** The class's school year ('1'..'9'): the skill picker offers that year's skills. */
  ano: string;
  /** The class's stage; absent: fundamental. Its words label the lesson's texts (etapas.ts). */
  etapa?: Etapa;
  /** The plan mixes subjects: the heading names this lesson's own ("Aula 2 · Matemática — Contagem"). */
  materiaNoTitulo?: boolean;
  /** The plan's class: the skill picker lists its year's skills of the lesson's subject. */
  turmaId: string;
  /** The class's barreiras: the lesson's DUA strategies answer them, and "Adaptar atividade" offers them first. */
  barreiras: readonly Barreira[];
  aula: Aula;
  texts: LessonTexts;
  editing: boolean;
  /** The teacher changed this lesson's texts and has not saved them: a regeneration would replace them. */
  unsavedEdits: boolean;
  onChange: (id: string, field: LessonField, value: string) => void;
  /** The lesson's title or check of learning changed in the working copy. */
  onChangeLesson: (id: string, patch: Partial<Pick<LessonTexts, 'titulo' | 'verificacao' | 'dua'>>) => void;
  /** The version a regeneration replaced, while "Desfazer" is on offer. */
  undoFrom: number | null;
  onRegenerationQueued: (aulaId: string, fromVersao: number) => void;
  onUndoDone: (aulaId: string) => void;
  /** Stores the lesson's skill codes (the server writes their official texts). */
  onSaveSkills: (aula: Aula, codes: string[]) => Promise<boolean>;
}

/**
 * One lesson: 'Aula n - Matéria', the teacher's description and the five texts (read-only or editable), with its
 * own controls: generate again (whole lesson or one field, with an instruction), change the skill, versions, undo.
 * While it is regenerated it shows its progress and its texts are read-only; the rest of the page stays usable.
 */
export function LessonCard({ planoId, ano, etapa, materiaNoTitulo = false, turmaId, barreiras, aula, texts, editing, unsavedEdits, onChange, onChangeLesson, undoFrom, onRegenerationQueued, onUndoDone, onSaveSkills }: LessonCardProps) {
  const headingId = `aula-${aula.id}-titulo`;
  const verificacaoKind = verificacaoKindOf(etapa);
  const labels = lessonFieldLabels(etapa);
  // "a habilidade" or, in infantil, "o objetivo".
  const words = etapaWords(etapa);
  const masc = words.habilidadesArtigo === 'os';
  const aHabilidade = `${masc ? 'o' : 'a'} ${words.habilidade}`;
  const empty = lessonFieldEmpty(etapa);
  const tituloId = useId();
  const busy = isLessonBusy(aula);
  const failed = aula.generation.state === 'failed';
  const generator = useGeracaoInfo().data?.generator;
  const offline = generator === 'offline';
  const [regenerating, setRegenerating] = useState<{ campo: RegenerableField | null; rewrite?: boolean } | null>(null);
  const oldSkillCited = aula.avisos.includes('campos-com-habilidade-antiga');
  // The title's message only once the teacher changed it (an older lesson may have none yet).
  const tituloMessage = partDiffers(texts, lessonTexts(aula), 'titulo') ? tituloIssue(texts.titulo) : null;
  const [picking, setPicking] = useState(false);
  const [savingSkills, setSavingSkills] = useState(false);
  const [showVersions, setShowVersions] = useState(false);
  const [adapting, setAdapting] = useState(false);
  const showDua = barreiras.length > 0 || texts.dua !== null;
  const toConfirm = aula.avisos.includes('habilidade-a-confirmar');
  const regenerateFieldButton = (field: RegenerableField) => (
    <Button
      size="sm"
      variant="ghost"
      className="h-7 px-2 text-xs"
      disabled={busy || failed}
      aria-label={`Gerar novamente só o campo ${labels[field]} da Aula ${aula.numeroAula}`}
      title="Gerar novamente só este campo"
      onClick={() => setRegenerating({ campo: field })}
    >
      <RefreshCw className="size-3.5" aria-hidden="true" />
      <span className="hidden sm:inline">Gerar novamente só este campo</span>
    </Button>
  );
  const saveSkills = async (codes: string[]) => {
    setSavingSkills(true);
    const ok = await onSaveSkills(aula, codes);
    setSavingSkills(false);
    if (ok) setPicking(false);
  };

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader className="pb-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <CardTitle as="h2" id={headingId}>
                {materiaNoTitulo
                  ? `Aula ${aula.numeroAula} · ${materiaLabel(aula.materia)} — ${aula.titulo?.trim() || materiaLabel(aula.materia)}`
                  : `Aula ${aula.numeroAula} — ${aula.titulo?.trim() || materiaLabel(aula.materia)}`}
              </CardTitle>
              <p className="mt-1 text-sm text-muted-foreground">{materiaLabel(aula.materia)}</p>
            </div>
            <LessonControls
              planoId={planoId}
              aula={aula}
              habilidadeWord={words.habilidade}
              busy={busy}
              failed={failed}
              undoFrom={undoFrom}
              onRegenerate={() => setRegenerating({ campo: null })}
              onPickSkill={() => setPicking(true)}
              onAdapt={() => setAdapting(true)}
              onShowVersions={() => setShowVersions(true)}
              onUndoDone={() => onUndoDone(aula.id)}
            />
          </div>
          {editing ? (
            <div className="mt-2 flex flex-col gap-1.5">
              <Label htmlFor={tituloId}>Título da Aula {aula.numeroAula}</Label>
              <Input
                id={tituloId}
                value={texts.titulo}
                maxLength={LIMITS.tituloMax}
                readOnly={busy}
                aria-readonly={busy}
                aria-invalid={tituloMessage ? true : undefined}
                aria-describedby={tituloMessage ? `${tituloId}-erro` : `${tituloId}-dica`}
                onChange={(event) => onChangeLesson(aula.id, { titulo: event.target.value })}
              />
              {tituloMessage ? (
                <p id={`${tituloId}-erro`} className="text-sm font-medium text-destructive">
                  {tituloMessage}
                </p>
              ) : (
                <p id={`${tituloId}-dica`} className="text-xs text-muted-foreground">
                  O tema desta aula, de {LIMITS.tituloMin} a {LIMITS.tituloMax} caracteres; vai para o cabeçalho da aula no documento.
                </p>
              )}
            </div>
          ) : null}
          <div className="mt-2 rounded-md bg-muted p-3 text-sm">
            <p className="font-medium">Descrição da aula</p>
            <p className="mt-1 whitespace-pre-wrap text-muted-foreground">{aula.prompt}</p>
          </div>
          <div aria-live="polite">
            {busy ? (
              <p role="status" className="mt-2 flex items-center gap-2 rounded-md border border-info/40 bg-info-soft p-3 text-sm text-info">
                <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
                {aula.generation.state === 'queued'
                  ? 'Na fila para gerar esta aula novamente...'
                  : generator === undefined || offline
                    ? 'Gerando esta aula novamente...'
                    : 'Gerando esta aula novamente... O novo texto aparece aqui enquanto é escrito; o atual fica até ele terminar.'}
              </p>
            ) : null}
            {!busy && failed ? (
              <p className="mt-2 flex items-start gap-2 rounded-md bg-warning-soft p-3 text-sm text-warning">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  A geração desta aula falhou{aula.generation.error ? ` (${aula.generation.error})` : ''}. Gere novamente sem custo ou
                  preencha os campos manualmente.
                </span>
              </p>
            ) : null}
            {!busy && !failed && aula.generation.error ? (
              <p className="mt-2 flex items-start gap-2 rounded-md bg-warning-soft p-3 text-sm text-warning">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{aula.generation.error}</span>
              </p>
            ) : null}
          </div>
          {/* The new text as the AI writes it, outside the live region: announced once by the status above. */}
          {aula.generation.state === 'running' ? <LessonBeingWritten aulaId={aula.id} etapa={etapa} label={`Nova versão da Aula ${aula.numeroAula} sendo escrita`} className="mt-2" /> : null}
          {toConfirm && !busy ? (
            <div className="mt-2 flex flex-col gap-2 rounded-md border border-warning/40 bg-warning-soft p-3 text-sm text-warning sm:flex-row sm:items-center sm:justify-between">
              <span className="flex items-start gap-2">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {`Confira ${aHabilidade}: a descrição da aula não tem palavras em comum com ${masc ? 'ele' : 'ela'}.`}
              </span>
              <span className="flex gap-2">
                <Button size="sm" variant="outline" disabled={savingSkills} onClick={() => void saveSkills(aula.habilidadeCodes)}>
                  <CheckCircle2 aria-hidden="true" />
                  Confirmar
                </Button>
                <Button size="sm" variant="outline" onClick={() => setPicking(true)}>
                  Trocar
                </Button>
              </span>
            </div>
          ) : null}
          {oldSkillCited && !busy ? (
            <div
              role="alert"
              className="mt-2 flex flex-col gap-2 rounded-md border border-warning/40 bg-warning-soft p-3 text-sm text-warning sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="flex items-start gap-2">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {`${masc ? 'O' : 'A'} ${words.habilidade} desta aula mudou, mas outros campos ainda citam ${aHabilidade} ${masc ? 'antigo' : 'antiga'}.`}
              </span>
              <Button size="sm" variant="outline" disabled={failed} onClick={() => setRegenerating({ campo: null, rewrite: true })}>
                <PenLine aria-hidden="true" />
                {`Reescrever a aula para ${masc ? 'o novo' : 'a nova'} ${words.habilidade}`}
              </Button>
            </div>
          ) : null}
          <p className="mt-2 text-xs text-muted-foreground">{regenerationCostText(aula, offline)}</p>
          {aula.nota?.trim() ? (
            // How the text was made (an adaptation without an AI, a wish recorded as a note): for the teacher only,
            // never inside the fields, so no document prints it.
            <aside aria-label={`Nota sobre a Aula ${aula.numeroAula}`} className="mt-2 flex items-start gap-2 rounded-md border bg-muted/50 p-3 text-sm">
              <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <p className="whitespace-pre-wrap">{aula.nota}</p>
            </aside>
          ) : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {LESSON_FIELDS.map((field) => {
            const value = texts[field];
            const fieldId = `aula-${aula.id}-${field}`;
            const regenerateField = regenerateFieldButton(field);
            const tooLong = editing ? lessonFieldIssue(field, value, etapa) : null;
            return editing ? (
              <div key={field} className="flex flex-col gap-2">
                <div className="flex items-center justify-between gap-2">
                  <Label htmlFor={fieldId}>{labels[field]}</Label>
                  {regenerateField}
                </div>
                {/* Grows with its text from 4 to 12 lines where the browser sizes fields to their content;
                    elsewhere `rows` estimates it (about 80 characters a line). */}
                <Textarea
                  id={fieldId}
                  value={value}
                  rows={textareaRows(value)}
                  maxLength={LIMITS.lessonFieldMax}
                  placeholder={empty[field]}
                  readOnly={busy}
                  aria-readonly={busy}
                  aria-invalid={tooLong ? true : undefined}
                  aria-describedby={tooLong ? `${fieldId}-erro` : undefined}
                  className="resize-y [field-sizing:content] min-h-[calc(4lh+1rem+2px)] max-h-[calc(12lh+1rem+2px)]"
                  onChange={(event) => onChange(aula.id, field, event.target.value)}
                />
                {tooLong ? (
                  <p id={`${fieldId}-erro`} className="text-sm font-medium text-destructive">
                    {tooLong}
                  </p>
                ) : null}
              </div>
            ) : (
              <div key={field} className="flex flex-col gap-1.5">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-sm font-semibold">{labels[field]}</h3>
                  {regenerateField}
                </div>
                {value.trim() ? (
                  <p className="whitespace-pre-wrap text-sm leading-relaxed">{value}</p>
                ) : (
                  <p className="text-sm italic text-muted-foreground">{empty[field]}</p>
                )}
              </div>
            );
          })}
          <section aria-labelledby={`${headingId}-verificacao`} className="flex flex-col gap-2 border-t pt-4">
            <div className="flex items-center justify-between gap-2">
              <h3 id={`${headingId}-verificacao`} className="text-sm font-semibold">
                {labels.verificacao}
              </h3>
              {regenerateFieldButton('verificacao')}
            </div>
            {editing ? (
              <VerificacaoEditor
                numeroAula={aula.numeroAula}
                codes={aula.habilidadeCodes}
                verificacao={texts.verificacao}
                kind={verificacaoKind}
                readOnly={busy}
                onChange={(verificacao) => onChangeLesson(aula.id, { verificacao })}
              />
            ) : (
              <VerificacaoView verificacao={texts.verificacao} kind={verificacaoKind} />
            )}
          </section>
          {showDua ? (
            <section aria-labelledby={`${headingId}-dua`} className="flex flex-col gap-2 border-t pt-4">
              <div className="flex items-center justify-between gap-2">
                <h3 id={`${headingId}-dua`} className="text-sm font-semibold">
                  {DUA_HEADING}
                </h3>
                {barreiras.length > 0 ? regenerateFieldButton('dua') : null}
              </div>
              {editing ? (
                <DuaEditor numeroAula={aula.numeroAula} dua={texts.dua} readOnly={busy} onChange={(dua) => onChangeLesson(aula.id, { dua })} />
              ) : (
                <DuaView dua={texts.dua} />
              )}
            </section>
          ) : null}
        </CardContent>
      </Card>
      <RegenerateDialog
        planoId={planoId}
        aula={aula}
        etapa={etapa}
        campo={regenerating?.campo ?? null}
        rewrite={regenerating?.rewrite ?? false}
        unsavedEdits={unsavedEdits}
        open={regenerating !== null}
        onOpenChange={(open) => !open && setRegenerating(null)}
        onQueued={(from) => onRegenerationQueued(aula.id, from)}
      />
      <AdaptDialog
        planoId={planoId}
        aula={aula}
        barreiras={barreiras}
        unsavedEdits={unsavedEdits}
        open={adapting}
        onOpenChange={setAdapting}
        onQueued={(from) => onRegenerationQueued(aula.id, from)}
      />
      <SkillPickerDialog aula={aula} ano={ano} etapa={etapa} turmaId={turmaId} open={picking} saving={savingSkills} onOpenChange={setPicking} onSave={(codes) => void saveSkills(codes)} />
      <VersionsDialog planoId={planoId} aula={aula} etapa={etapa} open={showVersions} onOpenChange={setShowVersions} />
    </section>
  );
}
