import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { etapaDef, type BnccRecord, type Etapa } from '@planejador/contracts';
import { CurriculumValidationError } from './curriculum-files';

/**
 * The conversion of bncc.dev's files (github.com/bncc-dev/bncc-dados, CC BY 4.0: "bncc.dev (mantido pela Profy)")
 * into the product's own records, shipped in libs/curriculum/data (SOURCES.md): Educação Infantil's objectives,
 * Ensino Médio's skills and the Computação complement. Run once when the source changes:
 *   node libs/curriculum/dist/cli.js convert <pasta bncc-dados>
 * The product never reads the source at run time.
 */

interface Named {
  id: string;
  nome: string;
}
interface Estrutura {
  campos_experiencias: Named[];
  areas_conhecimento: (Named & { etapa: string })[];
  recortes_temporais: { id: string; etapa: string; nome?: string }[];
  competencias_especificas: { id: string; numero: number }[];
}
interface EiObjetivo {
  codigo: string;
  texto: string;
  campo_experiencias: string;
  grupo_etario: string;
  vigencia: { status: string };
}
interface EmHabilidade {
  codigo: string;
  texto: string;
  area: string;
  componente: string | null;
  competencias_especificas: string[];
  campos_atuacao_social: string[] | null;
  seriacao: unknown;
  vigencia: { status: string };
}
interface EmFile {
  habilidades: EmHabilidade[];
  contextos_organizacao: Named[];
}
interface CoItem {
  codigo: string;
  texto: string;
  eixo?: string;
  grupo_etario?: string;
  objetos_conhecimento?: string[];
  anos?: number[];
  competencia?: string;
  vigencia: { status: string };
}
interface CoFile {
  eixos: Named[];
  objetos_conhecimento: Named[];
  competencias: { id: string; numero: number }[];
  objetivos_ei: CoItem[];
  habilidades_ef: CoItem[];
  habilidades_em: CoItem[];
}

/** The source's raw files, as read. */
export interface BnccDadosSource {
  estrutura: Estrutura;
  infantil: { objetivos: EiObjetivo[] };
  medio: EmFile;
  computacao: CoFile;
}

/** The shipped files, one record per line as bncc-ef.json. */
export const STAGE_FILES = {
  infantil: 'bncc-ei.json',
  medio: 'bncc-em.json',
  computacao: 'bncc-computacao.json',
} as const;

export interface ConvertedCurriculum {
  infantil: BnccRecord[];
  medio: BnccRecord[];
  computacao: BnccRecord[];
}

const SOURCE_FILES = {
  estrutura: 'estrutura.json',
  infantil: 'educacao-infantil.json',
  medio: 'ensino-medio.json',
  computacao: 'computacao.json',
} as const;

export function readBnccDados(dir: string): BnccDadosSource {
  const read = <T>(name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;
  return {
    estrutura: read<Estrutura>(SOURCE_FILES.estrutura),
    infantil: read<BnccDadosSource['infantil']>(SOURCE_FILES.infantil),
    medio: read<EmFile>(SOURCE_FILES.medio),
    computacao: read<CoFile>(SOURCE_FILES.computacao),
  };
}

/**
 * Converts the source into records. Every reference must resolve (campo, grupo etário, área, competência, eixo,
 * objeto de conhecimento, campo de atuação) and every item must be in force; otherwise nothing is converted and the
 * error lists each problem.
 */
export function convertBnccDados(source: BnccDadosSource): ConvertedCurriculum {
  const problems: string[] = [];
  const lookup = <T extends { id: string }>(items: readonly T[], what: string) => {
    const byId = new Map(items.map((item) => [item.id, item]));
    return (id: string | null | undefined, code: string): T | null => {
      const found = id ? byId.get(id) : undefined;
      if (!found) problems.push(`${code}: ${what} (${id ?? 'nenhum'})`);
      return found ?? null;
    };
  };
  const campo = lookup(source.estrutura.campos_experiencias, 'campo de experiências desconhecido');
  const recorte = lookup(source.estrutura.recortes_temporais, 'grupo etário desconhecido');
  const area = lookup(source.estrutura.areas_conhecimento, 'área desconhecida');
  const competencia = lookup(source.estrutura.competencias_especificas, 'competência específica desconhecida');
  const campoAtuacao = lookup(source.medio.contextos_organizacao, 'campo de atuação desconhecido');
  const eixo = lookup(source.computacao.eixos, 'eixo desconhecido');
  const objeto = lookup(source.computacao.objetos_conhecimento, 'objeto de conhecimento desconhecido');
  const coCompetencia = lookup(source.computacao.competencias, 'competência de Computação desconhecida');

  // The stage and component come from where the source puts the item (its list, campo, área), never from its code,
  // so that the import's check of each code against its stage and component means something.
  const base = (item: { codigo: string; texto: string; vigencia: { status: string } }, etapa: Etapa, component: string) => {
    if (item.vigencia.status !== 'vigente') problems.push(`${item.codigo}: não vigente (${item.vigencia.status})`);
    return { code: item.codigo, etapa, component, description: item.texto.trim() };
  };
  /** 'ei-campo-cg' -> corpo-gestos-movimentos; 'em-area-lgg' -> linguagens; 'em-comp-lp' -> portugues. */
  const componentOf = (etapa: Etapa, id: string, code: string): string => {
    const sigla = /-([a-z]+)$/.exec(id)?.[1]?.toUpperCase() ?? '';
    const component = etapaDef(etapa).componentSiglas[sigla];
    if (!component) problems.push(`${code}: ${id} não corresponde a nenhuma matéria de ${etapaDef(etapa).label}`);
    return component ?? '';
  };
  const grupo = (id: string, code: string): number[] => {
    const number = Number(/^ei-grupo-0([1-3])$/.exec(recorte(id, code)?.id ?? '')?.[1]);
    return Number.isInteger(number) ? [number] : [];
  };

  const infantil = source.infantil.objetivos.map((o): BnccRecord => {
    const name = campo(o.campo_experiencias, o.codigo)?.nome ?? '';
    const component = componentOf('infantil', o.campo_experiencias, o.codigo);
    return { ...base(o, 'infantil', component), bnccComponent: name, years: grupo(o.grupo_etario, o.codigo), unit: name, knowledgeObjects: [] };
  });

  const medio = source.medio.habilidades.map((h): BnccRecord => {
    if (h.seriacao !== null) problems.push(`${h.codigo}: seriação inesperada`);
    const areaName = area(h.area, h.codigo)?.nome ?? '';
    if (h.componente) {
      // Língua Portuguesa: its campos de atuação social organise the skills (as the campos do in the EF file).
      const campos = (h.campos_atuacao_social ?? []).map((id) => campoAtuacao(id, h.codigo)?.nome ?? '');
      if (!campos.length) problems.push(`${h.codigo}: sem campo de atuação`);
      return { ...base(h, 'medio', componentOf('medio', h.componente, h.codigo)), bnccComponent: 'Língua Portuguesa', years: [], unit: campos.join(' / '), knowledgeObjects: [] };
    }
    const numero = h.competencias_especificas.map((id) => competencia(id, h.codigo)?.numero)[0];
    return { ...base(h, 'medio', componentOf('medio', h.area, h.codigo)), bnccComponent: areaName, years: [], unit: `Competência específica ${numero ?? ''}`.trim(), knowledgeObjects: [] };
  });

  const co = source.computacao;
  const computacao = [
    ...co.objetivos_ei.map(
      (o): BnccRecord => ({
        ...base(o, 'infantil', 'computacao'),
        bnccComponent: 'Computação',
        years: grupo(o.grupo_etario ?? '', o.codigo),
        unit: eixo(o.eixo, o.codigo)?.nome ?? '',
        knowledgeObjects: [],
      }),
    ),
    ...co.habilidades_ef.map(
      (h): BnccRecord => ({
        ...base(h, 'fundamental', 'computacao'),
        bnccComponent: 'Computação',
        years: [...(h.anos ?? [])],
        unit: eixo(h.eixo, h.codigo)?.nome ?? '',
        knowledgeObjects: (h.objetos_conhecimento ?? []).map((id) => objeto(id, h.codigo)?.nome ?? ''),
      }),
    ),
    ...co.habilidades_em.map(
      (h): BnccRecord => ({
        ...base(h, 'medio', 'computacao'),
        bnccComponent: 'Computação',
        years: [],
        unit: `Competência específica ${coCompetencia(h.competencia, h.codigo)?.numero ?? ''}`.trim(),
        knowledgeObjects: [],
      }),
    ),
  ];
  if (problems.length) throw new CurriculumValidationError(problems);
  const byCode = (a: BnccRecord, b: BnccRecord) => a.code.localeCompare(b.code);
  return { infantil: infantil.sort(byCode), medio: medio.sort(byCode), computacao: computacao.sort(byCode) };
}

/** A JSON array with one compact record per line (the shipped files' layout: a problem names its line). */
export function recordsFileText(records: readonly BnccRecord[]): string {
  const line = (r: BnccRecord) => {
    const { code, etapa, component, bnccComponent, years, unit, field, axis, knowledgeObjects, description } = r;
    return JSON.stringify({ code, etapa, component, bnccComponent, years, unit, field, axis, knowledgeObjects, description });
  };
  return `[\n${records.map(line).join(',\n')}\n]\n`;
}

/** Converts the source directory and writes the shipped files into `outDir`; answers the paths and counts. */
export function writeConvertedCurriculum(sourceDir: string, outDir: string): { file: string; records: number }[] {
  const converted = convertBnccDados(readBnccDados(sourceDir));
  return (Object.keys(STAGE_FILES) as (keyof typeof STAGE_FILES)[]).map((key) => {
    const file = join(outDir, STAGE_FILES[key]);
    writeFileSync(file, recordsFileText(converted[key]));
    return { file, records: converted[key].length };
  });
}
