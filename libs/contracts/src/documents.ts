/** Everything the .docx renderer needs: plain data in, a Buffer out. */
export interface PlanDocumentLesson {
  numeroAula: number;
  materia: string;
  prompt: string;
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
  estado: string;
  instituicao: string;
  createdAt: Date;
  limitOneSkill: boolean;
  preferirSeduc: boolean;
  nivelDetalhamento: number;
  /** The school year: trimestre 1..3, optional period (ISO dates) and lesson length in minutes. */
  trimestre: number;
  dataInicio: string | null;
  dataFim: string | null;
  duracaoAulaMin: number | null;
  aulas: PlanDocumentLesson[];
}
