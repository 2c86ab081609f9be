/**
 * A set of legacy keys that remembers where each was first seen, in about 16 bytes per key: keys are
 * kept as 64-bit hashes in typed arrays (open addressing), not as strings, so validating a million
 * rows does not hold a million strings. Two different keys share a 64-bit hash with a probability
 * near 3 × 10⁻⁸ for a million keys; such a pair would be reported as a duplicate.
 */
export class KeyIndex {
  private high = new Uint32Array(1024);
  private low = new Uint32Array(1024);
  private where = new Float64Array(1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds a key with a packed location; returns the packed location of an earlier equal key. */
  add(key: string, location: number): number | undefined {
    if ((this.count + 1) * 2 > this.high.length) this.grow();
    const [high, low] = hash(key);
    const mask = this.high.length - 1;
    for (let slot = low & mask; ; slot = (slot + 1) & mask) {
      const storedLow = this.low[slot] ?? 0;
      const storedHigh = this.high[slot] ?? 0;
      if (storedLow === 0 && storedHigh === 0) {
        this.high[slot] = high;
        this.low[slot] = low;
        this.where[slot] = location;
        this.count += 1;
        return undefined;
      }
      if (storedHigh === high && storedLow === low) return this.where[slot];
    }
  }

  private grow(): void {
    const { high, low, where } = this;
    const capacity = high.length * 2;
    this.high = new Uint32Array(capacity);
    this.low = new Uint32Array(capacity);
    this.where = new Float64Array(capacity);
    const mask = capacity - 1;
    for (let index = 0; index < high.length; index += 1) {
      const h = high[index] ?? 0;
      const l = low[index] ?? 0;
      if (h === 0 && l === 0) continue;
      let slot = l & mask;
      while ((this.high[slot] ?? 0) !== 0 || (this.low[slot] ?? 0) !== 0) slot = (slot + 1) & mask;
      this.high[slot] = h;
      this.low[slot] = l;
      this.where[slot] = where[index] ?? 0;
    }
  }
}

/** Two independent 32-bit FNV-1a hashes of the key's UTF-16 code units (never both zero). */
function hash(key: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ key.length;
  for (let index = 0; index < key.length; index += 1) {
    const unit = key.charCodeAt(index);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x5bd1e995) ^ (b >>> 15);
  }
  a >>>= 0;
  b >>>= 0;
  return a === 0 && b === 0 ? [1, 0] : [a, b];
}
