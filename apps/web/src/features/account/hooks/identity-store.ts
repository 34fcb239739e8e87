import { create } from 'zustand';

/** Why this tab must reload: the browser now holds another account, or this device was signed out. */
export type RefreshReason = 'identity_changed' | 'signed_out_remotely';

type IdentityState = { hasChanged: boolean; reason: RefreshReason };

/** Raised by the identity watch and by the realtime `UB:user_logout` notice. */
export const useIdentityStore = create<IdentityState>()(() => ({
  hasChanged: false,
  reason: 'identity_changed',
}));

export const raiseIdentityChanged = () =>
  useIdentityStore.setState({ hasChanged: true, reason: 'identity_changed' });

/** Another device signed this one out; the prompt says so rather than "account changed". */
export const raiseSignedOutRemotely = () =>
  useIdentityStore.setState({ hasChanged: true, reason: 'signed_out_remotely' });
