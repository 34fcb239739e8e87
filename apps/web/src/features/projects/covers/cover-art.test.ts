import { COVER_CATEGORIES, COVER_PATTERN, COVERS_PER_CATEGORY } from '@tandem/contract/project-rules';
import { describe, expect, it } from 'vitest';
import { ALL_GALLERY_COVERS, coverImageUrl, coverSvg, galleryCovers, newRandomCover } from './cover-art.ts';

describe('generated covers', () => {
  it('draws every gallery cover of every category, each a different picture the server accepts', () => {
    expect(ALL_GALLERY_COVERS).toHaveLength(COVER_CATEGORIES.length * COVERS_PER_CATEGORY);
    for (const category of COVER_CATEGORIES) expect(galleryCovers(category)).toHaveLength(8);
    const pictures = ALL_GALLERY_COVERS.map((cover) => {
      expect(cover).toMatch(COVER_PATTERN);
      const svg = coverSvg(cover);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 320 180"/);
      expect(svg).not.toMatch(/NaN|undefined|https?:\/\/(?!www\.w3\.org)/);
      return svg;
    });
    expect(new Set(pictures).size).toBe(pictures.length);
  });

  it('draws the same random cover from the same seed, and a new one for a new seed', () => {
    const cover = newRandomCover();
    expect(cover).toMatch(COVER_PATTERN);
    expect(coverSvg(cover)).toBe(coverSvg(cover));
    expect(newRandomCover(cover)).not.toBe(cover);
    expect(coverSvg('random:abc')).not.toBe(coverSvg('random:abd'));
  });

  it('shows an uploaded cover from its own address', () => {
    expect(coverSvg('/api/upload/files/abc.png')).toBeNull();
    expect(coverImageUrl('/api/upload/files/abc.png')).toBe('/api/upload/files/abc.png');
    expect(coverImageUrl('gallery:work/2')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
  });
});
