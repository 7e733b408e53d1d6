import type { LessonDraft } from '@planejador/ai';
import { LIMITS } from '@planejador/contracts';
import { fieldPastCaps } from './lesson-writer';

const draft = (over: Partial<LessonDraft> = {}): LessonDraft => ({
  titulo: 'Frações',
  verificacao: null,
  habilidadeCodes: ['EF05MA03'],
  habilidades: 'EF05MA03',
  objetivos: 'Objetivos',
  objetosConhecimento: 'Frações',
  experiencias: '1. Atividade',
  evidencias: 'Registro',
  ...over,
});

describe('fieldPastCaps: a generated text past a lesson field caps is never stored', () => {
  const manyLines = '1.\n'.repeat(LIMITS.lessonFieldLinesMax + 1);

  it('names the first of the five fields past 20,000 characters or 300 lines of a whole lesson', () => {
    expect(fieldPastCaps(draft(), null)).toBeNull();
    expect(fieldPastCaps(draft({ experiencias: manyLines }), null)).toBe('experiencias');
    expect(fieldPastCaps(draft({ objetivos: 'a'.repeat(LIMITS.lessonFieldMax + 1) }), null)).toBe('objetivos');
  });

  it('a one-field regeneration looks only at the field it stores', () => {
    expect(fieldPastCaps(draft({ experiencias: manyLines }), 'objetivos')).toBeNull();
    expect(fieldPastCaps(draft({ experiencias: manyLines }), 'experiencias')).toBe('experiencias');
    expect(fieldPastCaps(draft({ experiencias: manyLines }), 'verificacao')).toBeNull();
  });
});
