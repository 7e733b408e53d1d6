import { countCurriculumSkills, selectCurriculumSkills, upsertCurriculumSkills, type CurriculumSkillRow } from './curriculum';
import { createTestDatabase, type TestDatabase } from './__tests__/test-database';

const skill = (code: string, overrides: Partial<CurriculumSkillRow> = {}): CurriculumSkillRow => ({
  code,
  etapa: 'fundamental',
  component: 'matematica',
  bncc_component: 'Matemática',
  years: [5],
  unit: 'Números',
  field: null,
  axis: null,
  knowledge_objects: ['Frações'],
  description: `Habilidade ${code}`,
  source: 'bncc',
  expectativas: [],
  ...overrides,
});

describe('curriculum repository (PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    // An empty curriculum of its own: these tests count rows.
    db = await createTestDatabase('curriculum_repo');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('upsertCurriculumSkills inserts new rows and overwrites changed ones; select and count read them back', async () => {
    const em = db.orm.em.fork();
    expect(await countCurriculumSkills(em)).toBe(0);
    expect(await selectCurriculumSkills(em)).toEqual([]);
    await upsertCurriculumSkills(em, []);
    await upsertCurriculumSkills(em, [skill('EF05MA02'), skill('EF05MA01', { field: 'Campo', axis: 'Eixo', years: [4, 5] })]);
    expect(await countCurriculumSkills(em)).toBe(2);
    await upsertCurriculumSkills(em, [skill('EF05MA02', { description: 'Nova', expectativas: ['RS-1'], source: 'rs' })]);
    expect(await countCurriculumSkills(em)).toBe(2);
    expect(await selectCurriculumSkills(em)).toEqual([
      skill('EF05MA01', { field: 'Campo', axis: 'Eixo', years: [4, 5] }),
      skill('EF05MA02', { description: 'Nova', expectativas: ['RS-1'], source: 'rs' }),
    ]);
  });
});
