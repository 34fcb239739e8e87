/** Colour sets the covers are painted with: a background pair, then accents, light to deep. */
export type Palette = {
  sky: readonly [string, string];
  accents: readonly [string, string, string];
  ink: string;
};

export const PALETTES: readonly Palette[] = [
  { sky: ['#6a5cff', '#b86bff'], accents: ['#ffd36e', '#ff8fb1', '#ffffff'], ink: '#2b2170' },
  { sky: ['#00b4db', '#0083b0'], accents: ['#a8f0ff', '#ffe29a', '#ffffff'], ink: '#043b57' },
  { sky: ['#ff9a8b', '#ff6a88'], accents: ['#ffe0b2', '#fff1f0', '#7a1f3d'], ink: '#5a1230' },
  { sky: ['#43e97b', '#38b2ac'], accents: ['#e6fff4', '#fef08a', '#0f5132'], ink: '#0b3d2c' },
  { sky: ['#f6d365', '#fda085'], accents: ['#fff7e6', '#ff7a59', '#7c2d12'], ink: '#6b2a0e' },
  { sky: ['#1e3c72', '#2a5298'], accents: ['#7dd3fc', '#c4b5fd', '#e0f2fe'], ink: '#0b1a3a' },
  { sky: ['#434343', '#1f1f2e'], accents: ['#f59e0b', '#38bdf8', '#e5e7eb'], ink: '#0a0a12' },
  { sky: ['#a18cd1', '#fbc2eb'], accents: ['#fff5fb', '#7c3aed', '#fde68a'], ink: '#3b1c6b' },
];

export const paletteOf = (index: number): Palette =>
  PALETTES[((index % PALETTES.length) + PALETTES.length) % PALETTES.length]!;
