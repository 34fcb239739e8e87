import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { bindHttpReactions } from '../shared/api/http.ts';
import { LOGIN_PATH, loginPathFor, UNAUTHORISED_PATH } from '../shared/routing/paths.ts';

/** Binds the transport's navigation reactions to the router (messages go through the notice host). */
export function useHttpBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    bindHttpReactions({
      goToLogin: () => {
        if (location.pathname === LOGIN_PATH) return;
        void navigate(loginPathFor(`${location.pathname}${location.search}`), { replace: true });
      },
      goToUnauthorised: () => void navigate(UNAUTHORISED_PATH, { replace: true }),
    });
  }, [navigate]);
}
