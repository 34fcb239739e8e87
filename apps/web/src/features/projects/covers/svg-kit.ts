/** Small builders for the generated covers: each answers SVG markup as text. */

export const COVER_WIDTH = 320;
export const COVER_HEIGHT = 180;

type Attributes = Record<string, string | number | undefined>;

const attributesOf = (attributes: Attributes) =>
  Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');

export const element = (name: string, attributes: Attributes, content = '') =>
  content
    ? `<${name}${attributesOf(attributes)}>${content}</${name}>`
    : `<${name}${attributesOf(attributes)}/>`;

export const rect = (
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  extra: Attributes = {},
) => element('rect', { x, y, width, height, fill, ...extra });

export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attributes = {}) =>
  element('circle', { cx, cy, r, fill, ...extra });

export const path = (d: string, fill: string, extra: Attributes = {}) =>
  element('path', { d, fill, ...extra });

export const line = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  extra: Attributes = {},
) => element('line', { x1, y1, x2, y2, stroke, 'stroke-linecap': 'round', ...extra });

/** A linear gradient from top-left to bottom-right (or top to bottom when `vertical`). */
export const gradient = (id: string, colours: readonly string[], vertical = false) =>
  element(
    'linearGradient',
    vertical ? { id, x1: 0, y1: 0, x2: 0, y2: 1 } : { id, x1: 0, y1: 0, x2: 1, y2: 1 },
    colours
      .map((colour, index) =>
        element('stop', {
          offset: `${Math.round((index / Math.max(1, colours.length - 1)) * 100)}%`,
          'stop-color': colour,
        }),
      )
      .join(''),
  );

export const radial = (id: string, inner: string, outer: string) =>
  element(
    'radialGradient',
    { id },
    element('stop', { offset: '0%', 'stop-color': inner }) +
      element('stop', { offset: '100%', 'stop-color': outer }),
  );

/** The whole picture, 16:9, filling whatever box it is drawn in. */
export const picture = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" preserveAspectRatio="xMidYMid slice"><defs>${defs}</defs>${body}</svg>`;

/** A background filled with the gradient `id`. */
export const backdrop = (id: string) => rect(0, 0, COVER_WIDTH, COVER_HEIGHT, `url(#${id})`);

/** Deterministic numbers in [0, 1) from a text seed (mulberry32 over a string hash). */
export function seededRandom(seed: string) {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
