import { Paragraph, Table, TableRow } from 'docx';
import { etapaDef, etapaOf, formatIsoDatePtBr, materiasHeader, periodoLabel, periodoTipoTitulo, type PlanDocument } from '@planejador/contracts';
import { cell, CONTENT_WIDTH, labelParagraph, table, valueParagraph } from './docx-layout';
import { formatAno, formatDatePtBr } from './pt-br-format';

const ID_COLUMNS = [1900, 2886, 1750, CONTENT_WIDTH - 1900 - 2886 - 1750];

/**
 * The plan's identification table: school, teacher, class, year, subject, lessons, period and theme, each in the
 * stage's words ("Grupo etário", "Campo de experiência"; a plan mixing subjects names them all).
 */
export function identificationTable(plan: PlanDocument): Table {
  const [labelWidth, valueWidth] = ID_COLUMNS;
  const fullValueWidth = CONTENT_WIDTH - labelWidth;
  const wide = (label: string, values: Paragraph[]): TableRow =>
    new TableRow({
      cantSplit: true,
      children: [
        cell([labelParagraph(label)], { width: labelWidth, label: true }),
        cell(values, { width: fullValueWidth, columnSpan: 3 }),
      ],
    });
  const pair = (left: [string, string], right: [string, string]): TableRow =>
    new TableRow({
      cantSplit: true,
      children: [
        cell([labelParagraph(left[0])], { width: labelWidth, label: true }),
        cell([valueParagraph(left[1])], { width: valueWidth }),
        cell([labelParagraph(right[0])], { width: ID_COLUMNS[2], label: true }),
        cell([valueParagraph(right[1])], { width: ID_COLUMNS[3] }),
      ],
    });
  // Empty optional fields (period, lesson length) are left out, never printed as 'Não informado'.
  const period = periodText(plan);
  const etapa = etapaOf(plan.etapa);
  const items: [string, string][] = [
    ['Professor(a)', plan.professor],
    ['Data de criação', formatDatePtBr(plan.createdAt)],
    ['Turma', plan.turma],
    [etapaDef(etapa).anoNoun, formatAno(plan.ano, etapa)],
    materiasHeader(etapa, plan.materiaGeral, plan.aulas.map((a) => a.materia)),
    ['Número de aulas', String(plan.aulas.length)],
    [periodoTipoTitulo(plan.periodoTipo ?? 'trimestre'), periodoLabel(plan.trimestre, plan.periodoTipo)],
    ...(period ? [['Período', period] as [string, string]] : []),
    ...(plan.duracaoAulaMin ? [['Duração da aula', `${plan.duracaoAulaMin} minutos`] as [string, string]] : []),
    ['Carga horária', cargaHoraria(plan)],
  ];
  const rows = [wide('Escola', [valueParagraph(plan.escola)])];
  for (let i = 0; i < items.length; i += 2) {
    const [left, right] = [items[i], items[i + 1]];
    rows.push(right ? pair(left, right) : wide(left[0], [valueParagraph(left[1])]));
  }
  rows.push(wide('Tema principal', [valueParagraph(plan.temaPrincipal)]));
  return table(ID_COLUMNS, rows);
}

/** 'dd/mm/aaaa a dd/mm/aaaa', one side alone, or null when the plan has no period. */
export function periodText(plan: Pick<PlanDocument, 'dataInicio' | 'dataFim'>): string | null {
  const start = plan.dataInicio ? formatIsoDatePtBr(plan.dataInicio) : null;
  const end = plan.dataFim ? formatIsoDatePtBr(plan.dataFim) : null;
  if (start && end) return `${start} a ${end}`;
  if (start) return `A partir de ${start}`;
  if (end) return `Até ${end}`;
  return null;
}

/** Lessons x length: '12 aulas x 50 min = 10 h'; without a length, the number of lessons. */
export function cargaHoraria(plan: Pick<PlanDocument, 'duracaoAulaMin' | 'aulas'>): string {
  const lessons = plan.aulas.length;
  const count = `${lessons} ${lessons === 1 ? 'aula' : 'aulas'}`;
  if (!plan.duracaoAulaMin) return count;
  return `${count} x ${plan.duracaoAulaMin} min = ${hoursText(lessons * plan.duracaoAulaMin)}`;
}

/** 600 -> '10 h', 50 -> '50 min', 130 -> '2 h 10 min'. */
export function hoursText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
