import { describe, expect, it } from 'vitest';
import { knowledgeApi } from '../../../test/knowledge.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp({ KNOWLEDGE_INDEX_DELAY_MS: '100' });
const { person, project, docWith, search, searchCall, found, settled } = knowledgeApi(ctx);

/** A person with a project holding `docs` (name → Markdown), all indexed. */
async function projectWith(docs: Record<string, string>) {
  const owner = await person();
  const { id } = await project(owner.token);
  const ids: number[] = [];
  for (const [name, content] of Object.entries(docs)) ids.push(await docWith(owner.token, id, name, content));
  await settled(owner.token, id, ids);
  return { owner, projectId: id, ids };
}

describe('searching a project’s knowledge', () => {
  it('finds English text, with the matched words marked in the snippet', async () => {
    const { owner, projectId, ids } = await projectWith({
      'Release plan': '# Plan\n\nThe launch happens in October, after the security review.',
      Lunch: 'Sandwiches on Friday.',
    });
    const hits = await search(owner.token, projectId, 'Security review');
    expect(hits).toEqual([
      {
        doc_id: ids[0],
        doc_uniq_code: expect.any(String),
        doc_name: 'Release plan',
        doc_kind: 'doc',
        snippet: 'The launch happens in October, after the <mark>security</mark> <mark>review</mark>.',
        score: expect.any(Number),
        page: null,
      },
    ]);
    expect(hits[0]!.score).toBeGreaterThan(0);
    expect(await found(owner.token, projectId, 'friday')).toEqual(['Lunch']);
    expect(await found(owner.token, projectId, 'holiday')).toEqual([]);
  });

  it('finds Chinese and Japanese text by any part of a phrase, and one character alone', async () => {
    const { owner, projectId } = await projectWith({
      年假制度: '# 请假\n\n员工申请年假需要提前三天提交给部门经理审批。',
      東京オフィス: '東京オフィスの会議室は三階にあります。予約は前日までにお願いします。',
      报销: '差旅费用的报销单据请在月底前交给财务部。',
    });
    expect(await found(owner.token, projectId, '年假')).toEqual(['年假制度']);
    expect(await found(owner.token, projectId, '部门经理审批')).toEqual(['年假制度']);
    expect(await found(owner.token, projectId, '会議室')).toEqual(['東京オフィス']);
    expect(await found(owner.token, projectId, '予約')).toEqual(['東京オフィス']);
    expect(await found(owner.token, projectId, '财务')).toEqual(['报销']);
    expect(await found(owner.token, projectId, '机票')).toEqual([]);
    // One character: found where it begins a pair and where it ends the sentence's run.
    expect(await found(owner.token, projectId, '审')).toEqual(['年假制度']);
    expect(await found(owner.token, projectId, '階')).toEqual(['東京オフィス']);

    const [hit] = await search(owner.token, projectId, '会議室');
    expect(hit!.snippet).toBe(
      '東京オフィスの<mark>会議室</mark>は三階にあります。予約は前日までにお願いします。',
    );
    const [one] = await search(owner.token, projectId, '审');
    expect(one!.snippet).toContain('<mark>审</mark>批');
  });

  it('ranks the document saying more about the query first, and a document named after it above all', async () => {
    const { owner, projectId } = await projectWith({
      'Meeting notes': 'We talked about lunch. The budget came up once.',
      Finance: '# Budget\n\nThe budget for 2025 is set. Budget owners review the budget monthly.',
      'Budget 2026': 'Nothing decided yet.',
    });
    expect(await found(owner.token, projectId, 'budget')).toEqual([
      'Budget 2026',
      'Finance',
      'Meeting notes',
    ]);
    const [titled] = await search(owner.token, projectId, 'budget');
    expect(titled!.snippet).toBe('Nothing decided yet.');
  });

  it('answers one result per document, `limit` of them (10 unless asked, 50 at most)', async () => {
    const owner = await person();
    const { id: projectId } = await project(owner.token);
    const ids: number[] = [];
    const paragraphs = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} about the roadmap. `.repeat(30));
    for (let i = 0; i < 12; i++) {
      ids.push(await docWith(owner.token, projectId, `Doc ${i}`, paragraphs.join('\n\n')));
    }
    await settled(owner.token, projectId, ids);
    const hits = await search(owner.token, projectId, 'roadmap');
    expect(hits).toHaveLength(10);
    expect(new Set(hits.map((hit) => hit.doc_id)).size).toBe(10);
    expect(await search(owner.token, projectId, 'roadmap', '&limit=3')).toHaveLength(3);
    expect(await search(owner.token, projectId, 'roadmap', '&limit=50')).toHaveLength(12);
    for (const extra of ['&limit=51', '&limit=0']) {
      const refused = await searchCall(owner.token, projectId, 'roadmap', extra);
      expect(refused.status).toBe(400);
    }
    expect((await searchCall(owner.token, projectId, '   ')).status).toBe(400);
    expect(await search(owner.token, projectId, '?!…')).toEqual([]);
  });

  it('escapes the text of snippets, marks only the matches and keeps them short', async () => {
    const long = `${'Filler words without the term. '.repeat(10)}The <script>alert("x")</script> & 'quoted' deadline is near. ${'More filler after it. '.repeat(10)}`;
    const { owner, projectId } = await projectWith({ Escapes: long.replace(/</g, '\\<') });
    const [hit] = await search(owner.token, projectId, 'deadline');
    const snippet = hit!.snippet;
    expect(snippet).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39; <mark>deadline</mark>',
    );
    expect(snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    const visible = snippet.replace(/<\/?mark>/g, '').replace(/&\w+;|&#\d+;/g, '_');
    expect(visible.length).toBeLessThanOrEqual(202);
    // Cut between words, with an ellipsis where the text goes on.
    expect(visible).toMatch(/^….*…$/);
    const words = visible.slice(1, -1).split(' ');
    expect(long.split(' ')).toContain(words[0]);
    expect(long.split(' ')).toContain(words.at(-1));
  });

  it('refuses someone who cannot see the project as if it did not exist, and anyone signed out', async () => {
    const { owner, projectId } = await projectWith({ Secret: 'The vault code is hidden.' });
    const stranger = await person();
    const refused = await searchCall(stranger.token, projectId, 'vault');
    expect([refused.status, refused.body.code]).toEqual([404, 2207]);
    const signedOut = await searchCall(undefined, projectId, 'vault');
    expect([signedOut.status, signedOut.body.code]).toEqual([401, 1010]);
    expect(await found(owner.token, projectId, 'vault')).toEqual(['Secret']);
  });
});
