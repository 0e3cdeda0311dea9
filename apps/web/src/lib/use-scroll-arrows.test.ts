import { describe, expect, it } from 'vitest';
import { arrowsFor } from './use-scroll-arrows';

// One rule for every strip (the communities strip, suggested communities, blogs).
describe('arrowsFor (SPEC §9: an arrow shows while more than 10 px is hidden on its side)', () => {
  it.each([
    [0, 500, 500, { left: false, right: false }],
    [0, 500, 510, { left: false, right: false }],
    [0, 500, 511, { left: false, right: true }],
    [10, 500, 1500, { left: false, right: true }],
    [11, 500, 1500, { left: true, right: true }],
    [1000, 500, 1500, { left: true, right: false }],
    [990, 500, 1500, { left: true, right: false }],
    [989, 500, 1500, { left: true, right: true }],
  ])('scrollLeft %i, width %i of %i → %j', (scrollLeft, clientWidth, scrollWidth, expected) => {
    expect(arrowsFor(scrollLeft, clientWidth, scrollWidth)).toEqual(expected);
  });
});
