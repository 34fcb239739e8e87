import { describe, expect, it } from 'vitest';
import { agentApi, type Person } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const { call, data, team } = agentApi(ctx);

type Node = { id: number; name: string; children: Node[] };
const namesOf = (nodes: Node[]): unknown[] =>
  nodes.map((node) => (node.children.length ? [node.name, namesOf(node.children)] : node.name));

/** A team whose owner has made the departments named, top level unless a parent is given. */
async function teamWithDepartments(names: (string | [string, string])[]) {
  const made = await team();
  const add = async (name: string, parentId: number | null = null): Promise<number> =>
    (await data('POST', '/api/team/create-department', made.owner.token, { name, parent_id: parentId })).id;
  const ids: Record<string, number> = {};
  for (const entry of names) {
    const [name, parent] = Array.isArray(entry) ? entry : [entry, undefined];
    ids[name] = await add(name, parent ? (ids[parent] ?? null) : null);
  }
  const tree = async () => namesOf(await data('GET', '/api/team/department-list', made.owner.token));
  return { ...made, add, ids, tree };
}

/** Where `who` sits in the team, as the member list tells the owner. */
async function departmentOf(owner: Person, who: Person) {
  const { data: members } = await data('GET', '/api/team/user-list?page=1&page_size=100', owner.token);
  const row = (members as { user_id: number; department_name: string }[]).find((m) => m.user_id === who.id);
  return row ? `in ${row.department_name || 'none'}` : 'gone';
}

/** Twenty rounds of a race, each telling what a user sees; answers those not among `expected`. */
async function unexpectedOutcomes(expected: string[], race: (round: number) => Promise<string>) {
  const outcomes: string[] = [];
  for (let round = 0; round < 20; round++) outcomes.push(await race(round));
  return outcomes.filter((outcome) => !expected.includes(outcome));
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
    const { owner, add, tree } = await teamWithDepartments([]);
    const kept: unknown[] = [];
    // Deleted first: the add finds no parent (1002). Added first: the parent has a child (1102).
    const expected = ['delete 0, add 1002', 'delete 1102, add 0'];
    const unexpected = await unexpectedOutcomes(expected, async (round) => {
      const id = await add(`Unit ${round}`);
      const [removal, addition] = await Promise.all([
        call('DELETE', '/api/team/del-department', owner.token, { id }),
        call('POST', '/api/team/create-department', owner.token, { name: `Team ${round}`, parent_id: id }),
      ]);
      if (addition.status === 200) kept.push([`Unit ${round}`, [`Team ${round}`]]);
      return `delete ${removal.body.code}, add ${addition.body.code}`;
    });
    expect(unexpected).toEqual([]);
    expect(await tree()).toEqual(kept);
  });
});

describe('moving into a department while it is deleted', () => {
  it('moves a department under it or finds it gone, never failing', async () => {
    const { owner, add, tree } = await teamWithDepartments([]);
    const kept: unknown[] = [];
    // Deleted first: the move finds no parent (1002). Moved first: the parent has a child (1102).
    const expected = ['delete 0, move 1002', 'delete 1102, move 0'];
    const unexpected = await unexpectedOutcomes(expected, async (round) => {
      const [unit, moved] = [await add(`Unit ${round}`), await add(`Team ${round}`)];
      const [removal, move] = await Promise.all([
        call('DELETE', '/api/team/del-department', owner.token, { id: unit }),
        call('POST', '/api/team/save-department', owner.token, { id: moved, parent_id: unit }),
      ]);
      kept.push(move.status === 200 ? [`Unit ${round}`, [`Team ${round}`]] : `Team ${round}`);
      return `delete ${removal.body.code}, move ${move.body.code}`;
    });
    expect(unexpected).toEqual([]);
    expect(await tree()).toEqual(kept);
  });

  it('moves members into it or finds it gone; either way they end in no department', async () => {
    const { owner, add, member } = await teamWithDepartments([]);
    const ada = await member();
    // Deleted first: the move finds no department (1002). Moved first: the delete takes them out of it.
    const expected = ['delete 0, move 1002, in none', 'delete 0, move 0, in none'];
    const unexpected = await unexpectedOutcomes(expected, async (round) => {
      const id = await add(`Unit ${round}`);
      const [removal, move] = await Promise.all([
        call('DELETE', '/api/team/del-department', owner.token, { id }),
        call('POST', '/api/team/change-member-department', owner.token, {
          user_ids: [ada.id],
          department_id: id,
        }),
      ]);
      return `delete ${removal.body.code}, move ${move.body.code}, ${await departmentOf(owner, ada)}`;
    });
    expect(unexpected).toEqual([]);
  });

  it('restores a leaver into their old department or, once it is gone, into none', async () => {
    const { owner, add, member } = await teamWithDepartments([]);
    // One leaver for every round (each restores them): twenty sign-ups cost more than the race itself.
    const ada = await member();
    // Deleted first: the leaver's department is already none. Restored first: the delete takes them out.
    const unexpected = await unexpectedOutcomes(['delete 0, restore 0, in none'], async (round) => {
      const id = await add(`Unit ${round}`);
      await data('POST', '/api/team/change-member-department', owner.token, {
        user_ids: [ada.id],
        department_id: id,
      });
      await data('DELETE', '/api/team/remove-out-team', owner.token, { user_ids: [ada.id] });
      const [removal, restore] = await Promise.all([
        call('DELETE', '/api/team/del-department', owner.token, { id }),
        call('POST', '/api/team/restore-leave-member', owner.token, { user_ids: [ada.id] }),
      ]);
      return `delete ${removal.body.code}, restore ${restore.body.code}, ${await departmentOf(owner, ada)}`;
    });
    expect(unexpected).toEqual([]);
  });
});

describe('two departments moved under each other at once', () => {
  it('moves one and refuses the other as a cycle, so both stay in the tree', async () => {
    const { owner, add, tree } = await teamWithDepartments([]);
    const kept: unknown[] = [];
    const expected = ['A under B 0, B under A 1105', 'A under B 1105, B under A 0'];
    const unexpected = await unexpectedOutcomes(expected, async (round) => {
      const [a, b] = [await add(`A ${round}`), await add(`B ${round}`)];
      const [aUnderB, bUnderA] = await Promise.all([
        call('POST', '/api/team/save-department', owner.token, { id: a, parent_id: b }),
        call('POST', '/api/team/save-department', owner.token, { id: b, parent_id: a }),
      ]);
      kept.push(aUnderB.status === 200 ? [`B ${round}`, [`A ${round}`]] : [`A ${round}`, [`B ${round}`]]);
      return `A under B ${aUnderB.body.code}, B under A ${bUnderA.body.code}`;
    });
    expect(unexpected).toEqual([]);
    // A cycle would drop both from the tree: neither reaches the top.
    expect(await tree()).toEqual(kept);
  });
});
