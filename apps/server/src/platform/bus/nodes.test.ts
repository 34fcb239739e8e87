import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../../test/factories.ts';
import { useNodes } from '../../../test/nodes.ts';

describe.runIf(process.env.TEST_DATABASE === 'postgres')('two nodes on one PostgreSQL', () => {
  const [one, two] = useNodes(2);

  it('share sessions through the database and messages through the bus', async () => {
    const user = await createUser(one!.app);
    const account = await two!.app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(user.token),
    });
    expect(account.statusCode).toBe(200);

    const received: unknown[] = [];
    two!.bus.subscribe('test.nodes', (payload) => received.push(payload));
    await two!.bus.whenListening();
    await one!.bus.publish('test.nodes', { from: one!.bus.nodeId });
    const deadline = Date.now() + 10_000;
    while (received.length === 0 && Date.now() < deadline) await sleep(10);
    expect(received).toEqual([{ from: one!.bus.nodeId }]);
  });
});
