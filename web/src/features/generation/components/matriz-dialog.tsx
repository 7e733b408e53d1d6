import {
  anoLabel,
  etapaWords,
  CURRICULUM_CREDIT,
  CURRICULUM_CREDIT_URL,
  LIMITS,
  materiaLabel,
  type Etapa,
  type EtapaWords,
  type MatrizData,
  type MatrizItem,
  type MatrizResponse,
} from '@planejador/contracts';
import { AlertCircle, BookOpen, ExternalLink } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMatriz } from '@/lib/api/get-matriz';
import { HabilidadeSearch } from './habilidade-search';
import { SkillPinToggle, type SkillPick } from './skill-pin';

interface MatrizDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back when the dialog closes (it has no Radix trigger: it opens from the form's button). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  turma: { id: string; numero: string; escola: string; ano: string; etapa?: Etapa } | null;
  materia: string;
  /** Opened from a lesson's "Ver todas": each skill can be pinned to (or unpinned from) that lesson. */
  pick?: SkillPick;
}

interface MatrizTab {
  key: string;
  label: string;
  items: MatrizItem[];
}

/** The tabs: the second-level keys (thematic units), under the first-level key (the year). */
function tabsOf(data: MatrizData): MatrizTab[] {
  const years = Object.keys(data);
  return years
    .flatMap((year) =>
      Object.entries(data[year] ?? {}).map(([unit, items]) => ({
        label: years.length > 1 ? `${year} · ${unit}` : unit,
        items,
      })),
    )
    // Keys become element ids (aria-controls): no spaces or symbols from the unit names.
    .map((tab, index) => ({ ...tab, key: `unidade-${index + 1}` }));
}

/** 'Matriz Curricular - {subject}': the class year's curriculum for the subject, with a skill search. */
export function MatrizDialog({ open, onOpenChange, turma, materia, returnFocusTo, pick }: MatrizDialogProps) {
  const matriz = useMatriz(turma?.id ?? '', materia, { enabled: open });
  const label = materiaLabel(materia);
  const words = etapaWords(turma?.etapa);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-4xl gap-5"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Matriz Curricular - {label}</DialogTitle>
          <DialogDescription>
            {turma ? `Turma ${turma.numero} · ${anoLabel(turma.ano, turma.etapa)} · ${turma.escola}` : `${words.habilidades} da BNCC`}
            {pick ? ` · Escolha até ${LIMITS.habilidadesFixadasMax} ${words.habilidadesMinusculas} para a aula ${pick.numero}.` : ''}
          </DialogDescription>
        </DialogHeader>
        {pick ? (
          <p className="text-sm font-medium" aria-live="polite">
            {pick.pinned.length ? `Fixadas na aula ${pick.numero}: ${pick.pinned.join(', ')}` : words.habilidadesArtigo === 'os' ? `Nenhum ${words.habilidade} fixado na aula ${pick.numero}.` : `Nenhuma ${words.habilidade} fixada na aula ${pick.numero}.`}
          </p>
        ) : null}

        {turma ? <HabilidadeSearch etapa={turma.etapa} ano={turma.ano} materia={materia} pick={pick} /> : null}

        <MatrizBody query={matriz} pick={pick} words={words} />

        <p className="text-xs text-muted-foreground">
          Fonte:{' '}
          <a
            href={CURRICULUM_CREDIT_URL}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-2"
          >
            {CURRICULUM_CREDIT}
            <ExternalLink className="size-3" aria-hidden="true" />
            <span className="sr-only">(abre em nova aba)</span>
          </a>{' '}
          — CC BY 4.0
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Fechar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function MatrizBody({ query, pick, words }: { query: ReturnType<typeof useMatriz>; pick?: SkillPick; words: EtapaWords }) {
  if (query.isPending && query.fetchStatus !== 'idle') {
    return <Spinner label="Carregando dados da matriz..." showLabel className="py-10" />;
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-2 py-8 text-center">
        <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
        <p className="font-semibold">Erro ao carregar dados da matriz</p>
        <p className="text-sm text-muted-foreground">{`Verifique se os dados existem para esta turma e ${words.materiaCurta.toLowerCase()}`}</p>
      </div>
    );
  }
  const response: MatrizResponse | undefined = query.data;
  const tabs = response ? tabsOf(response.data).filter((tab) => tab.items.length > 0) : [];
  if (!response || tabs.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center">
        <BookOpen className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-semibold">{`Nenhum dado encontrado para esta turma e ${words.materiaCurta.toLowerCase()}`}</p>
        {response?.meta.reason ? <p className="max-w-md text-sm text-muted-foreground">{response.meta.reason}</p> : null}
      </div>
    );
  }
  return (
    <Tabs defaultValue={tabs[0].key} className="min-w-0">
      <TabsList
        aria-label="Unidades temáticas"
        className="flex h-auto w-full flex-wrap justify-start gap-1"
      >
        {tabs.map((tab) => (
          <TabsTrigger key={tab.key} value={tab.key} className="flex-none whitespace-normal text-left sm:flex-1 sm:text-center">
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.key} value={tab.key} className="flex flex-col gap-4">
          {tab.items.map((item, index) => (
            <MatrizItemCard key={index} item={item} numero={index + 1} rsLoaded={response.meta.rsLoaded} pick={pick} words={words} />
          ))}
        </TabsContent>
      ))}
    </Tabs>
  );
}

function MatrizItemCard({ item, numero, rsLoaded, pick, words }: { item: MatrizItem; numero: number; rsLoaded: boolean; pick?: SkillPick; words: EtapaWords }) {
  const expectativas = item['Expectativas de Aprendizagens'];
  return (
    <article className="rounded-lg border bg-card p-4">
      <h3 className="mb-3 font-semibold">Item {numero}</h3>
      <div className="grid gap-4 md:grid-cols-3">
        <section>
          <h4 className="mb-1 text-sm font-semibold text-muted-foreground">{words.objetosConhecimento}</h4>
          {item['Objetos de Conhecimento'].length ? (
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {item['Objetos de Conhecimento'].map((objeto) => (
                <li key={objeto}>{objeto}</li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">Não informado.</p>
          )}
        </section>
        <section>
          <h4 className="mb-1 text-sm font-semibold text-muted-foreground">{words.habilidades}</h4>
          <ul className="space-y-2 text-sm">
            {item.Habilidades.map((habilidade) => (
              <li key={habilidade.code} className={pick ? 'flex items-start justify-between gap-2' : undefined}>
                <span>
                  <strong className="font-semibold">{habilidade.code}</strong> {habilidade.description}
                </span>
                {pick ? <SkillPinToggle code={habilidade.code} pick={pick} /> : null}
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h4 className="mb-1 text-sm font-semibold text-muted-foreground">Expectativas de Aprendizagens</h4>
          {expectativas.length ? (
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {expectativas.map((expectativa) => (
                <li key={expectativa}>{expectativa}</li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">
              {rsLoaded
                ? 'Nenhuma expectativa da matriz SEDUC-RS para este item.'
                : 'A matriz estadual SEDUC-RS ainda não foi carregada.'}
            </p>
          )}
        </section>
      </div>
    </article>
  );
}
