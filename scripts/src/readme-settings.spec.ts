import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { settingsSchema } from '@planejador/config';
import { repoRoot } from './paths';

describe('README settings table', () => {
  it('lists every setting the app reads', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const rows = new Set([...readme.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1]));
    const missing = Object.keys(settingsSchema.shape).filter((name) => !rows.has(name));
    expect(missing).toEqual([]);
  });
});
