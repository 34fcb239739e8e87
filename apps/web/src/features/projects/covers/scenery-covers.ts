import { backdrop, circle, gradient, path, picture, radial, rect, seededRandom } from './svg-kit.ts';

const stars = (seed: string, count: number, maxY: number) => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () =>
    circle(random() * 320, random() * maxY, 0.6 + random() * 1.2, '#ffffff', {
      opacity: 0.5 + random() * 0.5,
    }),
  ).join('');
};

/** Scenery: mountains, sea, sun and skylines. */
const COMPOSITIONS: (() => string)[] = [
  // Mountains at sunrise.
  () =>
    picture(
      gradient('s', ['#ffb88c', '#de6262'], true),
      `${backdrop('s')}${circle(230, 80, 30, '#fff1c1')}${path('M0 180 L90 70 L150 130 L210 60 L320 170 V180 Z', '#6b2d5c', { opacity: 0.8 })}${path('M0 180 L60 120 L130 160 L220 100 L320 150 V180 Z', '#3b1f4a')}`,
    ),
  // The sea under a low sun.
  () =>
    picture(
      gradient('s', ['#4facfe', '#a6e3ff'], true) + gradient('w', ['#0b6fa4', '#053a5c'], true),
      `${backdrop('s')}${circle(160, 110, 36, '#fff7d6')}${rect(0, 110, 320, 70, 'url(#w)')}${[120, 134, 150, 166].map((y, i) => rect(126 + i * 6, y, 68 - i * 12, 3, '#fff7d6', { rx: 1.5, opacity: 0.7 - i * 0.12 })).join('')}`,
    ),
  // A city skyline at night.
  () => {
    const random = seededRandom('skyline');
    let towers = '';
    let windows = '';
    for (let x = 0; x < 320; x += 26) {
      const height = 40 + random() * 90;
      towers += rect(x, 180 - height, 24, height, '#111a33');
      for (let y = 186 - height; y < 172; y += 12) {
        if (random() > 0.55)
          windows += rect(x + 5 + (random() > 0.5 ? 8 : 0), y, 5, 5, '#ffd36e', { opacity: 0.9 });
      }
    }
    return picture(
      gradient('s', ['#0f0c29', '#302b63', '#24243e'], true),
      `${backdrop('s')}${stars('city', 40, 90)}${circle(262, 38, 16, '#f5f3ce')}${towers}${windows}`,
    );
  },
  // Rolling green hills.
  () =>
    picture(
      gradient('s', ['#89f7fe', '#c2f5e9'], true),
      `${backdrop('s')}${circle(70, 50, 24, '#fffbe0')}${path('M0 120 C80 80 160 140 320 100 V180 H0 Z', '#6fcf97')}${path('M0 150 C100 110 200 170 320 130 V180 H0 Z', '#27ae60')}${path('M0 170 C90 150 220 185 320 160 V180 H0 Z', '#1e7e4a')}`,
    ),
  // Desert dunes at dusk.
  () =>
    picture(
      gradient('s', ['#f7971e', '#ffd200'], true),
      `${backdrop('s')}${circle(90, 70, 26, '#fff3c4')}${path('M0 130 C70 100 130 110 200 135 S300 120 320 118 V180 H0 Z', '#d9822b')}${path('M0 160 C90 130 180 150 240 165 S300 150 320 150 V180 H0 Z', '#a8521a')}`,
    ),
  // A pine forest in mist.
  () => {
    const tree = (x: number, base: number, size: number, colour: string) =>
      path(`M${x} ${base - size * 2} L${x + size * 0.7} ${base} H${x - size * 0.7} Z`, colour);
    let back = '';
    let front = '';
    for (let x = 10; x < 330; x += 28) back += tree(x, 150, 28 + ((x * 7) % 17), '#5b8a72');
    for (let x = 0; x < 330; x += 36) front += tree(x, 185, 36 + ((x * 5) % 13), '#234d3a');
    return picture(
      gradient('s', ['#dfe9f3', '#ffffff'], true),
      `${backdrop('s')}${back}${rect(0, 120, 320, 60, '#ffffff', { opacity: 0.35 })}${front}`,
    );
  },
  // A lake under the moon.
  () =>
    picture(
      gradient('s', ['#141e30', '#243b55'], true) + radial('m', '#fdfbe3', 'rgba(253,251,227,0)'),
      `${backdrop('s')}${stars('lake', 50, 100)}${circle(220, 54, 44, 'url(#m)', { opacity: 0.6 })}${circle(220, 54, 16, '#fdfbe3')}${path('M0 120 L70 86 L120 110 L190 80 L260 112 L320 96 V124 H0 Z', '#0d1524')}${rect(0, 124, 320, 56, '#182848')}${rect(206, 132, 28, 2, '#fdfbe3', { opacity: 0.6 })}${rect(212, 142, 16, 2, '#fdfbe3', { opacity: 0.4 })}`,
    ),
  // Northern lights over snow.
  () =>
    picture(
      gradient('s', ['#020024', '#090979', '#00394d'], true) +
        gradient('a', ['#00ffa3', 'rgba(0,255,163,0)'], true),
      `${backdrop('s')}${stars('aurora', 45, 120)}${path('M0 60 C80 20 140 90 220 40 S300 30 320 50 V120 C260 100 200 130 140 110 S40 100 0 120 Z', 'url(#a)', { opacity: 0.7 })}${path('M0 150 L80 120 L140 145 L220 115 L320 140 V180 H0 Z', '#e8f1ff')}`,
    ),
];

export const sceneryCover = (n: number) => COMPOSITIONS[(n - 1) % COMPOSITIONS.length]!();
