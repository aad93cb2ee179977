import { describe, expect, it } from 'vitest';
import { growthBetween } from '../src/measure/growth.js';
import { median, middleHalf, summarize } from '../src/measure/statistics.js';
import { describeGrowth } from '../src/sections/scale.js';

describe('median and summarize', () => {
  it('take the middle value of an odd count, the mean of the two middle ones of an even count, in any order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(summarize([7, 2, 9, 4])).toEqual({ median: 5.5, min: 2, max: 9, count: 4 });
  });

  it('refuse an empty list rather than answer NaN', () => {
    expect(() => median([])).toThrow(RangeError);
    expect(() => middleHalf([])).toThrow(RangeError);
  });
});

describe('middleHalf', () => {
  it('spans the first to the third quartile, interpolated, in any order, leaving the outliers out', () => {
    expect(middleHalf([5, 1, 4, 2, 3])).toEqual({ low: 2, high: 4 });
    expect(middleHalf([40, 10, 20, 30])).toEqual({ low: 17.5, high: 32.5 });
    expect(middleHalf([0.9, 1, 1.1, 1, 100, 1, 0.01, 1, 1])).toEqual({ low: 1, high: 1 });
    expect(middleHalf([7])).toEqual({ low: 7, high: 7 });
  });
});

describe('growth', () => {
  it('is linear when the cost grows as the size does, and flags a quadratic cost', () => {
    expect(growthBetween({ size: 100, cost: 2 }, { size: 1000, cost: 20 })).toMatchObject({ superlinear: false });
    expect(growthBetween({ size: 100, cost: 2 }, { size: 1000, cost: 20 }).perTenfold).toBeCloseTo(10);
    const quadratic = growthBetween({ size: 1000, cost: 1 }, { size: 5000, cost: 25 });
    expect(quadratic.exponent).toBeCloseTo(2);
    expect(describeGrowth(quadratic)).toMatch(/worse than linear/);
    expect(describeGrowth(growthBetween({ size: 1000, cost: 10 }, { size: 5000, cost: 20 }))).toBe(
      '2.70x per 10x (b 0.43)',
    );
    expect(describeGrowth(null)).toBe('not measured');
  });
});
