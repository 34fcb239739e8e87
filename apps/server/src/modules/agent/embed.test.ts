import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentApi, completeConfig, useFakeModels } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { withFrameAncestors } from './embed-routes.ts';

const distDir = mkdtempSync(join(tmpdir(), 'tandem-embed-dist-'));
beforeAll(() => {
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
});

const ctx = useTestApp({ WEB_DIST_DIR: distDir });
const { data, team, agent } = agentApi(ctx);
const fakes = useFakeModels(ctx);

const frameAncestorsOf = (policy: unknown) => /frame-ancestors ([^;]*)/.exec(String(policy))?.[1];

async function agentWithAccess(access: 'web_public' | 'team_public', origins: string[]) {
  const { owner } = await team();
  const created = await agent(owner.token, completeConfig(fakes.model.chat));
  await data('POST', '/api/agent/set-agent-access', owner.token, {
    id: created.id,
    access,
    embed_origins: origins,
  });
  return created.key;
}

describe('embedding an agent’s chat in another site', () => {
  it('lets the sites the owner listed frame a web-public agent’s chat page', async () => {
    const key = await agentWithAccess('web_public', ['https://docs.example.com', 'http://localhost:8080']);
    const page = await ctx.app.inject({ url: `/embed/agent/${key}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(frameAncestorsOf(page.headers['content-security-policy'])).toBe(
      "'self' https://docs.example.com http://localhost:8080",
    );
    expect(page.headers['x-frame-options']).toBeUndefined();
  });

  it('keeps every other page, and a team agent’s, to this site alone', async () => {
    const key = await agentWithAccess('team_public', ['https://docs.example.com']);
    for (const url of [`/embed/agent/${key}`, '/embed/agent/no-such-agent', '/chat']) {
      const page = await ctx.app.inject({ url });
      expect(frameAncestorsOf(page.headers['content-security-policy'])).toBe("'self'");
    }
  });

  it('serves the bubble script to any site', async () => {
    const script = await ctx.app.inject({ url: '/embed/agent.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.body).toContain("'/embed/agent/'");
  });

  it('rewrites only the frame-ancestors directive', () => {
    expect(
      withFrameAncestors("default-src 'self';frame-ancestors 'self';object-src 'none'", [
        'https://a.example',
      ]),
    ).toBe("default-src 'self';frame-ancestors 'self' https://a.example;object-src 'none'");
  });
});
