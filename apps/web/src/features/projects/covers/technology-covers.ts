import { paletteOf } from './palettes.ts';
import { backdrop, circle, element, gradient, line, path, picture, rect, seededRandom } from './svg-kit.ts';

const glowLine = (d: string, colour: string, width = 2) =>
  path(d, 'none', {
    stroke: colour,
    'stroke-width': width,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });

/** Technology: circuits, networks and grids on dark grounds. */
const COMPOSITIONS: ((n: number) => string)[] = [
  // Circuit traces ending in pads.
  (n) => {
    const { accents } = paletteOf(n + 4);
    const traces = [
      'M0 40 H90 L110 60 H200',
      'M0 90 H60 L80 110 H170 L190 90 H320',
      'M120 180 V140 L140 120 H230 L250 100 V0',
      'M320 150 H270 L250 170',
    ];
    return picture(
      gradient('g', ['#0b1120', '#132042']),
      `${backdrop('g')}${traces.map((d, i) => glowLine(d, accents[i % 2]!, 2.5)).join('')}${[
        [200, 60],
        [170, 110],
        [250, 170],
        [90, 40],
      ]
        .map(([x, y]) => circle(x!, y!, 6, '#0b1120', { stroke: accents[0], 'stroke-width': 3 }))
        .join('')}`,
    );
  },
  // A network of nodes.
  (n) => {
    const { accents } = paletteOf(n + 4);
    const random = seededRandom(`network${n}`);
    const nodes = Array.from({ length: 14 }, () => [20 + random() * 280, 16 + random() * 148] as const);
    let links = '';
    nodes.forEach(([x, y], i) => {
      const next = nodes[(i + 3) % nodes.length]!;
      const other = nodes[(i + 5) % nodes.length]!;
      links += line(x, y, next[0], next[1], accents[1], { 'stroke-width': 1.2, opacity: 0.5 });
      links += line(x, y, other[0], other[1], accents[2], { 'stroke-width': 1, opacity: 0.3 });
    });
    return picture(
      gradient('g', ['#0f172a', '#1e1b4b']),
      `${backdrop('g')}${links}${nodes.map(([x, y], i) => circle(x, y, i % 4 === 0 ? 7 : 4, accents[i % 2]!)).join('')}`,
    );
  },
  // A grid in perspective towards a horizon.
  (n) => {
    const { accents } = paletteOf(n + 4);
    let grid = '';
    for (let i = -8; i <= 8; i++)
      grid += line(160 + i * 14, 80, 160 + i * 60, 180, accents[1], { opacity: 0.6 });
    for (const y of [88, 100, 116, 138, 166]) grid += line(0, y, 320, y, accents[1], { opacity: 0.5 });
    return picture(
      gradient('g', ['#12002b', '#3b0764'], true),
      `${backdrop('g')}${circle(160, 80, 40, accents[0], { opacity: 0.85 })}${rect(0, 80, 320, 100, '#12002b', { opacity: 0.6 })}${grid}`,
    );
  },
  // Hexagon cells.
  (n) => {
    const { accents } = paletteOf(n + 4);
    const hex = (cx: number, cy: number, r: number) =>
      `M${[0, 1, 2, 3, 4, 5].map((k) => `${cx + r * Math.cos((Math.PI / 3) * k + Math.PI / 6)} ${cy + r * Math.sin((Math.PI / 3) * k + Math.PI / 6)}`).join(' L')} Z`;
    let cells = '';
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 9; col++) {
        const cx = 20 + col * 38 + (row % 2) * 19;
        const cy = 18 + row * 33;
        const lit = (row * 9 + col + n) % 5 === 0;
        cells += path(hex(cx, cy, 19), lit ? accents[0] : 'none', {
          stroke: accents[1],
          'stroke-width': 1.2,
          opacity: lit ? 0.75 : 0.4,
        });
      }
    }
    return picture(gradient('g', ['#05131f', '#0b3a4f']), `${backdrop('g')}${cells}`);
  },
  // Code brackets and lines.
  (n) => {
    const { accents } = paletteOf(n + 4);
    const random = seededRandom(`code${n}`);
    const lines = Array.from({ length: 7 }, (_, i) =>
      rect(110 + (i % 3) * 12, 38 + i * 16, 40 + random() * 70, 6, accents[i % 3]!, { rx: 3, opacity: 0.8 }),
    ).join('');
    return picture(
      gradient('g', ['#111827', '#1f2937']),
      `${backdrop('g')}${glowLine('M80 40 L50 90 L80 140', accents[0], 6)}${glowLine('M250 40 L280 90 L250 140', accents[0], 6)}${lines}`,
    );
  },
  // A chip with pins.
  (n) => {
    const { accents } = paletteOf(n + 4);
    let pins = '';
    for (let i = 0; i < 6; i++) {
      pins += line(128 + i * 13, 30, 128 + i * 13, 48, accents[1], { 'stroke-width': 3 });
      pins += line(128 + i * 13, 132, 128 + i * 13, 150, accents[1], { 'stroke-width': 3 });
      pins += line(96, 58 + i * 13, 114, 58 + i * 13, accents[1], { 'stroke-width': 3 });
      pins += line(206, 58 + i * 13, 224, 58 + i * 13, accents[1], { 'stroke-width': 3 });
    }
    return picture(
      gradient('g', ['#052e16', '#064e3b']),
      `${backdrop('g')}${glowLine('M0 60 H70 L96 86', accents[2], 1.5)}${glowLine('M320 120 H250 L224 96', accents[2], 1.5)}${pins}${rect(114, 48, 92, 84, '#022c22', { rx: 8, stroke: accents[0], 'stroke-width': 3 })}${rect(138, 70, 44, 40, accents[0], { rx: 4, opacity: 0.85 })}`,
    );
  },
  // Signal waves.
  (n) => {
    const { accents } = paletteOf(n + 4);
    const wave = (amplitude: number, offset: number, phase: number) => {
      let d = `M0 ${90 + offset}`;
      for (let x = 0; x <= 320; x += 8) d += ` L${x} ${90 + offset + amplitude * Math.sin(x / 22 + phase)}`;
      return d;
    };
    return picture(
      gradient('g', ['#020617', '#172554']),
      `${backdrop('g')}${glowLine(wave(30, 0, 0), accents[0], 3)}${glowLine(wave(18, 6, 1.4), accents[1], 2)}${glowLine(wave(44, -4, 2.6), accents[2], 1.2)}`,
    );
  },
  // Isometric cubes.
  (n) => {
    const { accents } = paletteOf(n + 4);
    const cube = (x: number, y: number, s: number) =>
      `${path(`M${x} ${y} L${x + s} ${y - s / 2} L${x + 2 * s} ${y} L${x + s} ${y + s / 2} Z`, accents[2], { opacity: 0.9 })}${path(`M${x} ${y} L${x + s} ${y + s / 2} V${y + 1.5 * s} L${x} ${y + s} Z`, accents[0], { opacity: 0.85 })}${path(`M${x + 2 * s} ${y} L${x + s} ${y + s / 2} V${y + 1.5 * s} L${x + 2 * s} ${y + s} Z`, accents[1], { opacity: 0.85 })}`;
    return picture(
      gradient('g', ['#0c0a09', '#292524']),
      `${backdrop('g')}${element('g', { opacity: 0.95 }, cube(70, 70, 34) + cube(150, 50, 28) + cube(200, 100, 40))}`,
    );
  },
];

export const technologyCover = (n: number) => COMPOSITIONS[(n - 1) % COMPOSITIONS.length]!(n);
