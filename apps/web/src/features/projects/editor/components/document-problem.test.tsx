import { ERRORS } from '@tandem/contract/errors';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../../test/dom-setup.ts';
import { ApiError } from '../../../../shared/api/http-client.ts';
import { useSessionStore } from '../../../../shared/session/session-store.ts';
import { renderPage } from '../../../../test/render-app.tsx';
import { DocumentProblem } from './document-problem.tsx';

const noPermission = new ApiError(
  'business',
  'no permission',
  ERRORS.DOCUMENT_NO_PERMISSION.code,
  ERRORS.DOCUMENT_NO_PERMISSION.status,
);

describe('a document that does not open', () => {
  afterEach(() => useSessionStore.setState({ user: null }));

  it('through a link turned off, tells the signed-out visitor so, with no projects to go back to', async () => {
    useSessionStore.setState({ user: null });
    await renderPage(<DocumentProblem error={noPermission} onRetry={() => {}} isShareLink />);
    expect(await screen.findByText(/This link has been turned off/)).toBeTruthy();
    expect(screen.queryByText(/no permission/i)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back to projects' })).toBeNull();
  });

  it('opened by a member without access, says no permission and leads back to the projects', async () => {
    await renderPage(<DocumentProblem error={noPermission} onRetry={() => {}} />);
    expect(await screen.findByText('You have no permission to access this document.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to projects' })).toBeTruthy();
  });
});
