import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../../shared/api/http.ts';
import { type DocData, documentQuery } from './document-api.ts';

const doc: DocData = {
  id: 7,
  uniq_code: 'd7',
  project_id: 3,
  project_uniq_code: 'p3',
  project_name: 'Harbour',
  name: 'Plan',
  html: '<p>long</p>',
  markdown: 'long',
  updated_at: '2026-11-25T07:00:00.000Z',
  can_edit: true,
  share_code: null,
  your_name: 'Ada',
};

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const initialDataOf = (options: ReturnType<typeof documentQuery>) =>
  typeof options.initialData === 'function' ? options.initialData() : options.initialData;

describe('opening a document again', () => {
  it('starts from the details kept at the last opening, without its content, and asks the server at once', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(doc);
    expect(initialDataOf(documentQuery('d7'))).toBeUndefined();
    await documentQuery('d7').queryFn!({} as never);
    const kept = initialDataOf(documentQuery('d7'));
    expect(kept).toMatchObject({ id: 7, name: 'Plan', can_edit: true, html: '', markdown: '' });
    expect(documentQuery('d7').initialDataUpdatedAt).toBe(0);
  });

  it('keeps nothing of a share link’s document', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(doc);
    await documentQuery('d7', 's1').queryFn!({} as never);
    expect(initialDataOf(documentQuery('d7'))).toBeUndefined();
    expect(initialDataOf(documentQuery('d7', 's1'))).toBeUndefined();
  });
});
