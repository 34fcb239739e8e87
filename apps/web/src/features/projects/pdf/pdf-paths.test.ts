import { describe, expect, it } from 'vitest';
import { isPublicPath } from '../../../app/route-guard.ts';
import { catalogueEntryPathOf, pdfPathOf } from '../../../shared/routing/project-paths.ts';

describe('the PDF viewer’s addresses', () => {
  it('opens at a page, and with a share code as the read-only link', () => {
    expect(pdfPathOf('aB3')).toBe('/projects/pdf/aB3');
    expect(pdfPathOf('aB3', { page: 4 })).toBe('/projects/pdf/aB3?page=4');
    expect(pdfPathOf('aB3', { shareCode: 's1', page: 2 })).toBe('/projects/pdf/aB3/s1?page=2');
    expect(catalogueEntryPathOf({ kind: 'pdf', uniq_code: 'aB3' })).toBe('/projects/pdf/aB3');
    expect(catalogueEntryPathOf({ kind: 'doc', uniq_code: 'd9' }, 'x')).toBe('/projects/d9/x');
  });

  it('needs a session for the viewer, and none for a PDF’s share link', () => {
    expect(isPublicPath('/projects/pdf/aB3')).toBe(false);
    expect(isPublicPath('/projects/pdf/aB3/s1')).toBe(true);
    // A document's share link is still public, a project's space still is not.
    expect(isPublicPath('/projects/d9/x')).toBe(true);
    expect(isPublicPath('/projects/space/p1')).toBe(false);
  });
});
