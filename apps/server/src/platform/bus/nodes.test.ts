import { describe, expect, it } from 'vitest';
import { until } from '../../../test/eventually.ts';
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
    await until(() => received.length > 0, 'the message on the other node');
    expect(received).toEqual([{ from: one!.bus.nodeId }]);
  });
});
