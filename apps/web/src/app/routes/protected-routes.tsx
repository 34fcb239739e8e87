import { Navigate, type RouteObject } from 'react-router';
import { prefetchDocument } from '../../features/projects/editor/api/document-prefetch.ts';
import { SUPER_ROLE } from '../../shared/session/session-user.ts';
import type { RouteMeta } from '../route-guard.ts';
import { SignedInFrame } from '../signed-in-frame.tsx';
import { comingSoonPage } from './coming-soon-route.ts';
import { lazyPage } from './lazy-page.ts';

const meta = (titleKey: string, extra: Omit<RouteMeta, 'titleKey'> = {}): RouteMeta => ({
  titleKey,
  ...extra,
});

const redirectTo = (to: string): RouteObject['element'] => <Navigate to={to} replace />;

/**
 * Every signed-in route. The router adds this table once the user
 * information has loaded, so visitors never download it. A route may list `roles` in its meta: the
 * platform admin's models screen needs `is_super`; the team back office requires `team_manage`.
 */
export const protectedRoutes: RouteObject[] = [
  {
    id: 'protected',
    Component: SignedInFrame,
    children: [
      { index: true, element: redirectTo('/dashboard') },
      {
        id: 'main-layout',
        lazy: lazyPage(
          () => import('../shell/main-layout.tsx'),
          (module) => module.MainLayout,
        ),
        children: [
          {
            path: 'dashboard',
            handle: meta('route.dashboard'),
            lazy: lazyPage(
              () => import('../../features/agents/pages/agents-hub-page.tsx'),
              (module) => module.AgentsHubPage,
            ),
          },
          {
            path: 'agent-setting',
            handle: meta('route.agent_setting'),
            lazy: comingSoonPage('agent_setting'),
          },
          { path: 'invite', handle: meta('route.invite'), lazy: comingSoonPage('invite') },
          { path: 'knowledge', handle: meta('route.knowledge'), lazy: comingSoonPage('knowledge') },
          {
            path: 'chat',
            handle: meta('route.chat'),
            lazy: lazyPage(
              () => import('../../features/chat/pages/chat-page.tsx'),
              (module) => module.ChatPage,
            ),
          },
          {
            path: 'projects',
            handle: meta('route.projects'),
            lazy: lazyPage(
              () => import('../../features/projects/pages/projects-page.tsx'),
              (module) => module.ProjectsPage,
            ),
          },
          {
            path: 'projects/space/:uniq_code',
            handle: meta('route.project_space'),
            lazy: lazyPage(
              () => import('../../features/projects/pages/project-space-page.tsx'),
              (module) => module.ProjectSpacePage,
            ),
          },
          {
            path: 'projects/pdf/:uniq_code',
            handle: meta('route.project_document'),
            lazy: lazyPage(
              () => import('../../features/projects/pdf/pdf-viewer-page.tsx'),
              (module) => module.PdfViewerPage,
            ),
          },
          {
            path: 'projects/:doc_uniq_code/:share_code?',
            handle: meta('route.project_document'),
            lazy: lazyPage(
              () => import('./document-with-chat.tsx'),
              (module) => module.DocumentWithChatPage,
              {
                prefetch: ({ doc_uniq_code: uniqCode, share_code: shareCode }) => {
                  if (uniqCode && !shareCode) prefetchDocument(uniqCode);
                },
              },
            ),
          },
          {
            path: 'user-center',
            handle: meta('route.user_center'),
            lazy: lazyPage(
              () => import('../../features/account/pages/user-center-layout.tsx'),
              (module) => module.UserCenterLayout,
            ),
            children: [
              { index: true, element: redirectTo('/user-center/user-set') },
              {
                path: 'user-set',
                handle: meta('route.user_set'),
                lazy: lazyPage(
                  () => import('./user-set-route.tsx'),
                  (module) => module.UserSetRoute,
                ),
              },
              {
                path: 'team-invitation',
                handle: meta('route.team_invitation'),
                lazy: comingSoonPage('team_invitation', 'section'),
              },
            ],
          },
          // The route groups whose paths the spec leaves open.
          { path: 'image-studio', handle: meta('route.image_studio'), lazy: comingSoonPage('image_studio') },
          {
            path: 'avatar-studio',
            handle: meta('route.avatar_studio'),
            lazy: comingSoonPage('avatar_studio'),
          },
          { path: 'works-wall', handle: meta('route.works_wall'), lazy: comingSoonPage('works_wall') },
          { path: 'promotion', handle: meta('route.promotion'), lazy: comingSoonPage('promotion') },
          {
            path: 'promotion/invitation',
            handle: meta('route.promotion_invitation'),
            lazy: comingSoonPage('promotion_invitation'),
          },
          {
            path: 'project-management',
            handle: meta('route.project_management'),
            lazy: comingSoonPage('project_management'),
          },
          {
            path: 'agent-connection/:agent_code?',
            handle: meta('route.agent_connection'),
            lazy: comingSoonPage('agent_connection'),
          },
          {
            path: 'agent-connection/:agent_code/settings',
            handle: meta('route.agent_connection_settings'),
            lazy: comingSoonPage('agent_connection_settings'),
          },
          {
            // The first-run setup link (`/setup?token=…`): for any signed-in user, who becomes platform admin.
            path: 'setup',
            handle: meta('setup.title'),
            lazy: lazyPage(
              () => import('../../features/setup/pages/setup-page.tsx'),
              (module) => module.SetupPage,
            ),
          },
          {
            path: 'platform/models',
            handle: meta('models_admin.title', { roles: [SUPER_ROLE] }),
            lazy: lazyPage(
              () => import('../../features/models/pages/models-admin-page.tsx'),
              (module) => module.ModelsAdminPage,
            ),
          },
        ],
      },
      {
        path: 'agent',
        handle: meta('route.agent'),
        children: [
          { index: true, element: redirectTo('/agent/index') },
          {
            path: 'index',
            lazy: lazyPage(
              () => import('../../features/agents/pages/agent-index-layout.tsx'),
              (module) => module.AgentIndexLayout,
            ),
            children: [
              { index: true, element: redirectTo('/agent/index/creation') },
              {
                path: 'creation',
                handle: meta('route.agent_creation'),
                lazy: lazyPage(
                  () => import('../../features/agents/pages/agent-creation-page.tsx'),
                  (module) => module.AgentCreationPage,
                ),
              },
              {
                path: 'link',
                handle: meta('route.agent_link'),
                lazy: lazyPage(
                  () => import('../../features/agents/pages/agent-link-page.tsx'),
                  (module) => module.AgentLinkPage,
                ),
              },
              {
                path: 'data-analysis',
                handle: meta('route.agent_data_analysis'),
                lazy: lazyPage(
                  () => import('../../features/agents/pages/agent-data-analysis-page.tsx'),
                  (module) => module.AgentDataAnalysisPage,
                ),
              },
              {
                path: 'user-feedback',
                handle: meta('route.agent_user_feedback'),
                lazy: lazyPage(
                  () => import('../../features/agents/pages/agent-user-feedback-page.tsx'),
                  (module) => module.AgentUserFeedbackPage,
                ),
              },
              {
                path: 'member-setting',
                handle: meta('route.agent_member_setting'),
                lazy: lazyPage(
                  () => import('../../features/agents/pages/agent-member-page.tsx'),
                  (module) => module.AgentMemberPage,
                ),
              },
            ],
          },
          { path: '*', element: redirectTo('/agent/index/creation') },
        ],
      },
      {
        path: 'org-admin',
        handle: meta('route.org_admin', { requiresTeamManage: true }),
        lazy: lazyPage(
          () => import('../../features/teams/pages/org-admin-layout.tsx'),
          (module) => module.OrgAdminLayout,
        ),
        children: [
          { index: true, element: redirectTo('/org-admin/index') },
          {
            path: 'index',
            handle: meta('route.org_admin_index'),
            lazy: lazyPage(
              () => import('../../features/teams/pages/team-settings-page.tsx'),
              (module) => module.TeamSettingsPage,
            ),
          },
          {
            path: 'member-department',
            handle: meta('route.org_admin_member_department'),
            lazy: lazyPage(
              () => import('../../features/teams/pages/member-department-page.tsx'),
              (module) => module.MemberDepartmentPage,
            ),
          },
          {
            path: 'member-approve',
            handle: meta('route.org_admin_member_approve'),
            lazy: lazyPage(
              () => import('../../features/teams/pages/member-approve-page.tsx'),
              (module) => module.MemberApprovePage,
            ),
          },
        ],
      },
      {
        // The spec's `/chat/{share_code}`: on to the shared conversation's page, the one visitors open.
        path: 'chat/:share_code',
        lazy: lazyPage(
          () => import('../../features/chat/pages/shared-chat-page.tsx'),
          (module) => module.SharedChatRedirect,
        ),
      },
      {
        // The sandbox provider's hosted checkout page (`checkout_url`).
        path: 'pay/sandbox/:session_id',
        handle: meta('billing.checkout.title'),
        lazy: lazyPage(
          () => import('../../features/billing/pages/sandbox-checkout-page.tsx'),
          (module) => module.SandboxCheckoutPage,
        ),
      },
      {
        path: 'chat-export/:conversation_id',
        handle: meta('route.chat_export'),
        lazy: comingSoonPage('chat_export', 'standalone'),
      },
    ],
  },
];
