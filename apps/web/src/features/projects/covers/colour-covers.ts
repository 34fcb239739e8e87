import { paletteOf } from './palettes.ts';
import { backdrop, circle, gradient, path, picture, radial, rect } from './svg-kit.ts';

/** Colour: gradients and soft shapes, one composition per cover. */
const COMPOSITIONS: ((n: number) => string)[] = [
  // Floating bubbles.
  (n) => {
    const { sky, accents } = paletteOf(n);
    return picture(
      gradient('g', sky) + radial('r', accents[2], accents[0]),
      `${backdrop('g')}${circle(250, 40, 70, accents[0], { opacity: 0.55 })}${circle(70, 150, 90, accents[1], { opacity: 0.45 })}${circle(180, 110, 34, 'url(#r)', { opacity: 0.8 })}${circle(120, 40, 14, accents[2], { opacity: 0.7 })}`,
    );
  },
  // Diagonal bands.
  (n) => {
    const { sky, accents } = paletteOf(n);
    return picture(
      gradient('g', sky),
      `${backdrop('g')}${path('M-20 150 L140 -20 L200 -20 L40 150 Z', accents[0], { opacity: 0.5 })}${path('M80 200 L280 -20 L330 -20 L130 200 Z', accents[1], { opacity: 0.45 })}${path('M200 200 L340 40 L340 110 L260 200 Z', accents[2], { opacity: 0.35 })}`,
    );
  },
  // Concentric rings off the corner.
  (n) => {
    const { sky, accents } = paletteOf(n);
    const rings = [150, 118, 88, 60, 34]
      .map((r, i) => circle(290, 160, r, accents[i % 3]!, { opacity: 0.22 + i * 0.12 }))
      .join('');
    return picture(gradient('g', sky), `${backdrop('g')}${rings}`);
  },
  // Layered waves.
  (n) => {
    const { sky, accents } = paletteOf(n);
    return picture(
      gradient('g', sky, true),
      `${backdrop('g')}${path('M0 110 C60 80 120 140 180 110 S290 80 320 100 V180 H0 Z', accents[0], { opacity: 0.55 })}${path('M0 135 C70 110 130 165 200 135 S290 115 320 130 V180 H0 Z', accents[1], { opacity: 0.6 })}${path('M0 160 C80 145 150 180 220 160 S300 150 320 158 V180 H0 Z', accents[2], { opacity: 0.7 })}`,
    );
  },
  // Mesh of glows.
  (n) => {
    const { sky, accents } = paletteOf(n);
    return picture(
      gradient('g', sky) +
        radial('a', accents[0], 'rgba(255,255,255,0)') +
        radial('b', accents[1], 'rgba(255,255,255,0)'),
      `${backdrop('g')}${circle(80, 50, 110, 'url(#a)', { opacity: 0.9 })}${circle(260, 140, 120, 'url(#b)', { opacity: 0.85 })}`,
    );
  },
  // Tiles of squares.
  (n) => {
    const { sky, accents } = paletteOf(n);
    let tiles = '';
    for (let row = 0; row < 4; row++) {
      for (let col = 0; col < 7; col++) {
        if ((row * 7 + col + n) % 3 === 0) {
          tiles += rect(18 + col * 44, 14 + row * 42, 30, 30, accents[(row + col) % 3]!, {
            rx: 8,
            opacity: 0.5,
          });
        }
      }
    }
    return picture(gradient('g', sky), `${backdrop('g')}${tiles}`);
  },
  // A half sun over stripes.
  (n) => {
    const { sky, accents } = paletteOf(n);
    const stripes = [0, 1, 2, 3, 4]
      .map((i) => rect(0, 112 + i * 14, 320, 7, accents[1], { opacity: 0.25 + i * 0.1 }))
      .join('');
    return picture(
      gradient('g', sky, true),
      `${backdrop('g')}${circle(160, 112, 64, accents[0], { opacity: 0.9 })}${stripes}`,
    );
  },
  // Overlapping arcs.
  (n) => {
    const { sky, accents } = paletteOf(n);
    return picture(
      gradient('g', sky),
      `${backdrop('g')}${path('M0 180 A160 160 0 0 1 160 20 V180 Z', accents[0], { opacity: 0.45 })}${path('M160 180 A160 160 0 0 1 320 20 V180 Z', accents[1], { opacity: 0.45 })}${path('M80 180 A80 80 0 0 1 240 180 Z', accents[2], { opacity: 0.5 })}`,
    );
  },
];

export const colourCover = (n: number) => COMPOSITIONS[(n - 1) % COMPOSITIONS.length]!(n);
