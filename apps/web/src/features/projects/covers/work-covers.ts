import { paletteOf } from './palettes.ts';
import { backdrop, circle, gradient, line, path, picture, rect } from './svg-kit.ts';

/** Lines of text on a page: `count` bars, the last one shorter. */
const textLines = (x: number, y: number, width: number, count: number, colour: string) =>
  Array.from({ length: count }, (_, i) =>
    rect(x, y + i * 12, i === count - 1 ? width * 0.6 : width, 5, colour, { rx: 2.5, opacity: 0.55 }),
  ).join('');

/** A sheet of paper with a folded corner. */
const sheet = (x: number, y: number, width: number, height: number, paper: string, ink: string) =>
  `${path(`M${x} ${y} H${x + width - 18} L${x + width} ${y + 18} V${y + height} H${x} Z`, paper, { opacity: 0.95 })}${path(`M${x + width - 18} ${y} V${y + 18} H${x + width} Z`, ink, { opacity: 0.18 })}${textLines(x + 14, y + 28, width - 30, Math.floor((height - 40) / 12), ink)}`;

/** Work: desks, documents and charts. */
const COMPOSITIONS: ((n: number) => string)[] = [
  // Bar chart.
  (n) => {
    const { sky, accents, ink } = paletteOf(n + 2);
    const bars = [60, 95, 75, 120, 100, 140]
      .map((h, i) => rect(60 + i * 36, 150 - h, 22, h, accents[i % 2]!, { rx: 4, opacity: 0.9 }))
      .join('');
    return picture(
      gradient('g', sky),
      `${backdrop('g')}${line(48, 150, 282, 150, ink, { 'stroke-width': 2, opacity: 0.5 })}${bars}`,
    );
  },
  // A stack of documents.
  (n) => {
    const { sky, accents, ink } = paletteOf(n + 2);
    return picture(
      gradient('g', sky),
      `${backdrop('g')}${sheet(150, 34, 96, 126, accents[0], ink)}${sheet(118, 22, 96, 130, '#ffffff', ink)}`,
    );
  },
  // A laptop on a desk.
  (n) => {
    const { sky, accents, ink } = paletteOf(n + 2);
    return picture(
      gradient('g', sky, true),
      `${backdrop('g')}${rect(0, 140, 320, 40, ink, { opacity: 0.35 })}${rect(100, 50, 120, 80, ink, { rx: 6 })}${rect(108, 58, 104, 64, accents[2], { rx: 3 })}${textLines(118, 70, 70, 3, ink)}${path('M84 132 H236 L248 142 H72 Z', ink, { opacity: 0.85 })}${circle(262, 126, 12, accents[0])}${rect(256, 110, 12, 16, accents[0], { rx: 3 })}`,
    );
  },
  // A line chart with points.
  (n) => {
    const { sky, accents, ink } = paletteOf(n + 2);
    const points = [
      [40, 130],
      [90, 110],
      [140, 120],
      [190, 80],
      [240, 90],
      [290, 45],
    ];
    const d = points.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join(' ');
    return picture(
      gradient('g', sky),
      `${backdrop('g')}${path(`${d} L290 160 L40 160 Z`, accents[2], { opacity: 0.25 })}${path(d, 'none', { stroke: accents[0], 'stroke-width': 4, 'stroke-linejoin': 'round' })}${points.map(([x, y]) => circle(x!, y!, 5, accents[2], { stroke: ink, 'stroke-width': 2 })).join('')}`,
    );
  },
  // A board of three columns with cards.
  (n) => {
    const { sky, accents, ink } = paletteOf(n + 2);
    const cards = [3, 2, 4]
      .map((count, col) =>
        Array.from({ length: count }, (_, i) =>
          rect(46 + col * 82, 40 + i * 30, 66, 22, accents[(col + i) % 3]!, { rx: 5, opacity: 0.9 }),
        ).join(''),
      )
      .join('');
    return picture(
      gradient('g', sky),
      `${backdrop('g')}${[0, 1, 2].map((col) => rect(38 + col * 82, 24, 82 - 0, 144, ink, { rx: 8, opacity: 0.18 })).join('')}${cards}`,
    );
  },
  // A calendar page.
  (n) => {
    const { sky, accents, ink } = paletteOf(n + 2);
    let days = '';
    for (let i = 0; i < 21; i++) {
      days += rect(102 + (i % 7) * 17, 76 + Math.floor(i / 7) * 22, 12, 12, i === 9 ? accents[0] : ink, {
        rx: 3,
        opacity: i === 9 ? 1 : 0.3,
      });
    }
    return picture(
      gradient('g', sky),
      `${backdrop('g')}${rect(90, 36, 140, 120, accents[2], { rx: 12 })}${rect(90, 36, 140, 28, accents[1], { rx: 12 })}${rect(90, 52, 140, 12, accents[1])}${days}`,
    );
  },
  // A pie chart beside a legend.
  (n) => {
    const { sky, accents, ink } = paletteOf(n + 2);
    return picture(
      gradient('g', sky),
      `${backdrop('g')}${circle(120, 92, 56, accents[2])}${path('M120 92 L120 36 A56 56 0 0 1 174 106 Z', accents[0])}${path('M120 92 L174 106 A56 56 0 0 1 90 140 Z', accents[1])}${[0, 1, 2].map((i) => rect(200, 62 + i * 24, 12, 12, accents[i]!, { rx: 3 }) + rect(220, 64 + i * 24, 54, 8, ink, { rx: 4, opacity: 0.4 })).join('')}`,
    );
  },
  // Sticky notes and a pencil.
  (n) => {
    const { sky, accents, ink } = paletteOf(n + 2);
    const note = (x: number, y: number, colour: string, turn: number) =>
      `<g transform="rotate(${turn} ${x + 36} ${y + 36})">${rect(x, y, 72, 72, colour, { rx: 4 })}${textLines(x + 10, y + 18, 50, 3, ink)}</g>`;
    return picture(
      gradient('g', sky),
      `${backdrop('g')}${note(60, 46, accents[0], -6)}${note(140, 58, accents[1], 4)}${note(218, 40, accents[2], -3)}${path('M70 160 L250 142 L256 148 L76 166 Z', ink, { opacity: 0.7 })}`,
    );
  },
];

export const workCover = (n: number) => COMPOSITIONS[(n - 1) % COMPOSITIONS.length]!(n);
