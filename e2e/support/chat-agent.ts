import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { call } from './api-calls.ts';
import { gradientPng } from './png.ts';
import { TEST_MODEL } from './test-model.ts';

/** A published agent of `token`'s team on the test model, from the first template or the one named (`config` over it). */
export async function publishedAgent(
  request: APIRequestContext,
  token: string,
  {
    access = 'team_public',
    embedOrigins = [],
    model: modelName = TEST_MODEL,
    webBuild = false,
    templateId,
    config = {},
  }: {
    access?: string;
    embedOrigins?: string[];
    model?: string;
    webBuild?: boolean;
    templateId?: string;
    config?: Record<string, unknown>;
  } = {},
) {
  const templates = await call<{ id: string; config: Record<string, unknown> }[]>(
    request,
    token,
    'GET',
    '/api/agent/get-agent-templates',
  );
  const template = templates.find((each) => each.id === templateId) ?? templates[0];
  const models = await call<{ id: number; name: string }[]>(
    request,
    token,
    'GET',
    '/api/agent/get-model-list',
  );
  const model = models.find((row) => row.name === modelName);
  const upload = await call<{ file: string }>(request, token, 'POST', '/api/upload/upload_base64_img', {
    data: gradientPng(32, 32).toString('base64'),
    fileExt: 'png',
    fileName: 'avatar.png',
  });
  const name = `Chat helper ${randomBytes(3).toString('hex')}`;
  const agent = await call<{ id: number; agent_key: string }>(
    request,
    token,
    'POST',
    '/api/agent/create-agent',
    {
      config: {
        ...template!.config,
        name,
        avatar: upload.file,
        model_id: model!.id,
        markdown: true,
        ...(webBuild ? { web_build: true } : {}),
        ...config,
      },
    },
  );
  await call(request, token, 'POST', '/api/agent/set-agent-access', {
    id: agent.id,
    access,
    embed_origins: embedOrigins,
  });
  await call(request, token, 'POST', '/api/agent/publish-agent', { id: agent.id });
  return { ...agent, name };
}
