import { SETUP_API, USER_API } from '@tandem/contract/api';
import type {
  CheckSetupLinkData,
  ConnectModelBody,
  ConnectModelData,
  LocalModelServer,
  ProbeServerData,
} from '@tandem/contract/setup';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import type { SessionUser } from '../../../shared/session/session-user.ts';

export type { ConnectModelBody, LocalModelServer };

/** Whether a setup link still works: asked before using it, so a used one says so. */
export const checkSetupLink = (token: string) =>
  http.get<CheckSetupLinkData>(SETUP_API.checkLink, { params: { token }, silent: true });

/** Uses the link up: the caller becomes platform admin; answers their account as it is now. */
export async function claimSetupLink(token: string): Promise<SessionUser> {
  await http.post<{ is_super: true }>(SETUP_API.claimLink, { token });
  return http.get<SessionUser>(USER_API.account);
}

/** OpenAI-compatible servers answering on this machine (Ollama, LM Studio, llama.cpp, vLLM). */
export const localServersQuery = queryOptions({
  queryKey: ['setup', 'local-servers'],
  queryFn: () => http.get<LocalModelServer[]>(SETUP_API.localServers),
  staleTime: 0,
});

export const probeServer = (body: { base_url: string; api_key?: string }) =>
  http.post<ProbeServerData>(SETUP_API.probeServer, body);

/** Provider + model + platform default, in one call. */
export const connectModel = (body: ConnectModelBody) =>
  http.post<ConnectModelData>(SETUP_API.connectModel, body);
