import { Button } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { useIdentityStore } from '../features/account/hooks/identity-store.ts';
import { useIdentityWatch } from '../features/account/hooks/use-identity-watch.ts';
import { useSessionStore } from '../shared/session/session-store.ts';
import { routeRolesOf } from '../shared/session/session-user.ts';
import { showNotice, useNoticesDemanded } from '../shared/ui/notices.ts';
import { BootLoading } from './boot-loading.tsx';
import { decideRoute, type GuardUser, type RouteMeta } from './route-guard.ts';
import { ensureUserLoaded } from './session-loader.ts';
import { useDocumentTitle } from './use-document-title.ts';
import { useHttpBridge } from './use-http-bridge.tsx';

const NoticeHost = lazy(() => import('./notice-host.tsx').then((module) => ({ default: module.NoticeHost })));

const IdentityChangedModal = lazy(() =>
  import('../features/account/components/identity-changed-modal.tsx').then((module) => ({
    default: module.IdentityChangedModal,
  })),
);

/** Root of every route: guard, page title, transport bindings, identity watch. */
export function RootLayout() {
  const location = useLocation();
  const matches = useMatches();
  const token = useSessionStore((state) => state.token);
  const user = useSessionStore((state) => state.user);
  const metas = matches.map((match) => match.handle as RouteMeta | undefined);

  useHttpBridge();
  const isNoticeHostNeeded = useNoticesDemanded();
  useDocumentTitle(metas);
  useIdentityWatch();
  const hasIdentityChanged = useIdentityStore((state) => state.hasChanged);

  const guardUser: GuardUser | null = user
    ? { roles: routeRolesOf(user), currentTeam: user.current_team }
    : null;
  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    isAuthenticated: !!token,
    user: guardUser,
    metas,
  });

  let page: ReactNode;
  if (decision.action === 'redirect')
    page = <GuardRedirect to={decision.to} messageKey={decision.messageKey} />;
  else if (decision.action === 'load-user') page = <UserLoading />;
  else page = <Outlet />;
  return (
    <>
      {isNoticeHostNeeded && (
        <Suspense fallback={null}>
          <NoticeHost />
        </Suspense>
      )}
      <NavigationProgress />
      {page}
      {hasIdentityChanged && (
        <Suspense fallback={null}>
          <IdentityChangedModal />
        </Suspense>
      )}
    </>
  );
}

function GuardRedirect({ to, messageKey }: { to: string; messageKey: string | undefined }) {
  const shown = useRef(false);
  useEffect(() => {
    if (messageKey && !shown.current) {
      shown.current = true;
      showNotice({ key: messageKey }, 'warning');
    }
  }, [messageKey]);
  return <Navigate to={to} replace />;
}

/** Signed in, user not loaded yet (after a sign-in in this tab): load it, offer a retry if that fails. */
function UserLoading() {
  const { t } = useTranslation();
  const [hasFailed, setHasFailed] = useState(false);
  const load = useCallback(() => {
    setHasFailed(false);
    void ensureUserLoaded().then((isLoaded) => {
      if (!isLoaded) setHasFailed(true);
    });
  }, []);
  useEffect(load, [load]);
  if (!hasFailed) return <BootLoading />;
  return (
    <div className="full-page-loading">
      <span>{t('session.load_failed')}</span>
      <Button type="primary" onClick={load}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** A thin bar while a lazy page or the session loads, so a click never looks ignored. */
function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="navigation-progress" role="progressbar" aria-label={t('common.loading')} />;
}
