import { getSession } from '../shared/session/session-store.ts';
import { FullPageLoading } from '../shared/ui/full-page-loading.tsx';
import { ShellSkeleton } from '../shared/ui/shell-skeleton.tsx';
import { isPublicPath } from './route-guard.ts';

/**
 * The wait before a page can show: a signed-in page shows the shell's skeleton (as index.html painted it
 * before any script ran), anything else the splash screen.
 */
export function BootLoading() {
  const isShellNext = !!getSession().token && !isPublicPath(window.location.pathname);
  return isShellNext ? <ShellSkeleton /> : <FullPageLoading />;
}
