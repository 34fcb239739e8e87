// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { startupMessage } from './startup-message.ts';

const base = {
  address: 'http://127.0.0.1:3000',
  databaseKind: 'pglite',
  files: 'data/uploads',
  adminEmails: [],
};

describe('the start-up message', () => {
  it('tells a new operator where to connect a model and how to become the admin who may', () => {
    const message = startupMessage({ ...base, hasModel: false });
    expect(message).toContain('Tandem is running at http://127.0.0.1:3000');
    expect(message).toContain('No model is connected yet');
    expect(message).toContain('http://127.0.0.1:3000/platform/models');
    expect(message).toContain('npm run admin -- grant you@example.com');
  });

  it('names the listed admins when ADMIN_EMAILS is set', () => {
    const message = startupMessage({ ...base, hasModel: false, adminEmails: ['ops@example.com'] });
    expect(message).toContain('ADMIN_EMAILS names the platform admins (ops@example.com)');
  });

  it('says nothing of models once one is connected', () => {
    expect(startupMessage({ ...base, hasModel: true })).not.toContain('model');
  });

  it('prints the one-time setup link while there is no platform admin, in place of the manual steps', () => {
    const setupUrl = 'http://127.0.0.1:3000/setup?token=abc';
    const message = startupMessage({ ...base, hasModel: false, setupUrl });
    expect(message).toContain(`  ${setupUrl}`);
    expect(message).toContain('become one and connect a model');
    expect(message).not.toContain('npm run admin');
    expect(startupMessage({ ...base, hasModel: true, setupUrl })).not.toContain('model');
  });
});
