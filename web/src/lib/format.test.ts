import { formatDate, formatDateTime } from './format';

describe('format (pt-BR)', () => {
  it('writes dates as dd/mm/aaaa and times as hh:mm', () => {
    const morning = new Date(2026, 10, 5, 9, 7);
    expect(formatDate(morning)).toBe('05/11/2026');
    expect(formatDateTime(morning)).toBe('05/11/2026, 09:07');
    expect(formatDate(morning.toISOString())).toBe('05/11/2026');
  });

  it('writes nothing for a value that is not a date', () => {
    expect(formatDate('amanhã')).toBe('');
    expect(formatDateTime(new Date(Number.NaN))).toBe('');
  });
});
