/**
 * Spreads a document's tax over its taxable lines in proportion to their amounts, in cents, so the
 * shares add up exactly (largest remainder). QuickBooks Desktop keeps sales tax on one split line;
 * the canonical ledger wants it per line.
 */
export function allocateTax(tax: bigint, amounts: readonly bigint[]): bigint[] {
  const base = amounts.reduce((sum, amount) => sum + amount, 0n);
  if (amounts.length === 0) return [];
  if (base === 0n) return amounts.map((_, index) => (index === 0 ? tax : 0n));
  const shares = amounts.map((amount) => (tax * amount) / base);
  const remainders = amounts.map((amount, index) => ({
    index,
    rest: abs(tax * amount - (shares[index] ?? 0n) * base),
  }));
  let left = tax - shares.reduce((sum, share) => sum + share, 0n);
  const step = left < 0n ? -1n : 1n;
  remainders.sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.index - b.index));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + step;
    left -= step;
  }
  return shares;
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}
