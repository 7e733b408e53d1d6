import { redactPersonalData, type Redaction } from './redactor';

/**
 * A class's notes (`observacoesAdicionais`) as they are stored (decisions.md, "Sessions and security"): redacted as
 * notes, where every listed given name is someone of the class. The api stores this text, the turma form previews it
 * while the teacher types, and the migration of the notes stored before applied it once.
 */
export function redactClassNotes(notes: string): Redaction {
  return redactPersonalData(notes, { kind: 'notes' });
}
