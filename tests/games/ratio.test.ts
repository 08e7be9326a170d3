import { percentText, ratio, ratioValue } from '@games/engine/ratio';
import { describe, expect, it } from 'vitest';

describe('exact ratios', () => {
  it('turn into the nearest float, even past a float’s range', () => {
    expect(ratioValue(ratio(24n, 25n))).toBe(0.96);
    // A Markov chain's exact RTP: both parts are hundreds of digits long, Number() of each is Infinity.
    const huge = ratio(3n ** 700n, 2n * 3n ** 700n + 1n);
    expect(Number(huge.num) / Number(huge.den)).toBeNaN();
    expect(ratioValue(huge)).toBeCloseTo(0.5, 15);
  });

  it('print as a percentage rounded half up', () => {
    expect(percentText(ratio(24n, 25n), 4)).toBe('96.0000');
    expect(percentText(ratio(1n, 3n), 2)).toBe('33.33');
    expect(percentText(ratio(2n, 3n), 0)).toBe('67');
  });
});
