import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { settingsSchema } from '@planejador/config';
import { repoRoot } from './paths';

const readme = () => readFileSync(join(repoRoot, 'README.md'), 'utf8');

describe('README settings table', () => {
  it('lists every setting the app reads', () => {
    const rows = new Set([...readme().matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1]));
    const missing = Object.keys(settingsSchema.shape).filter((name) => !rows.has(name));
    expect(missing).toEqual([]);
  });

  it('describes every *_MS setting in milliseconds and every *_S setting in seconds (README and settings.ts)', () => {
    const rows = [...readme().matchAll(/^\| `([A-Z0-9_]+)` \|[^|]*\|([^\n]*)\|$/gm)].map((m) => ({ name: m[1], text: m[2] }));
    const wrong: string[] = [];
    for (const { name, text } of rows) {
      if (name.endsWith('_MS') && (!/\bem ms\b/.test(text) || /segundos?\b/i.test(text.replace(/= \d+ s\b/, '')))) wrong.push(`README ${name}`);
      if (name.endsWith('_S') && !/\bem segundos\b/.test(text)) wrong.push(`README ${name}`);
    }
    // The doc comment right above a *_MS setting in settings.ts never speaks of seconds.
    const source = readFileSync(join(repoRoot, 'libs', 'config', 'src', 'settings.ts'), 'utf8');
    for (const m of source.matchAll(/\/\*\*([^*]*(?:\*(?!\/)[^*]*)*)\*\/\s*\n\s*([A-Z0-9_]+_MS):/g)) {
      if (/\bseconds?\b/i.test(m[1].replace(/= \d+ s\b/, ''))) wrong.push(`settings.ts ${m[2]}`);
    }
    expect(rows.some((row) => row.name === 'EXPORT_TIMEOUT_MS')).toBe(true);
    expect(wrong).toEqual([]);
  });
});
