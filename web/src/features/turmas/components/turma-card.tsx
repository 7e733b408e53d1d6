import { anoLabel, BARREIRA_LABELS, etapaDef, etapaOf, etapaWords, instituicaoLabel, type CoberturaResumo, type Turma } from '@planejador/contracts';
import { CalendarDays, Copy, FileText, ListChecks, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { SubjectCoverageBars } from '@/components/subject-coverage-bars';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { coberturaPath } from '@/lib/paths';

/** "Habilidades da BNCC cobertas", "Objetivos de aprendizagem e desenvolvimento da BNCC cobertos". */
const coveredTitle = (turma: Turma) => {
  const words = etapaWords(turma.etapa);
  return `${words.habilidades} da BNCC ${words.habilidadesArtigo === 'os' ? 'cobertos' : 'cobertas'}`;
};

interface TurmaCardProps {
  turma: Turma;
  /** Each subject's share of the year's skills covered by this class's plans (absent while loading). */
  cobertura?: CoberturaResumo['materias'];
  onEdit: (turma: Turma) => void;
  onDuplicate: (turma: Turma) => void;
  onDelete: (turma: Turma) => void;
}

function planCountText(count: number): string {
  return count === 1 ? '1 plano de aula' : `${count} planos de aula`;
}

export function TurmaCard({ turma, cobertura, onEdit, onDuplicate, onDelete }: TurmaCardProps) {
  const count = turma._count?.planosAula ?? 0;
  return (
    <Card className="flex min-w-0 flex-col">
      <CardHeader className="flex-row items-start justify-between gap-2 pb-3">
        <div className="min-w-0">
          <CardTitle as="h2" className="truncate">
            Turma {turma.numero}
          </CardTitle>
          <p className="mt-1 line-clamp-2 break-words text-sm text-muted-foreground">{turma.escola}</p>
        </div>
        <div className="-mr-2 -mt-1 flex shrink-0">
          <Button variant="ghost" size="icon" aria-label={`Editar turma ${turma.numero}`} onClick={() => onEdit(turma)}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Duplicar turma ${turma.numero}`}
            onClick={() => onDuplicate(turma)}
          >
            <Copy aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Excluir turma ${turma.numero}`}
            onClick={() => onDelete(turma)}
            className="text-destructive hover:text-destructive"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Professor(a):</dt>
          <dd className="truncate font-medium">{turma.nomeProfessor}</dd>
          <dt className="text-muted-foreground">{etapaDef(etapaOf(turma.etapa)).anoNoun}:</dt>
          <dd className="font-medium">{anoLabel(turma.ano, turma.etapa)}</dd>
          <dt className="text-muted-foreground">Estado:</dt>
          <dd className="font-medium">{turma.estado}</dd>
          <dt className="text-muted-foreground">Instituição:</dt>
          <dd className="truncate font-medium">{instituicaoLabel(turma.instituicao)}</dd>
        </dl>
        {turma.barreiras?.length ? (
          <p className="text-sm">
            <span className="font-medium">Barreiras da turma:</span>{' '}
            <span className="text-muted-foreground">{turma.barreiras.map((b) => BARREIRA_LABELS[b]).join(', ')}</span>
          </p>
        ) : null}
        {turma.observacoesAdicionais ? (
          <div className="rounded-md bg-muted p-3 text-sm">
            <p className="font-medium">Observações:</p>
            <p className="line-clamp-3 whitespace-pre-line text-muted-foreground">{turma.observacoesAdicionais}</p>
          </div>
        ) : null}
        {cobertura?.length ? (
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-medium">{coveredTitle(turma)}</p>
            <SubjectCoverageBars label={`Cobertura da BNCC da turma ${turma.numero} por ${etapaWords(turma.etapa).materiaCurta.toLowerCase()}`} materias={cobertura} />
          </div>
        ) : null}
        <Link to={coberturaPath(turma.id)} className={buttonClasses('outline', 'sm', 'self-start')}>
          <ListChecks aria-hidden="true" />
          Cobertura da BNCC
          <span className="sr-only"> da turma {turma.numero}</span>
        </Link>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t pt-3 text-sm">
          <Badge variant="secondary">
            <FileText className="size-3.5" aria-hidden="true" />
            {planCountText(count)}
          </Badge>
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <CalendarDays className="size-4" aria-hidden="true" />
            Criada em {formatDate(turma.createdAt)}
          </span>
        </div>
      </CardContent>
    </Card>
  );
}
