import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { inCi, missingCommands, requireCommands } from './required-tools';

describe('outside programs a suite needs: skipped locally, a failure in CI', () => {
  let dir: string;
  let path: string;
  const tools = ['soffice', 'pdftotext', 'pdfinfo'];
  const options = { suite: 'The .docx layout tests', install: 'apt-get install libreoffice-writer-nogui poppler-utils' };

  beforeAll(() => {
    // Two PATH folders: soffice executable in one, pdftotext in the other; pdfinfo there but not executable, and a
    // folder named like a tool.
    dir = mkdtempSync(join(tmpdir(), 'planejador-tools-'));
    for (const folder of ['a', 'b']) mkdirSync(join(dir, folder));
    writeFileSync(join(dir, 'a', 'soffice'), '#!/bin/sh\n');
    chmodSync(join(dir, 'a', 'soffice'), 0o755);
    writeFileSync(join(dir, 'b', 'pdftotext'), '#!/bin/sh\n');
    chmodSync(join(dir, 'b', 'pdftotext'), 0o755);
    writeFileSync(join(dir, 'b', 'pdfinfo'), 'not a program\n');
    chmodSync(join(dir, 'b', 'pdfinfo'), 0o644);
    mkdirSync(join(dir, 'b', 'pdftoppm'));
    path = [join(dir, 'a'), join(dir, 'missing'), join(dir, 'b')].join(delimiter);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the commands executable in any folder of PATH, and only those', () => {
    expect(missingCommands(tools, path)).toEqual(['pdfinfo']);
    expect(missingCommands([...tools, 'pdftoppm'], path)).toEqual(['pdfinfo', 'pdftoppm']);
    expect(missingCommands(['soffice', 'pdftotext'], path)).toEqual([]);
    expect(missingCommands(tools, '')).toEqual(tools);
  });

  it('in CI (CI set), a missing program fails the suite with what is missing and how to install it', () => {
    for (const CI of ['true', '1', 'yes']) {
      expect(() => requireCommands(tools, options, { CI, PATH: path })).toThrow(
        /The \.docx layout tests: pdfinfo not found on PATH, and CI is set, so the suite fails instead of being skipped \(apt-get install libreoffice-writer-nogui poppler-utils/,
      );
    }
  });

  it('on a developer machine (CI unset, empty, 0 or false), it warns and skips', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (const CI of [undefined, '', '0', 'false', 'FALSE']) {
        expect(requireCommands(tools, options, { CI, PATH: path })).toBe(false);
      }
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('pdfinfo not installed, the suite is skipped'));
    } finally {
      warn.mockRestore();
    }
  });

  it('runs when every program is there, in CI or not', () => {
    expect(requireCommands(['soffice', 'pdftotext'], options, { CI: 'true', PATH: path })).toBe(true);
    expect(requireCommands(['soffice', 'pdftotext'], options, { PATH: path })).toBe(true);
    expect(inCi({ CI: 'true' })).toBe(true);
    expect(inCi({})).toBe(false);
  });
});
