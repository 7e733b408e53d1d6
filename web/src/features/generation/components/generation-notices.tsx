import { AlertTriangle, Coins, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { MSG } from '@planejador/contracts';
import { PATHS } from '@/lib/paths';

/** 'Créditos disponíveis: n — cada plano usa 1 crédito' */
export function CreditsLine({ credits }: { credits: number }) {
  return (
    <p className="mb-4 inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-secondary px-3 py-2 text-sm text-secondary-foreground">
      <Coins className="size-4 shrink-0" aria-hidden="true" />
      <span>
        <span className="font-semibold">Créditos disponíveis: {credits}</span> — cada plano usa 1 crédito
      </span>
    </p>
  );
}

/** Yellow card: no credits left (credits <= 0). */
export function InsufficientCreditsCard() {
  return (
    <section
      aria-labelledby="creditos-insuficientes"
      className="mb-4 flex gap-3 rounded-xl border border-warning/40 bg-warning-soft p-4 text-foreground"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
      <div>
        <h2 id="creditos-insuficientes" className="font-semibold">
          Créditos Insuficientes
        </h2>
        <p className="mt-1 text-sm">{MSG.insufficientCredits}</p>
      </div>
    </section>
  );
}

/** Blue card: the user has no classes yet. */
export function NoTurmasCard() {
  return (
    <section
      aria-labelledby="nenhuma-turma"
      className="mb-4 flex flex-col gap-3 rounded-xl border border-info/40 bg-info-soft p-4 text-foreground sm:flex-row sm:items-center"
    >
      <Users className="size-5 shrink-0 text-info" aria-hidden="true" />
      <div className="flex-1">
        <h2 id="nenhuma-turma" className="font-semibold">
          Nenhuma Turma Cadastrada
        </h2>
        <p className="mt-1 text-sm">
          Você precisa cadastrar pelo menos uma turma antes de gerar planos de aula.
        </p>
      </div>
      <Link to={PATHS.turmas} className={buttonClasses('default', 'default', 'self-start sm:self-center')}>
        Cadastrar Turmas
      </Link>
    </section>
  );
}
