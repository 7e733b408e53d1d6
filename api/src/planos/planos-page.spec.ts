import { parseLessonSummaries } from './planos.service';

describe('parseLessonSummaries', () => {
  it('reads the lessons in their order, with id, number, subject and state', () => {
    const text =
      '1 done 0b8f3c1e-2d4a-4b6c-8e9f-0a1b2c3d4e5f matematica 2 failed 1c9e4d2f-3e5b-4c7d-9fa0-1b2c3d4e5f60 matematica';
    expect(parseLessonSummaries(text)).toEqual([
      { numeroAula: 1, state: 'done', id: '0b8f3c1e-2d4a-4b6c-8e9f-0a1b2c3d4e5f', materia: 'matematica' },
      { numeroAula: 2, state: 'failed', id: '1c9e4d2f-3e5b-4c7d-9fa0-1b2c3d4e5f60', materia: 'matematica' },
    ]);
  });

  it('gives no lessons for a plan without any', () => {
    expect(parseLessonSummaries(null)).toEqual([]);
    expect(parseLessonSummaries('')).toEqual([]);
  });
});
