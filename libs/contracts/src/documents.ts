import type { Dua } from './barreiras';
import type { Etapa } from './etapas';
import type { PeriodoTipo } from './periodos';
import type { Verificacao } from './verificacao';

/** Everything the .docx renderer needs: plain data in, a Buffer out. */
export interface PlanDocumentLesson {
  numeroAula: number;
  materia: string;
  prompt: string;
  /** The lesson's title ("Aula 2 — <titulo>"); null: "Aula 2". */
  titulo: string | null;
  /** The check of learning printed after the lesson (answers only in the final Gabarito); null: none. */
  verificacao: Verificacao | null;
  /** The DUA strategies printed under "Acessibilidade (DUA)" after the lesson's table; null or absent: none. */
  dua?: Dua | null;
  habilidades: string;
  objetivos: string;
  objetosConhecimento: string;
  experiencias: string;
  evidencias: string;
}
export interface PlanDocument {
  temaPrincipal: string;
  materiaGeral: string;
  escola: string;
  professor: string;
  turma: string;
  ano: string;
  /** The class's school stage; absent: fundamental. Infantil's checks print as points to observe, without a Gabarito. */
  etapa?: Etapa;
  estado: string;
  instituicao: string;
  createdAt: Date;
  limitOneSkill: boolean;
  preferirSeduc: boolean;
  nivelDetalhamento: number;
  /**
   * The school year: the period (1..4) of its kind (absent: trimestre; the document names it "2º bimestre"),
   * optional dates (ISO) and lesson length in minutes. `trimestre` is the period number (kept for older callers).
   */
  trimestre: number;
  periodoTipo?: PeriodoTipo;
  dataInicio: string | null;
  dataFim: string | null;
  duracaoAulaMin: number | null;
  aulas: PlanDocumentLesson[];
}
