import { StatusPage } from './status-page.tsx';

export function UnauthorisedPage() {
  return <StatusPage status="403" title="401" messageKey="pages.unauthorised" />;
}
