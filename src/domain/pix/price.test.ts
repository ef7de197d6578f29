import { describe, expect, it } from 'vitest';
import { campaignPrice, priceBands } from './price';

describe('campaign price bands', () => {
  it('charges one band per started 100 recipients', () => {
    expect(campaignPrice(1)).toBe('25.00');
    expect(campaignPrice(100)).toBe('25.00');
    expect(campaignPrice(101)).toBe('50.00');
    expect(campaignPrice(200)).toBe('50.00');
    expect(campaignPrice(250)).toBe('75.00');
    expect(campaignPrice(10_000)).toBe('2500.00');
    expect(priceBands(0)).toBe(0);
  });
  it('uses the configured band price without float error', () => {
    // 0.1 + 0.2 style drift would show here with floats: 3 × 19.9 = 59.699999…
    expect(campaignPrice(201, '19.9')).toBe('59.70');
    expect(campaignPrice(1001, '0.10')).toBe('1.10');
    expect(campaignPrice(300, '33.33')).toBe('99.99');
  });
  it('refuses nonsense', () => {
    expect(() => campaignPrice(-1)).toThrow(RangeError);
    expect(() => campaignPrice(1.5)).toThrow(RangeError);
    expect(() => campaignPrice(1, '25,00')).toThrow(RangeError);
  });
});
