import { describe, expect, it } from 'vitest';
import {
  bannerOf,
  type ConnectionFacts,
  hasFirstContent,
  initialFacts,
  syncStatusOf,
} from './sync-status.ts';

const facts = (next: Partial<ConnectionFacts>): ConnectionFacts => ({
  ...initialFacts,
  socket: 'connected',
  isSynced: true,
  ...next,
});

describe('sync status', () => {
  it('says saved when the server has every change, saving while some are on their way', () => {
    expect(syncStatusOf(facts({}))).toBe('saved');
    expect(syncStatusOf(facts({ unsyncedChanges: 2 }))).toBe('saving');
  });

  it('says offline, with the banner, when the browser has no network or the socket dropped', () => {
    expect(syncStatusOf(facts({ isOnline: false }))).toBe('offline');
    expect(syncStatusOf(facts({ socket: 'disconnected', isSynced: false }))).toBe('offline');
    expect(bannerOf('offline')).toBe('offline');
  });

  it('says the sync failed, with its banner, when the server refuses the document', () => {
    expect(syncStatusOf(facts({ isRefused: true }))).toBe('sync_failed');
    expect(bannerOf('sync_failed')).toBe('sync_failed');
  });

  it('shows no banner while connecting or saved', () => {
    expect(syncStatusOf(initialFacts)).toBe('connecting');
    expect(bannerOf('connecting')).toBeNull();
    expect(bannerOf('saved')).toBeNull();
  });

  it('follows the whole-document saves when the websocket cannot connect', () => {
    expect(syncStatusOf(facts({ socket: 'disconnected', fallback: 'loading' }))).toBe('connecting');
    expect(syncStatusOf(facts({ socket: 'disconnected', fallback: 'saving' }))).toBe('saving');
    expect(syncStatusOf(facts({ socket: 'disconnected', fallback: 'idle' }))).toBe('saved');
    expect(syncStatusOf(facts({ socket: 'disconnected', fallback: 'failed' }))).toBe('sync_failed');
  });

  it("lets typing begin once the content is in: the server's, this device's copy, or none to be had", () => {
    const opening = { ...initialFacts };
    expect(hasFirstContent(opening)).toBe(false);
    // An empty copy (a new document, or never opened here) waits for the server.
    expect(hasFirstContent({ ...opening, isDeviceCopyLoaded: true })).toBe(false);
    expect(hasFirstContent({ ...opening, isDeviceCopyLoaded: true, hasDeviceContent: true })).toBe(true);
    expect(hasFirstContent({ ...opening, hasSyncedOnce: true })).toBe(true);
    // Offline, or the socket failed: the device's copy, even empty, is all there is.
    expect(hasFirstContent({ ...opening, isDeviceCopyLoaded: true, isOnline: false })).toBe(true);
    expect(hasFirstContent({ ...opening, isDeviceCopyLoaded: true, socket: 'disconnected' })).toBe(true);
    expect(hasFirstContent({ ...opening, socket: 'disconnected' })).toBe(false);
    // A reconnection does not take the keys away again.
    expect(hasFirstContent({ ...opening, hasSyncedOnce: true, socket: 'connecting', isSynced: false })).toBe(
      true,
    );
  });
});
