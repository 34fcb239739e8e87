import { COVER_CATEGORIES, COVERS_PER_CATEGORY, type CoverCategory } from '@tandem/contract/project-rules';
import { colourCover } from './colour-covers.ts';
import { randomCover } from './random-cover.ts';
import { sceneryCover } from './scenery-covers.ts';
import { technologyCover } from './technology-covers.ts';
import { workCover } from './work-covers.ts';

const DRAW: Record<CoverCategory, (n: number) => string> = {
  colour: colourCover,
  work: workCover,
  technology: technologyCover,
  scenery: sceneryCover,
};

const GALLERY = /^gallery:(colour|work|technology|scenery)\/([1-8])$/;
const RANDOM = /^random:([A-Za-z0-9]{1,16})$/;

/** Every built-in cover of a category, as cover values (`gallery:work/3`). */
export const galleryCovers = (category: CoverCategory) =>
  Array.from({ length: COVERS_PER_CATEGORY }, (_, i) => `gallery:${category}/${i + 1}`);

export const ALL_GALLERY_COVERS = COVER_CATEGORIES.flatMap(galleryCovers);

/** The SVG a generated cover draws (gallery or random), or null for an uploaded picture or no cover. */
export function coverSvg(cover: string): string | null {
  const gallery = GALLERY.exec(cover);
  if (gallery) return DRAW[gallery[1] as CoverCategory](Number(gallery[2]));
  const random = RANDOM.exec(cover);
  return random ? randomCover(random[1]!) : null;
}

const drawn = new Map<string, string>();

/** What an `<img>` shows for a cover: a generated picture as an SVG data address, or the uploaded file's URL. */
export function coverImageUrl(cover: string): string {
  const known = drawn.get(cover);
  if (known) return known;
  const svg = coverSvg(cover);
  const url = svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : cover;
  drawn.set(cover, url);
  return url;
}

const SEED_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new random cover (`random:<10 letters>`), never the one given. */
export function newRandomCover(current?: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const cover = `random:${Array.from(bytes, (byte) => SEED_LETTERS[byte % SEED_LETTERS.length]).join('')}`;
  return cover === current ? newRandomCover(current) : cover;
}

/** Where a new project starts: one of the gallery's covers. */
export const defaultCover = () => ALL_GALLERY_COVERS[Math.floor(Math.random() * ALL_GALLERY_COVERS.length)]!;
