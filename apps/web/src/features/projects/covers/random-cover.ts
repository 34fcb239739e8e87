import { paletteOf } from './palettes.ts';
import { backdrop, circle, element, gradient, path, picture, rect, seededRandom } from './svg-kit.ts';

type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]) => items[Math.floor(random() * items.length)]!;

/** Patterns a seed chooses among; the seed also picks the palette and every position. */
const PATTERNS: ((random: Random, colours: readonly string[]) => string)[] = [
  // A mosaic of triangles.
  (random, colours) => {
    let tiles = '';
    for (let row = 0; row < 4; row++) {
      for (let col = 0; col < 8; col++) {
        const x = col * 40;
        const y = row * 45;
        const d =
          random() > 0.5
            ? `M${x} ${y} L${x + 40} ${y} L${x} ${y + 45} Z`
            : `M${x + 40} ${y} L${x + 40} ${y + 45} L${x} ${y + 45} Z`;
        tiles += path(d, pick(random, colours), { opacity: 0.35 + random() * 0.5 });
      }
    }
    return tiles;
  },
  // Scattered circles.
  (random, colours) =>
    Array.from({ length: 12 }, () =>
      circle(random() * 320, random() * 180, 8 + random() * 46, pick(random, colours), {
        opacity: 0.25 + random() * 0.45,
      }),
    ).join(''),
  // Tilted stripes.
  (random, colours) => {
    const turn = Math.round(-40 + random() * 80);
    const stripes = Array.from({ length: 14 }, (_, i) =>
      rect(-120 + i * 44, -120, 10 + random() * 24, 420, pick(random, colours), {
        opacity: 0.3 + random() * 0.5,
      }),
    ).join('');
    return element('g', { transform: `rotate(${turn} 160 90)` }, stripes);
  },
  // Rounded blocks like confetti.
  (random, colours) =>
    Array.from({ length: 22 }, () => {
      const x = random() * 300;
      const y = random() * 170;
      return element(
        'g',
        { transform: `rotate(${Math.round(random() * 180)} ${x} ${y})` },
        rect(x, y, 10 + random() * 26, 6 + random() * 10, pick(random, colours), { rx: 4, opacity: 0.75 }),
      );
    }).join(''),
];

/** `random:<seed>`: the same seed draws the same picture everywhere. */
export function randomCover(seed: string) {
  const random = seededRandom(seed);
  const { sky, accents } = paletteOf(Math.floor(random() * 8));
  const pattern = pick(random, PATTERNS);
  return picture(gradient('g', sky), `${backdrop('g')}${pattern(random, accents)}`);
}
