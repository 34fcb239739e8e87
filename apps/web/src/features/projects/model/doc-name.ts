import type { TFunction } from 'i18next';

/** A document, PDF or group as the screens name it: its own name, or "Untitled document/group" in the user's language. */
export const docNameOf = (node: { name: string; kind: string }, t: TFunction) =>
  node.name || (node.kind === 'group' ? t('projects.tree.untitled_group') : t('projects.untitled_doc'));
