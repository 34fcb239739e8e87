import '../../test/dom-setup.ts';
import { REALTIME_API } from '@tandem/contract/api';
import type { UserNotification } from '@tandem/contract/realtime-channels';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi } from '../../test/fake-api.ts';
import { fakeRealtimeHub } from '../../test/fake-realtime.ts';
import { recordNotices } from '../../test/notices.ts';
import { getSession } from '../session/session-store.ts';
import {
  connectRealtime,
  disconnectRealtime,
  realtimeSocketUrl,
  waitForRealtime,
} from './realtime-client.ts';
import { onRealtimeEvent } from './realtime-events.ts';

const URL = 'ws://localhost:3000/connection/websocket';
const ADA = 7;

/** The token call answers what `answer` says at the time of each call; the calls are counted. */
function serveClientToken(answer: () => FakeAnswer) {
  const api = fakeApi({ [REALTIME_API.clientToken]: () => answer() });
  return { calls: () => api.bodiesOf(REALTIME_API.clientToken).length };
}

const notices = recordNotices();
const heard: UserNotification[] = [];
let stopListening: (() => void)[] = [];

beforeEach(() => {
  getSession().setToken('session-token');
  heard.length = 0;
  stopListening = [
    onRealtimeEvent('SA:agent_deleted', (event) => heard.push(event)),
    onRealtimeEvent('UB:user_logout', (event) => heard.push(event)),
  ];
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(() => {
  for (const stop of stopListening) stop();
  disconnectRealtime();
  getSession().reset();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the realtime connection', () => {
  it("connects with the client token and hears what is published on the user's channel", async () => {
    const hub = fakeRealtimeHub();
    serveClientToken(() => ({ data: 'jwt-ada' }));
    connectRealtime({ userId: ADA, url: URL });

    await waitFor(() => expect(hub.channels()).toEqual(['personal:#7']));
    expect(hub.connectTokens).toEqual(['jwt-ada']);
    expect(hub.urls).toEqual([URL]);

    hub.publish('personal:#7', { type: 'SA:agent_deleted', agent_id: 3, status: 0 });
    hub.publish('personal:#8', { type: 'SA:agent_deleted', agent_id: 4, status: 0 });
    await waitFor(() => expect(heard).toEqual([{ type: 'SA:agent_deleted', agent_id: 3, status: 0 }]));
  });

  it('only logs PN notices and publications without a type', async () => {
    const hub = fakeRealtimeHub();
    serveClientToken(() => ({ data: 'jwt-ada' }));
    connectRealtime({ userId: ADA, url: URL });
    await waitFor(() => expect(hub.channels()).toEqual(['personal:#7']));

    hub.publish('personal:#7', { type: 'PN:points_low', points: 3 });
    hub.publish('personal:#7', 'no type');
    hub.publish('personal:#7', { type: 'UB:user_logout', device_ids: ['x'] });
    await waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0]?.type).toBe('UB:user_logout');
    expect(console.info).toHaveBeenCalledWith('[realtime] PN:points_low', {
      type: 'PN:points_low',
      points: 3,
    });
  });

  it('without a client token tries again after 10 seconds, not before', async () => {
    vi.useFakeTimers();
    const hub = fakeRealtimeHub();
    let answer: FakeAnswer = { data: '' };
    const token = serveClientToken(() => answer);
    connectRealtime({ userId: ADA, url: URL });
    await vi.advanceTimersByTimeAsync(0);
    expect(token.calls()).toBe(1);
    expect(hub.urls).toEqual([]);

    answer = { status: 500, code: 1005, msg: 'Internal error' };
    await vi.advanceTimersByTimeAsync(10_000);
    expect(token.calls()).toBe(2);

    answer = { data: 'jwt-ada' };
    await vi.advanceTimersByTimeAsync(9_990);
    expect(token.calls()).toBe(2);
    expect(hub.isConnected()).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(token.calls()).toBe(3);
    expect(hub.isConnected()).toBe(true);
    expect(hub.channels()).toEqual(['personal:#7']);
  });

  it('after the hub refuses a token, asks for a new one 10 seconds later', async () => {
    vi.useFakeTimers();
    const hub = fakeRealtimeHub();
    hub.refusesToken = (token) => token === 'jwt-stale';
    let answer = 'jwt-stale';
    serveClientToken(() => ({ data: answer }));
    connectRealtime({ userId: ADA, url: URL });
    await vi.advanceTimersByTimeAsync(0);
    expect(hub.connectTokens).toEqual(['jwt-stale']);
    expect(hub.isConnected()).toBe(false);

    answer = 'jwt-fresh';
    await vi.advanceTimersByTimeAsync(9_990);
    expect(hub.connectTokens).toEqual(['jwt-stale']);
    await vi.advanceTimersByTimeAsync(10);
    expect(hub.connectTokens).toEqual(['jwt-stale', 'jwt-fresh']);
    expect(hub.channels()).toEqual(['personal:#7']);
  });

  it('logs a refused subscription, says nothing to the user, and subscribes again 10 seconds later', async () => {
    vi.useFakeTimers();
    const hub = fakeRealtimeHub();
    let isRefused = true;
    hub.refusesChannel = () => isRefused;
    serveClientToken(() => ({ data: 'jwt-ada' }));
    connectRealtime({ userId: ADA, url: URL });
    await vi.advanceTimersByTimeAsync(0);
    expect(hub.isConnected()).toBe(true);
    expect(hub.channels()).toEqual([]);
    expect(console.warn).toHaveBeenCalledWith(
      '[realtime] subscription to personal:#7 reset',
      expect.objectContaining({ code: 103 }),
    );

    isRefused = false;
    await vi.advanceTimersByTimeAsync(9_990);
    expect(hub.channels()).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(hub.channels()).toEqual(['personal:#7']);
    expect(notices.keys()).toEqual([]);
  });

  it('closes and forgets the connection when the session ends', async () => {
    const hub = fakeRealtimeHub();
    serveClientToken(() => ({ data: 'jwt-ada' }));
    connectRealtime({ userId: ADA, url: URL });
    await waitFor(() => expect(hub.isConnected()).toBe(true));

    getSession().reset();
    await waitFor(() => expect(hub.isConnected()).toBe(false));
    expect(await waitForRealtime({ timeoutMs: 100 })).toBeNull();
  });
});

describe('waiting for the connection', () => {
  it('gives up after 10 seconds when nothing connects', async () => {
    vi.useFakeTimers();
    let result: unknown = 'pending';
    void waitForRealtime().then((client) => {
      result = client;
    });
    await vi.advanceTimersByTimeAsync(9_990);
    expect(result).toBe('pending');
    await vi.advanceTimersByTimeAsync(10);
    expect(result).toBeNull();
  });

  it('answers the connected client at the next 50 ms poll, or the next second for a subscription', async () => {
    vi.useFakeTimers();
    const hub = fakeRealtimeHub();
    serveClientToken(() => ({ data: 'jwt-ada' }));
    const answered: string[] = [];
    void waitForRealtime().then((client) => answered.push(`plain ${client?.state}`));
    void waitForRealtime({ isSubscribing: true }).then((client) =>
      answered.push(`subscribing ${client?.state}`),
    );

    await vi.advanceTimersByTimeAsync(120);
    connectRealtime({ userId: ADA, url: URL });
    await vi.advanceTimersByTimeAsync(0);
    expect(hub.isConnected()).toBe(true);
    expect(answered).toEqual([]);
    await vi.advanceTimersByTimeAsync(30);
    expect(answered).toEqual(['plain connected']);
    await vi.advanceTimersByTimeAsync(840);
    expect(answered).toEqual(['plain connected']);
    await vi.advanceTimersByTimeAsync(10);
    expect(answered).toEqual(['plain connected', 'subscribing connected']);
  });
});

describe('the websocket address', () => {
  const https = { protocol: 'https:', host: 'app.example.com' };
  const http = { protocol: 'http:', host: '127.0.0.1:3000' };

  it('is /connection/websocket on this origin unless configured, wss: on an https page', () => {
    expect(realtimeSocketUrl('', https)).toBe('wss://app.example.com/connection/websocket');
    expect(realtimeSocketUrl(undefined, http)).toBe('ws://127.0.0.1:3000/connection/websocket');
    expect(realtimeSocketUrl('/connection/websocket', https)).toBe(
      'wss://app.example.com/connection/websocket',
    );
  });

  it("takes a configured Centrifugo address as it is, or an http(s) one with the socket's scheme", () => {
    expect(realtimeSocketUrl('wss://rt.example.com/connection/websocket', http)).toBe(
      'wss://rt.example.com/connection/websocket',
    );
    expect(realtimeSocketUrl('https://rt.example.com/connection/websocket', http)).toBe(
      'wss://rt.example.com/connection/websocket',
    );
  });
});
