import { anoLabel, etapaDef, etapaOf, etapaWords } from '@planejador/contracts';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { SubjectCoverageBars } from '@/components/subject-coverage-bars';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCoberturaResumo } from '@/lib/api/get-cobertura';
import { useTurmas } from '@/lib/api/get-turmas';
import { coberturaPath } from '@/lib/paths';

/** The dashboard's class cards: each class's share of covered BNCC skills per subject (one request for all). */
export function ClassesCoverage() {
  const turmas = useTurmas();
  const cobertura = useCoberturaResumo();
  if (!turmas.data?.length || !cobertura.data) return null;
  return (
    <Card role="region" aria-labelledby="cobertura-turmas-titulo">
      <CardHeader>
        <CardTitle as="h2" id="cobertura-turmas-titulo">
          Cobertura da BNCC das turmas
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {turmas.data.map((turma) => {
            const materias = cobertura.data.find((c) => c.turmaId === turma.id)?.materias ?? [];
            return (
              <li key={turma.id} className="flex min-w-0 flex-col gap-2 rounded-lg border p-3">
                <h3 className="font-semibold">
                  Turma {turma.numero} <span className="text-sm font-normal text-muted-foreground">· {anoLabel(turma.ano, turma.etapa)}</span>
                </h3>
                {materias.length ? (
                  <SubjectCoverageBars label={`Cobertura da BNCC da turma ${turma.numero} por ${etapaWords(turma.etapa).materiaCurta.toLowerCase()}`} materias={materias} />
                ) : (
                  <p className="text-xs text-muted-foreground">{`Sem ${etapaWords(turma.etapa).habilidadesMinusculas} da BNCC para ${etapaDef(etapaOf(turma.etapa)).anoArticle === 'a' ? 'esta' : 'este'} ${etapaDef(etapaOf(turma.etapa)).anoNoun.toLowerCase()}.`}</p>
                )}
                <Link to={coberturaPath(turma.id)} className={buttonClasses('ghost', 'sm', '-ml-2 self-start')}>
                  Ver cobertura<span className="sr-only"> da turma {turma.numero}</span>
                  <ArrowRight aria-hidden="true" />
                </Link>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
