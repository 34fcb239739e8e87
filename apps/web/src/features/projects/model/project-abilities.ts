import type { ProjectRole } from '@tandem/contract/project-rules';

/** What the caller's role in a project lets the screens offer (the server checks every call again). */
export function projectAbilities(role: ProjectRole) {
  const isManager = role === 'owner' || role === 'admin';
  return {
    /** Name, description and cover. */
    edit: isManager,
    /** Only the owner (the creator, or the team's owner and admins). */
    delete: role === 'owner',
    manageMembers: isManager,
    /** Documents and groups: create, import, rename, move, copy, delete, share. */
    write: role !== 'viewer',
  };
}
export type ProjectAbilities = ReturnType<typeof projectAbilities>;
