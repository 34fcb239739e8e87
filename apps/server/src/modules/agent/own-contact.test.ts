import { AGENT_API, PROJECT_API } from '@tandem/contract/api';
import { maskEmail } from '@tandem/contract/contact-mask';
import { describe, expect, it } from 'vitest';
import { agentApi, completeConfig, useFakeModels } from '../../../test/agents.ts';
import { projectApi } from '../../../test/projects.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const { data, team, agent } = agentApi(ctx);
const { project } = projectApi(ctx);
const fakes = useFakeModels(ctx);

/** People without a nickname are shown by their email: masked to others, whole to themselves. */
describe("a person's own email", () => {
  it('is shown whole to them as the owner of an agent and a project, and masked to the team', async () => {
    const { owner, member } = await team('Contact Works');
    const colleague = await member();
    const { id } = await agent(owner.token, completeConfig(fakes.model.chat, 'Mine'));
    await data('POST', '/api/agent/set-agent-access', owner.token, { id, access: 'team_public' });
    await data('POST', '/api/agent/publish-agent', owner.token, { id });
    await project(owner.token, { name: 'Ledger', access: 'team_public' });

    const ownerName = async (token: string) => {
      const hub = await data('GET', `${AGENT_API.hubList}?page=1&page_size=50`, token);
      const projects = await data('GET', `${PROJECT_API.list}?page=1&page_size=50`, token);
      return {
        card: hub.data.find((card: { id: number }) => card.id === id)?.owner_name,
        project: projects.data.find((item: { name: string }) => item.name === 'Ledger')?.owner_name,
      };
    };
    expect(await ownerName(owner.token)).toEqual({ card: owner.email, project: owner.email });
    // The agent's editor page, which only its editors open.
    expect((await data('GET', `${AGENT_API.detail}?id=${id}`, owner.token)).owner.name).toBe(owner.email);
    const masked = maskEmail(owner.email);
    expect(masked).not.toBe(owner.email);
    expect(await ownerName(colleague.token)).toEqual({ card: masked, project: masked });
  });
});
