import { contentDisposition } from '@planejador/contracts';
import { FILE_NAME_MAX, planFileName } from './plan-file-name';

const createdAt = new Date('2026-11-22T14:30:00Z');

/** Reads the filename* parameter back as a browser would. */
function extendedName(header: string): string {
  const match = /filename\*=UTF-8''([^;\s]+)/.exec(header);
  if (!match) throw new Error(`no filename* in ${header}`);
  return decodeURIComponent(match[1]);
}

function asciiName(header: string): string {
  const match = /filename="([^"]*)"/.exec(header);
  if (!match) throw new Error(`no filename in ${header}`);
  return match[1];
}

describe('planFileName', () => {
  it('names the file by class, theme and date, keeping accents', () => {
    expect(planFileName({ turma: '51', temaPrincipal: 'Frações', createdAt })).toBe(
      'Plano de Aula - Turma 51 - Frações - 22-11-2026.docx',
    );
    expect(planFileName({ turma: '3ºA', temaPrincipal: 'Ação e reação: Física', createdAt })).toBe(
      'Plano de Aula - Turma 3ºA - Ação e reação Física - 22-11-2026.docx',
    );
  });

  it('dates the file on the teachers’ clock', () => {
    const lateEvening = new Date('2026-11-23T01:30:00Z');
    expect(planFileName({ turma: '51', temaPrincipal: 'Frações', createdAt: lateEvening })).toContain('22-11-2026');
  });

  it('strips characters that are unsafe in file names', () => {
    const name = planFileName({
      turma: '5/1',
      temaPrincipal: 'Frações / decimais \\ "parte" <todo>? * | ok\u0007\nfim',
      createdAt,
    });
    expect(name).not.toMatch(/[\\/:*?"<>|\u0000-\u001F]/);
    expect(name).toBe('Plano de Aula - Turma 5 1 - Frações decimais parte todo ok fim - 22-11-2026.docx');
  });

  it('caps a very long theme and keeps the date and extension', () => {
    const name = planFileName({ turma: '51', temaPrincipal: 'Números racionais e frações '.repeat(30), createdAt });
    expect(Array.from(name).length).toBeLessThanOrEqual(FILE_NAME_MAX);
    expect(name).toMatch(/^Plano de Aula - Turma 51 - Números racionais e frações .*… - 22-11-2026\.docx$/);
  });

  it('still gives a name when the theme is empty or only unsafe characters', () => {
    expect(planFileName({ turma: '51', temaPrincipal: '///', createdAt })).toBe('Plano de Aula - Turma 51 - 22-11-2026.docx');
  });
});

describe('contentDisposition (from contracts) with plan file names', () => {
  it('gives an ASCII fallback and the exact UTF-8 name (RFC 5987)', () => {
    const fileName = 'Plano de Aula - Turma 51 - Frações - 22-11-2026.docx';
    const header = contentDisposition(fileName);
    expect(header).toBe(
      'attachment; filename="Plano de Aula - Turma 51 - Fracoes - 22-11-2026.docx"; ' +
        "filename*=UTF-8''Plano%20de%20Aula%20-%20Turma%2051%20-%20Fra%C3%A7%C3%B5es%20-%2022-11-2026.docx",
    );
    expect(extendedName(header)).toBe(fileName);
  });

  it('keeps the header ASCII and quoted safely for any name', () => {
    const fileName = planFileName({
      turma: '3ºA',
      temaPrincipal: "Água (ciclo) * 'chuva' — ação & reação ✓ 😀",
      createdAt,
    });
    const header = contentDisposition(fileName);
    expect(header).toMatch(/^[\x20-\x7E]+$/);
    expect(extendedName(header)).toBe(fileName);
    // attr-char excludes ' ( ) *: they must be percent-encoded in filename*.
    expect(header.split("UTF-8''")[1]).not.toMatch(/['()*]/);
    const fallback = asciiName(header);
    expect(fallback).toMatch(/^Plano de Aula - Turma 3_A - Agua \(ciclo\) 'chuva' _ acao & reacao _ _+ - 22-11-2026\.docx$/);
    expect(fallback).not.toMatch(/["\\]/);
  });

  it('handles the longest file name', () => {
    const fileName = planFileName({ turma: 'Turma de Educação de Jovens', temaPrincipal: 'ã'.repeat(400), createdAt });
    const header = contentDisposition(fileName);
    expect(extendedName(header)).toBe(fileName);
    expect(asciiName(header)).toMatch(/^Plano de Aula - Turma Turma de Educacao de Jovens - a+_ - 22-11-2026\.docx$/);
  });
});
