// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { deviceNameOf } from './device-info.ts';

describe('device names', () => {
  it('names the browser and the system without words of any one language', () => {
    expect(deviceNameOf('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe(
      'Firefox 140 · Linux',
    );
    expect(
      deviceNameOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Mobile Safari 18 · Apple iPhone, iOS');
  });

  it('leaves a device it cannot tell empty, for the page to call unknown in its own language', () => {
    expect(deviceNameOf('')).toBe('');
    expect(deviceNameOf('curl-like/1.0')).toBe('');
  });
});
