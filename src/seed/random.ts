// Small seeded PRNG for the seed modules: demo and benchmark data must be identical for
// a given seed on every machine, so nothing here may touch Math.random or the clock.

/** mulberry32: tiny, fast 32-bit generator; plenty for fixture data (not for secrets). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes numbers and strings into one 32-bit value, used to derive independent sub-streams. */
export function hash32(...parts: (number | string)[]): number {
  let h = 0x811c9dc5; // FNV-1a offset basis
  const mixIn = (x: number) => {
    h ^= x & 0xff;
    h = Math.imul(h, 0x01000193);
    h ^= (x >>> 8) & 0xff;
    h = Math.imul(h, 0x01000193);
    h ^= (x >>> 16) & 0xff;
    h = Math.imul(h, 0x01000193);
    h ^= x >>> 24;
    h = Math.imul(h, 0x01000193);
  };
  for (const part of parts) {
    if (typeof part === 'number') mixIn(part | 0);
    else for (let i = 0; i < part.length; i++) mixIn(part.charCodeAt(i));
    mixIn(0x9e3779b9); // separator so ('ab','c') and ('a','bc') differ
  }
  // murmur3 finaliser spreads the FNV bits across the whole word
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Rng {
  private readonly next: () => number;

  constructor(readonly seed: number) {
    this.next = mulberry32(seed);
  }

  /** A generator whose stream depends only on this seed and the label, so adding draws in
   *  one place (say, one listing) does not shift every value generated after it. */
  fork(...label: (number | string)[]): Rng {
    return new Rng(hash32(this.seed, ...label));
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next();
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Fisher–Yates on a copy; the input is left alone. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  /** n distinct items (or all of them when n is larger). */
  sample<T>(items: readonly T[], n: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, n));
  }

  /** Picks by relative weight: [[value, weight], ...]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }
}
