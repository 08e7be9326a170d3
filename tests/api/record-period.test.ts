import { recordDayOf } from '@contract/endpoint';
import { periodBounds } from '@server/shared/period-bounds';
import { describe, expect, it } from 'vitest';

describe('record days', () => {
  it('run from midnight to midnight in Japan time, wherever the server runs', () => {
    expect(periodBounds({ from: '2026-11-25', to: '2026-11-25' })).toEqual({
      from: new Date('2026-11-24T15:00:00Z'),
      to: new Date('2026-11-25T15:00:00Z'),
    });
    expect(periodBounds({ from: '2026-10-27', to: '2026-11-25' })).toEqual({
      from: new Date('2026-10-26T15:00:00Z'),
      to: new Date('2026-11-25T15:00:00Z'),
    });
  });

  it('name the day an instant falls on in Japan, the same day the bounds above contain', () => {
    for (const instant of ['2026-11-24T15:00:00Z', '2026-11-24T23:40:00Z', '2026-11-25T14:59:59.999Z']) {
      const day = recordDayOf(new Date(instant));
      expect(day).toBe('2026-11-25');
      const { from, to } = periodBounds({ from: day, to: day });
      expect(new Date(instant) >= from && new Date(instant) < to).toBe(true);
    }
    expect(recordDayOf(new Date('2026-11-24T14:59:59.999Z'))).toBe('2026-11-24');
  });
});
