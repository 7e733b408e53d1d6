import { planosCountStatement, planosPageStatement } from './planos-list';

const USER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('planosPageStatement', () => {
  it('without filters: only the user and the page size, and no optional condition', () => {
    const st = planosPageStatement(USER, {}, 26);
    expect(st.values).toEqual([USER, 26]);
    expect(st.name).toBe('planos-page-');
    expect(st.text).not.toMatch(/is null/);
    expect(st.text).toMatch(/limit \$2::int$/);
  });

  it('numbers every filter in order and names each combination apart', () => {
    const after = { createdAt: '2026-11-23T10:00:00.123456Z', id: USER };
    const st = planosPageStatement(USER, { turma: '51', status: 'salvo', after }, 11);
    expect(st.values).toEqual([USER, '51', 'salvo', after.createdAt, after.id, 11]);
    expect(st.text).toContain('t.numero = $2::text');
    expect(st.text).toContain('p.status = $3::text');
    expect(st.text).toContain('(p.created_at, p.id) < ($4::timestamptz, $5::uuid)');
    const names = new Set(
      [{}, { turma: '51' }, { status: 'salvo' }, { turma: '51', status: 'salvo' }, { after }, { turma: '51', after }].map(
        (f) => planosPageStatement(USER, f, 26).name,
      ),
    );
    expect(names.size).toBe(6);
  });

  it('counts with the same filters as the page', () => {
    const st = planosCountStatement(USER, { status: 'gerado' });
    expect(st.values).toEqual([USER, 'gerado']);
    expect(st.text).toContain('c.status = $2::text');
    expect(st.text).not.toContain('turmas');
  });
});
