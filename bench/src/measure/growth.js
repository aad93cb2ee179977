/**
 * Tolerance on the growth exponent before a cost is called worse than linear: run-to-run noise on a shared
 * 2-core machine moves a single step's exponent by a few hundredths, so 1.0 exactly would flag noise.
 */
export const SUPERLINEAR_EXPONENT = 1.1;

/**
 * How a cost grows between two sizes: the factor per 10x operations and the exponent b of cost ~ n^b
 * (1 is linear). Both costs must be positive.
 * @param {{ size: number, cost: number }} from
 * @param {{ size: number, cost: number }} to
 * @returns {{ exponent: number, perTenfold: number, superlinear: boolean }}
 */
export function growthBetween(from, to) {
  const exponent = Math.log(to.cost / from.cost) / Math.log(to.size / from.size);
  return { exponent, perTenfold: 10 ** exponent, superlinear: exponent > SUPERLINEAR_EXPONENT };
}
