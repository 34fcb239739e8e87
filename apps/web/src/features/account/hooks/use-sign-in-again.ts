import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../../shared/routing/paths.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { showNotice } from '../../../shared/ui/notices.ts';

/**
 * After a change that ends every session on the server (email, phone, password, deletion): says what
 * happened, drops this browser's session as sign-out does (token, user, local storage, query cache) and
 * opens the sign-in page. The server has already ended the session, so there is no logout call to make.
 */
export function useSignInAgain() {
  const navigate = useNavigate();
  return useCallback(
    (messageKey: string) => {
      showNotice({ key: messageKey }, 'success');
      getSession().reset();
      void navigate(LOGIN_PATH, { replace: true });
    },
    [navigate],
  );
}
