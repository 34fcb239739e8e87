import { describe, expect, it } from 'vitest';
import { useFakeModels } from '../../../test/agents.ts';
import { chatApi } from '../../../test/chat.ts';
import { eventually } from '../../../test/eventually.ts';
import { signedInRealtimeClient } from '../../../test/realtime-clients.ts';
import { useTestApp } from '../../../test/test-app.ts';

const TOKEN = 'scrape-token-0123456789';
const withMetrics = useTestApp({ METRICS_TOKEN: TOKEN });
const withoutMetrics = useTestApp();
const fakes = useFakeModels(withMetrics);
const { call, data, person, chatSetup } = chatApi(withMetrics, fakes);

const scrape = (token = TOKEN) =>
  withMetrics.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

/** The value of one series in the scrape, or undefined while it is absent. */
async function seriesValue(series: string) {
  const text = (await scrape()).body;
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Scrapes until the series has the value (some are written once the model's name is looked up). */
const expectSeries = (series: string, expected: number) =>
  eventually(async () => expect(await seriesValue(series), series).toBe(expected));

describe('GET /metrics', () => {
  it('does not exist unless METRICS_TOKEN is set', async () => {
    const answer = await withoutMetrics.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe(1002);
  });

  it('asks for the token: none is 401, another 403, the right one the Prometheus text', async () => {
    const without = await withMetrics.app.inject({ method: 'GET', url: '/metrics' });
    expect(without.statusCode).toBe(401);
    expect(without.body).not.toContain('tandem_');
    const wrong = await scrape('scrape-token-not-this-one');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('tandem_');

    const right = await scrape();
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(right.body).toContain('# TYPE tandem_http_request_duration_seconds histogram');
    expect(right.body).toContain('process_resident_memory_bytes');
  });

  it('times requests by route pattern, method and status class', async () => {
    const before = (await seriesValue(healthCount)) ?? 0;
    await withMetrics.app.inject({ method: 'GET', url: '/api/health' });
    await expectSeries(healthCount, before + 1);
  });

  it('counts a chat reply: points debited, model latency, replies streaming', async () => {
    const { owner, agentId } = await chatSetup();
    const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: agentId,
      content: 'hi',
    });
    await expectSeries('tandem_points_debited_total', 3);
    const model = '{provider="Fake provider",model="Fake fake-chat"}';
    await expectSeries(`tandem_model_first_token_seconds_count${model}`, 1);
    await expectSeries(`tandem_model_duration_seconds_count${model}`, 1);
    await expectSeries('tandem_chat_replies_streaming', 0);
    expect(sent.points).toBe(3);

    // A long answer from the slow model streams for seconds: counted while it runs, not once stopped.
    const slow = await chatSetup('slow');
    const long = await data('POST', '/api/chat/agent-send-message', slow.owner.token, {
      agent_id: slow.agentId,
      content: 'word '.repeat(200),
    });
    await expectSeries('tandem_chat_replies_streaming', 1);
    await data('POST', '/api/chat/stop-message', slow.owner.token, { conversation_id: long.conversation_id });
    await expectSeries('tandem_chat_replies_streaming', 0);
    await expectSeries('tandem_points_debited_total', 6);
  });

  it("counts the realtime hub's connections", async () => {
    await expectSeries('tandem_realtime_connections', 0);
    const someone = await person();
    const { client } = await signedInRealtimeClient(withMetrics.app, someone.token, someone.id);
    await expectSeries('tandem_realtime_connections', 1);
    client.disconnect();
    await expectSeries('tandem_realtime_connections', 0);
  });

  it("counts a model's failures by kind", async () => {
    const { owner, agentId } = await chatSetup('fail');
    const answer = await call('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: agentId,
      content: 'hi',
    });
    expect(answer.status).toBe(200);
    await expectSeries(
      'tandem_model_errors_total{provider="Fake provider",model="Fake fake-fail",kind="provider_failed"}',
      1,
    );
  });
});

const healthCount =
  'tandem_http_request_duration_seconds_count{route="/api/health",method="GET",status="2xx"}';
