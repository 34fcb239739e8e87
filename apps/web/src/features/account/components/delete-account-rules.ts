/** What the user types to confirm a deletion: the account's email, or its phone when it has no email. */
export type DeletionIdentity = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

export function deletionIdentityOf(user: { email?: string; phone?: string }): DeletionIdentity | null {
  const email = user.email?.trim();
  if (email) return { kind: 'email', value: email };
  const phone = user.phone?.trim();
  if (phone) return { kind: 'phone', value: phone };
  return null;
}

/** The confirm button wakes only for an exact match (emails compare without case). */
export function canConfirmDeletion(identity: DeletionIdentity | null, typed: string): boolean {
  if (!identity) return false;
  const value = typed.trim();
  return identity.kind === 'email'
    ? value.toLowerCase() === identity.value.toLowerCase()
    : value === identity.value;
}

/** Whether `typed` is still the start of the identity, so the user may simply not have finished. */
export function couldBecomeMatch(identity: DeletionIdentity | null, typed: string): boolean {
  if (!identity) return false;
  const value = typed.trimStart();
  return identity.kind === 'email'
    ? identity.value.toLowerCase().startsWith(value.toLowerCase())
    : identity.value.startsWith(value);
}

export const deletionBody = (identity: DeletionIdentity) =>
  identity.kind === 'email' ? { email: identity.value } : { phone: identity.value };
