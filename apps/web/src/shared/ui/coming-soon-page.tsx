import {
  ApiOutlined,
  AppstoreOutlined,
  BookOutlined,
  CommentOutlined,
  ControlOutlined,
  ExportOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  GiftOutlined,
  MessageOutlined,
  PictureOutlined,
  ProjectOutlined,
  SettingOutlined,
  SmileOutlined,
  UserAddOutlined,
  UsergroupAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StandaloneFrame } from './standalone-frame.tsx';
import './coming-soon.css';

/** Features whose screens are not built yet; each has `route.<feature>` and `coming_soon.<feature>`. */
const FEATURE_ICONS = {
  agent_setting: <SettingOutlined />,
  invite: <UserAddOutlined />,
  knowledge: <BookOutlined />,
  chat: <MessageOutlined />,
  chat_export: <ExportOutlined />,
  projects: <FolderOpenOutlined />,
  project_space: <AppstoreOutlined />,
  project_document: <FileTextOutlined />,
  project_management: <ProjectOutlined />,
  user_set: <UserOutlined />,
  team_invitation: <UsergroupAddOutlined />,
  agent_connection: <ApiOutlined />,
  agent_connection_settings: <ControlOutlined />,
  image_studio: <PictureOutlined />,
  avatar_studio: <SmileOutlined />,
  works_wall: <AppstoreOutlined />,
  promotion: <GiftOutlined />,
  promotion_invitation: <CommentOutlined />,
} satisfies Record<string, ReactNode>;

export type ComingSoonFeature = keyof typeof FEATURE_ICONS;
/** `shell`: the main content area; `section`: inside a side-menu section; `standalone`: a page of its own. */
export type ComingSoonFrame = 'shell' | 'section' | 'standalone';

export function ComingSoon({
  feature,
  frame = 'shell',
}: {
  feature: ComingSoonFeature;
  frame?: ComingSoonFrame;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const backTo = frame === 'standalone' ? '/' : '/dashboard';
  return (
    <section className={`coming-soon coming-soon--${frame}`} aria-labelledby={`coming-soon-${feature}`}>
      <div className="coming-soon__icon" aria-hidden="true">
        {FEATURE_ICONS[feature]}
      </div>
      <span className="coming-soon__badge">{t('coming_soon.badge')}</span>
      <h1 id={`coming-soon-${feature}`} className="coming-soon__title">
        {t(`route.${feature}`)}
      </h1>
      <p className="coming-soon__lead">{t(`coming_soon.${feature}`)}</p>
      <p className="coming-soon__note">{t('coming_soon.note')}</p>
      <Button type="primary" onClick={() => navigate(backTo)}>
        {frame === 'standalone' ? t('common.back_home') : t('coming_soon.back')}
      </Button>
    </section>
  );
}

const pages = new Map<string, ComponentType>();

/** One stable component per feature and frame, for the route table's `lazy`. */
export function comingSoonPageFor(feature: ComingSoonFeature, frame: ComingSoonFrame): ComponentType {
  const key = `${feature}:${frame}`;
  let page = pages.get(key);
  if (!page) {
    page =
      frame === 'standalone'
        ? () => (
            <StandaloneFrame>
              <ComingSoon feature={feature} frame={frame} />
            </StandaloneFrame>
          )
        : () => <ComingSoon feature={feature} frame={frame} />;
    pages.set(key, page);
  }
  return page;
}
