// The soak's seeded randomness: every choice of a run comes from one printed seed, so a run can be repeated.

/** mulberry32: a small, fast PRNG whose whole state is one 32-bit number. */
export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random = {
    next,
    /** An integer in [min, max]. */
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    /** A choice by weight: `{ a: 3, b: 1 }` answers "a" three times in four. */
    weighted: (weights) => {
      const entries = Object.entries(weights);
      let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [value, w] of entries) {
        roll -= w;
        if (roll < 0) return value;
      }
      return entries.at(-1)[0];
    },
    /** `count` distinct items of `list`. */
    sample: (list, count) => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, count);
    },
    /** An independent stream for one part of the run, so adding choices in one part leaves the others as they were. */
    fork: (label) => createRandom(seed ^ hash(label)),
  };
  return random;
}

function hash(text) {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}
