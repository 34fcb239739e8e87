import { describe, expect, it } from 'vitest';
import { agentApi } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const { call, data, team } = agentApi(ctx);

type Node = { id: number; name: string; children: Node[] };
const namesOf = (nodes: Node[]): unknown[] =>
  nodes.map((node) => (node.children.length ? [node.name, namesOf(node.children)] : node.name));

/** A team whose owner has made the departments named, top level unless a parent is given. */
async function teamWithDepartments(names: (string | [string, string])[]) {
  const made = await team();
  const ids: Record<string, number> = {};
  for (const entry of names) {
    const [name, parent] = Array.isArray(entry) ? entry : [entry, undefined];
    const { id } = await data('POST', '/api/team/create-department', made.owner.token, {
      name,
      parent_id: parent ? ids[parent] : null,
    });
    ids[name] = id;
  }
  const tree = async () => namesOf(await data('GET', '/api/team/department-list', made.owner.token));
  return { ...made, ids, tree };
}

describe('saving several departments at once', () => {
  it('renames them together, names trimmed', async () => {
    const { owner, ids, tree } = await teamWithDepartments(['Sales', 'Research', ['Models', 'Research']]);
    await data('POST', '/api/team/batch-save-department', owner.token, {
      departments: [
        { id: ids.Sales, name: '  Field sales ' },
        { id: ids.Models, name: 'Language models' },
      ],
    });
    expect(await tree()).toEqual(['Field sales', ['Research', ['Language models']]]);
  });

  it('renames none when one of them is another team’s, or a name is blank', async () => {
    const ours = await teamWithDepartments(['Sales', 'Research']);
    const theirs = await teamWithDepartments(['Rival']);
    const foreign = await call('POST', '/api/team/batch-save-department', ours.owner.token, {
      departments: [
        { id: ours.ids.Sales, name: 'Renamed' },
        { id: theirs.ids.Rival, name: 'Taken over' },
      ],
    });
    expect(foreign.status).toBe(404);
    const blank = await call('POST', '/api/team/batch-save-department', ours.owner.token, {
      departments: [
        { id: ours.ids.Sales, name: 'Renamed' },
        { id: ours.ids.Research, name: '   ' },
      ],
    });
    expect(blank.status).toBe(400);
    expect(blank.body.data.fields[0].field).toBe('departments.1.name');
    expect(await ours.tree()).toEqual(['Sales', 'Research']);
    expect(await theirs.tree()).toEqual(['Rival']);
  });
});

describe('re-sorting departments', () => {
  it('puts one parent’s sub-departments, or the top level, in the order given', async () => {
    const { owner, ids, tree } = await teamWithDepartments([
      'Sales',
      'Research',
      'Support',
      ['Models', 'Research'],
      ['Data', 'Research'],
    ]);
    await data('POST', '/api/team/re-sort-department', owner.token, {
      parent_id: null,
      ids: [ids.Support, ids.Research, ids.Sales],
    });
    await data('POST', '/api/team/re-sort-department', owner.token, {
      parent_id: ids.Research,
      ids: [ids.Data, ids.Models],
    });
    expect(await tree()).toEqual(['Support', ['Research', ['Data', 'Models']], 'Sales']);
    // Moving one step afterwards works from the new order.
    await data('POST', '/api/team/department-sort', owner.token, { id: ids.Sales, direction: 'up' });
    expect(await tree()).toEqual(['Support', 'Sales', ['Research', ['Data', 'Models']]]);
  });

  it('refuses an order that leaves one out, repeats one or brings in another parent’s', async () => {
    const { owner, ids, tree } = await teamWithDepartments(['Sales', 'Research', ['Models', 'Research']]);
    for (const order of [[ids.Sales], [ids.Sales, ids.Sales], [ids.Sales, ids.Models]]) {
      const answer = await call('POST', '/api/team/re-sort-department', owner.token, {
        parent_id: null,
        ids: order,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.data.fields[0].field).toBe('ids');
    }
    expect(await tree()).toEqual(['Sales', ['Research', ['Models']]]);
  });
});

describe('a department’s member list', () => {
  it('lists that department’s members only, searched by name, and those in none with 0', async () => {
    const { owner, ids, member } = await teamWithDepartments(['Research', ['Models', 'Research']]);
    const ada = await member();
    const alan = await member();
    await member();
    const idOf = async (token: string) => (await data('GET', '/api/user/account', token)).id as number;
    const [adaId, alanId] = [await idOf(ada.token), await idOf(alan.token)];
    await data('POST', '/api/team/change-member-department', owner.token, {
      user_ids: [adaId, alanId],
      department_id: ids.Models,
    });
    const list = (query: string) =>
      data('GET', `/api/team/department-member-list?page=1&page_size=10&${query}`, owner.token);
    const models = await list(`department_id=${ids.Models}`);
    expect(models.total).toBe(2);
    expect(models.data.map((m: { department_name: string }) => m.department_name)).toEqual([
      'Models',
      'Models',
    ]);
    // A parent's own list does not take in its sub-departments.
    expect((await list(`department_id=${ids.Research}`)).total).toBe(0);
    const found = await list(`department_id=${ids.Models}&keyword=${encodeURIComponent(ada.email)}`);
    expect(found.data.map((m: { user_id: number }) => m.user_id)).toEqual([adaId]);
    // The owner and the third member are in no department.
    expect((await list('department_id=0')).total).toBe(2);
  });
});

describe('deleting a department while a sub-department is added to it', () => {
  it('lets whichever comes first win and refuses the other with a business error', async () => {
    const { owner, tree } = await teamWithDepartments([]);
    const answers: string[] = [];
    const kept: unknown[] = [];
    for (let round = 0; round < 20; round++) {
      const { id } = await data('POST', '/api/team/create-department', owner.token, {
        name: `Unit ${round}`,
      });
      const [removal, addition] = await Promise.all([
        call('DELETE', '/api/team/del-department', owner.token, { id }),
        call('POST', '/api/team/create-department', owner.token, { name: `Team ${round}`, parent_id: id }),
      ]);
      answers.push(`delete ${removal.body.code}, add ${addition.body.code}`);
      if (addition.status === 200) kept.push([`Unit ${round}`, [`Team ${round}`]]);
    }
    // Deleted first: the add finds no parent (1002). Added first: the parent has a child (1102).
    const expected = ['delete 0, add 1002', 'delete 1102, add 0'];
    expect(answers.filter((answer) => !expected.includes(answer))).toEqual([]);
    expect(await tree()).toEqual(kept);
  });
});
