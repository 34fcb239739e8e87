import { describe, expect, it } from 'vitest';
import { knowledgeApi } from '../../../test/knowledge.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { retrieveChunks } from './search.ts';

const ctx = useTestApp({ KNOWLEDGE_INDEX_DELAY_MS: '100' });
const { team, person, project, docWith, settled } = knowledgeApi(ctx);

describe('retrieving chunks for agents across projects', () => {
  it('answers chunks only of the projects the user may read, however many ids are asked for', async () => {
    const { owner, member } = await team('Retrieval Works');
    const colleague = await member();
    const open = await project(owner.token, { access: 'team_public', team_permission: 'viewer' });
    const closed = await project(owner.token, { access: 'team_private' });
    const outsider = await person();
    const elsewhere = await project(outsider.token);
    const readable = await docWith(owner.token, open.id, 'Open notes', 'The zeppelin lands at noon.');
    const hidden = await docWith(
      owner.token,
      closed.id,
      'Closed notes',
      'Zeppelin zeppelin zeppelin secrets.',
    );
    const foreign = await docWith(
      outsider.token,
      elsewhere.id,
      'Foreign',
      'Zeppelin zeppelin zeppelin zeppelin.',
    );
    await settled(owner.token, open.id, [readable]);
    await settled(owner.token, closed.id, [hidden]);
    await settled(outsider.token, elsewhere.id, [foreign]);

    const asked = { projectIds: [open.id, closed.id, elsewhere.id], query: 'zeppelin', limit: 10 };
    const chunks = await retrieveChunks(ctx.database.db, { userId: colleague.id, ...asked });
    expect(chunks.map((chunk) => [chunk.documentName, chunk.projectId, chunk.text])).toEqual([
      ['Open notes', open.id, 'The zeppelin lands at noon.'],
    ]);
    // The team's owner reads both of the team's projects, never the other team's.
    const owners = await retrieveChunks(ctx.database.db, { userId: owner.id, ...asked });
    expect(owners.map((chunk) => chunk.documentName)).toEqual(['Closed notes', 'Open notes']);
    expect(await retrieveChunks(ctx.database.db, { userId: colleague.id, ...asked, projectIds: [] })).toEqual(
      [],
    );
  });

  it('answers up to two chunks of a document, best first, with their headings', async () => {
    const owner = await person();
    const { id } = await project(owner.token);
    const sections = Array.from(
      { length: 5 },
      (_, i) => `## Part ${i}\n\n${`Glacier notes number ${i}. `.repeat(i + 1)}`,
    ).join('\n\n');
    const docId = await docWith(owner.token, id, 'Glaciers', `# Atlas\n\n${sections}`);
    await settled(owner.token, id, [docId]);
    const chunks = await retrieveChunks(ctx.database.db, {
      userId: owner.id,
      projectIds: [id],
      query: 'glacier',
      limit: 10,
    });
    expect(chunks.map((chunk) => chunk.heading)).toEqual(['Atlas > Part 4', 'Atlas > Part 3']);
    expect(chunks[0]!.score).toBeGreaterThan(chunks[1]!.score);
  });
});
