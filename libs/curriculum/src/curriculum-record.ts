import { DEFAULT_ETAPA, type BnccRecord, type Etapa } from '@planejador/contracts';

/** A skill as the library holds it: a BNCC record plus where it came from and its state expectations. */
export interface CurriculumRecord extends BnccRecord {
  /** 'bncc', or 'rs' for a skill that only the state (RS) matrix has. */
  source: 'bncc' | 'rs';
  /** 'Expectativas de Aprendizagens' of the state matrix; empty until one is imported. */
  expectativas: string[];
}

/** A BNCC record as the library holds it; a record that names no stage (bncc-ef.json's) is of the Ensino Fundamental. */
export function fromBncc(record: Omit<BnccRecord, 'etapa'> & { etapa?: Etapa }): CurriculumRecord {
  return { ...record, etapa: record.etapa ?? DEFAULT_ETAPA, source: 'bncc', expectativas: [] };
}
