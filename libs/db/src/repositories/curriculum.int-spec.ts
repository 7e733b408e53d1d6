import { type CurriculumSkillRow } from './curriculum';
import { CurriculumRepository } from './curriculum';
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
  let curriculumRepo: CurriculumRepository;

  beforeAll(async () => {
    // An empty curriculum of its own: these tests count rows.
    db = await createTestDatabase('curriculum_repo');
    curriculumRepo = new CurriculumRepository(db.database);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('upsertCurriculumSkills inserts new rows and overwrites changed ones; select and count read them back', async () => {
    expect(await curriculumRepo.countCurriculumSkills()).toBe(0);
    expect(await curriculumRepo.selectCurriculumSkills()).toEqual([]);
    await curriculumRepo.upsertCurriculumSkills([]);
    await curriculumRepo.upsertCurriculumSkills([skill('EF05MA02'), skill('EF05MA01', { field: 'Campo', axis: 'Eixo', years: [4, 5] })]);
    expect(await curriculumRepo.countCurriculumSkills()).toBe(2);
    await curriculumRepo.upsertCurriculumSkills([skill('EF05MA02', { description: 'Nova', expectativas: ['RS-1'], source: 'rs' })]);
    expect(await curriculumRepo.countCurriculumSkills()).toBe(2);
    expect(await curriculumRepo.selectCurriculumSkills()).toEqual([
      skill('EF05MA01', { field: 'Campo', axis: 'Eixo', years: [4, 5] }),
      skill('EF05MA02', { description: 'Nova', expectativas: ['RS-1'], source: 'rs' }),
    ]);
  });
});
