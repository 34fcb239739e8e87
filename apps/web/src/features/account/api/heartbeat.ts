import { USER_API } from '@tandem/contract/api';
import { http } from '../../../shared/api/http.ts';

/** The user heartbeat: a background call that says this page is still open. */
export const sendHeartbeat = () => http.get<{ user_id: number }>(USER_API.heartbeat, { background: true });
