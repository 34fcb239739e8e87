import { create } from 'zustand';

/** Raised by the identity watch, and later by the realtime `UB:user_logout` notice. */
export const useIdentityStore = create<{ hasChanged: boolean }>()(() => ({ hasChanged: false }));

export const raiseIdentityChanged = () => useIdentityStore.setState({ hasChanged: true });
