import { StatusPage } from './status-page.tsx';

export function NotFoundPage() {
  return <StatusPage status="404" title="404" messageKey="pages.not_found" />;
}
