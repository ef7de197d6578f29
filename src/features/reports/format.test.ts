import { describe, expect, it } from 'vitest';
import { periodLine } from './format';

describe("the page's period line", () => {
  it('writes the year once when both periods are in it', () => {
    expect(
      periodLine({ de: '2026-11-22', ate: '2026-11-28' }, { de: '2026-11-15', ate: '2026-11-21' }),
    ).toBe('22/11 a 28/11/2026, comparados a 15/11–21/11');
  });

  it('writes the years of the days in another year', () => {
    expect(
      periodLine({ de: '2026-12-29', ate: '2027-01-04' }, { de: '2026-12-22', ate: '2026-12-28' }),
    ).toBe('29/12/2026 a 04/01/2027, comparados a 22/12/2026–28/12/2026');
  });
});
