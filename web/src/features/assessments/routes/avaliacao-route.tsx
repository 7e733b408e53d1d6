import { materiaLabel, periodoLabel, type AvaliacaoHabilidade } from '@planejador/contracts';
import { ArrowLeft, Download, Save } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorText, isHttpError } from '@/lib/http';
import { useAvaliacao, useExportAvaliacao, useUpdateAvaliacao } from '../api/avaliacoes';
import { useAssessmentProgress } from '../api/use-assessment-progress';
import { DeleteAssessment } from '../components/delete-assessment';
import { ResultsForm } from '../components/results-form';
import { SkillEditor } from '../components/skill-editor';
import { SkillInProgress } from '../components/skill-in-progress';
import { coberturaPath } from '@/lib/paths';

/**
 * An assessment: its progress while the worker writes it (each skill's text as it is written, its skills side by
 * side), then each skill's questions (answers marked for the teacher) and rubric, editable and saved by PUT, and
 * its .docx.
 */
export function AvaliacaoRoute() {
  const { id = '' } = useParams();
  const avaliacao = useAvaliacao(id);
  const writing = avaliacao.data?.generation.state === 'queued' || avaliacao.data?.generation.state === 'running';
  useAssessmentProgress(id, writing || avaliacao.isPending);
  const save = useUpdateAvaliacao(id);
  const exportDocx = useExportAvaliacao(id);
  const [edits, setEdits] = useState<{ base: string; habilidades: AvaliacaoHabilidade[] } | null>(null);
  const data = avaliacao.data;
  useDocumentTitle(data ? `Avaliação — ${materiaLabel(data.materia)} — ${periodoLabel(data.periodo, data.periodoTipo)}` : 'Avaliação');

  if (avaliacao.isPending) return <PageSpinner label="Carregando avaliação..." />;
  if (!data) {
    return (
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">Avaliação não encontrada</h1>
        <p>{isHttpError(avaliacao.error, 404) ? 'A avaliação não existe ou você não tem permissão para vê-la.' : errorText(avaliacao.error, 'Falha ao carregar a avaliação.')}</p>
      </div>
    );
  }
  // Edits belong to the version they were made on; a new read of the same version keeps them.
  const habilidades = edits && edits.base === data.updatedAt ? edits.habilidades : data.habilidades;
  const dirty = edits !== null && edits.base === data.updatedAt;
  const numbers = habilidades.reduce<number[]>((acc, h, i) => [...acc, i === 0 ? 1 : acc[i - 1] + habilidades[i - 1].questoes.length], []);
  const onSave = () =>
    save.mutate({ habilidades: habilidades.map((h) => ({ code: h.code, questoes: h.questoes, rubrica: h.rubrica })) }, { onSuccess: () => setEdits(null) });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link to={coberturaPath(data.turmaId)} className={buttonClasses('ghost', 'sm', '-ml-3 self-start')}>
          <ArrowLeft aria-hidden="true" />
          Cobertura da turma
        </Link>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          Avaliação — {materiaLabel(data.materia)} — {periodoLabel(data.periodo, data.periodoTipo)}
        </h1>
        <p className="text-muted-foreground">
          {data.habilidades.length} habilidade{data.habilidades.length === 1 ? '' : 's'} · {data.questoesPorHabilidade} questão(ões) por habilidade
        </p>
      </div>

      <div role="status" aria-live="polite">
        {writing ? (
          <div className="flex items-center gap-3 rounded-md border p-4">
            <Spinner label="Escrevendo" />
            <span>
              Escrevendo a avaliação: {data.generation.done} de {data.generation.total} habilidade{data.generation.total === 1 ? '' : 's'} prontas.
            </span>
          </div>
        ) : null}
        {data.generation.state === 'failed' ? (
          <div className="rounded-md border border-destructive p-4">
            <p className="font-semibold">Não foi possível escrever a avaliação.</p>
            <p>{data.generation.error}</p>
            {data.generation.creditRefunded ? <p>O crédito foi devolvido.</p> : null}
          </div>
        ) : null}
        {save.isSuccess && !dirty ? <p className="text-sm">Alterações salvas.</p> : null}
      </div>
      {data.generation.state === 'failed' ? <DeleteAssessment id={data.id} turmaId={data.turmaId} /> : null}

      {writing ? (
        // Outside the live region: the status above says how many are ready, never the words as they arrive.
        <div className="flex flex-col gap-3">
          {data.habilidades.map((skill, i) => (
            <SkillInProgress key={skill.code} avaliacaoId={data.id} skill={skill} firstNumber={i * data.questoesPorHabilidade + 1} />
          ))}
        </div>
      ) : null}

      {data.generation.state === 'done' ? (
        <>
          {data.gerador === 'offline' ? (
            <p className="rounded-md border bg-muted p-3 text-sm">
              Avaliação montada sem IA: as questões vêm do banco de questões do Planejador para cada habilidade e os descritores da rubrica
              repetem o texto da habilidade. Revise e adapte antes de aplicar.
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="button" onClick={onSave} disabled={!dirty || save.isPending}>
              <Save aria-hidden="true" />
              {save.isPending ? 'Salvando...' : 'Salvar alterações'}
            </Button>
            <Button type="button" variant="outline" onClick={() => exportDocx.mutate()} disabled={exportDocx.isPending || dirty}>
              <Download aria-hidden="true" />
              {exportDocx.isPending ? 'Exportando...' : 'Exportar .docx'}
            </Button>
            <DeleteAssessment id={data.id} turmaId={data.turmaId} />
          </div>
          {dirty ? <p className="text-sm text-muted-foreground">Salve as alterações antes de exportar.</p> : null}
          {save.error ? (
            <p role="alert" className="text-sm text-destructive">{errorText(save.error, 'Não foi possível salvar a avaliação.')}</p>
          ) : null}
          {exportDocx.error ? (
            <p role="alert" className="text-sm text-destructive">{errorText(exportDocx.error, 'Falha ao exportar a avaliação.')}</p>
          ) : null}
          <ResultsForm key={data.id} avaliacao={data} />
          {habilidades.map((skill, i) => (
            <SkillEditor
              key={skill.code}
              skill={skill}
              firstNumber={numbers[i]}
              onChange={(changed) => setEdits({ base: data.updatedAt, habilidades: habilidades.map((h) => (h.code === changed.code ? changed : h)) })}
            />
          ))}
        </>
      ) : null}
    </div>
  );
}
