import {
  AimOutlined,
  ArrowLeftOutlined,
  DesktopOutlined,
  DownloadOutlined,
  ExportOutlined,
  LinkOutlined,
} from '@ant-design/icons';
import type { SiteBuildError } from '@tandem/contract/chat-sites';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Segmented, Select, Spin, Tabs, Tag, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadSite, fixSite, type SiteVersion, siteVersionsQuery } from '../api/chat-sites.ts';
import type { PickedElement } from '../model/picked-element.ts';
import { usePanelResize } from '../model/use-panel-resize.ts';
import { useSitePick } from '../model/use-site-pick.ts';
import { SiteCodeView } from './site-code-view.tsx';
import { SiteImages } from './site-images.tsx';
import { SiteShareControl } from './site-share-control.tsx';
import './site-panel.css';

const STATUS_COLOURS: Record<SiteVersion['status'], string> = {
  building: 'processing',
  ready: 'success',
  fail: 'error',
};

type Width = 'desktop' | 'mobile';

function BuildErrors({ errors, onFix }: { errors: SiteBuildError[]; onFix?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t('sites.build_error_title')}
      action={
        onFix && (
          <Button size="small" danger onClick={onFix}>
            {t('sites.fix')}
          </Button>
        )
      }
      description={
        <>
          <p>{t('sites.build_error_text')}</p>
          <ul className="site-panel__errors">
            {errors.map((error, index) => (
              // Errors have no id, and the list never reorders.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>
                {error.file !== null && (
                  <code>
                    {t('sites.error_at', {
                      file: error.file,
                      line: error.line ?? '-',
                      column: error.column ?? '-',
                    })}
                  </code>
                )}{' '}
                {error.text}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}

type Props = {
  conversationId: string;
  /** Element chat: an element picked in the preview, for the next message; without it, no pick mode. */
  onPickElement?(picked: PickedElement): void;
  /** On a phone the panel is a full-width drawer over the conversation, opened from its header. */
  phone?: { isOpen: boolean; onClose(): void };
};

/**
 * The web preview beside a conversation whose agent builds pages: the versions (number, date,
 * status), the chosen one's page in a sandboxed frame from the preview origin at desktop or mobile
 * width, its code and file tree, or its build errors; a ready page's elements can be picked to ask
 * for a change. Nothing shows while the conversation has no version.
 */
export function SitePanel({ conversationId, onPickElement, phone }: Props) {
  const { t, i18n } = useTranslation();
  const versions = useQuery(siteVersionsQuery(conversationId));
  const [chosen, setChosen] = useState<number | null>(null);
  const [width, setWidth] = useState<Width>('desktop');
  const [tab, setTab] = useState('preview');
  const resize = usePanelResize();
  const fix = useMutation({ mutationFn: (version: number) => fixSite(conversationId, version) });
  const list = versions.data?.data ?? [];
  const shown = list.find((version) => version.version === chosen) ?? list[0];
  const frame = useRef<HTMLIFrameElement>(null);
  const pick = useSitePick(frame, (element) => {
    if (shown) onPickElement?.({ ...element, version: shown.version });
  });
  if (!shown) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const canPick = onPickElement !== undefined && shown.status === 'ready' && shown.preview_url !== null;

  const preview =
    shown.status === 'building' ? (
      <Spin className="site-panel__state" description={t('sites.status_building')}>
        <div />
      </Spin>
    ) : shown.status === 'fail' || !shown.preview_url ? (
      <BuildErrors
        errors={shown.errors}
        onFix={shown.status === 'fail' && !fix.isPending ? () => fix.mutate(shown.version) : undefined}
      />
    ) : (
      <div className={`site-panel__frame is-${width}`}>
        <iframe
          ref={frame}
          onLoad={pick.onFrameLoad}
          title={t('sites.version', { number: shown.version })}
          src={shown.preview_url}
          // Scripts only: the page is an opaque origin that cannot reach this one, its cookies or the top window.
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
        />
      </div>
    );

  const panel = (
    <aside
      ref={resize.panel}
      className={phone ? 'site-panel is-phone' : 'site-panel'}
      aria-label={t('sites.panel_title')}
      style={!phone && resize.width ? { flex: `0 0 ${resize.width}px` } : undefined}
    >
      {!phone && (
        // biome-ignore lint/a11y/useSemanticElements: a movable separator (WAI-ARIA window splitter), not an <hr>.
        <div
          className="site-panel__resizer"
          role="separator"
          aria-orientation="vertical"
          aria-label={t('sites.resize_panel')}
          aria-valuenow={resize.width ?? undefined}
          tabIndex={0}
          {...resize.separator}
        />
      )}
      <header className="site-panel__bar">
        <Select
          aria-label={t('sites.versions')}
          value={shown.version}
          onChange={setChosen}
          popupMatchSelectWidth={false}
          options={list.map((version) => ({
            value: version.version,
            label: (
              <span className="site-panel__version">
                {t('sites.version', { number: version.version })}
                <span className="site-panel__date">{date.format(new Date(version.created_at))}</span>
                <Tag color={STATUS_COLOURS[version.status]}>{t(`sites.status_${version.status}`)}</Tag>
                {version.shared && <Tag icon={<LinkOutlined />}>{t('sites.shared')}</Tag>}
              </span>
            ),
          }))}
        />
        <Segmented<Width>
          value={width}
          onChange={setWidth}
          options={[
            { value: 'desktop', label: t('sites.desktop') },
            { value: 'mobile', label: t('sites.mobile') },
          ]}
        />
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void downloadSite(conversationId, shown.version).catch(() => {})}
        >
          {t('sites.download_zip')}
        </Button>
        <SiteShareControl key={shown.version} conversationId={conversationId} version={shown} />
        <SiteImages conversationId={conversationId} />
        {shown.preview_url && (
          <a href={shown.preview_url} target="_blank" rel="noopener noreferrer">
            <ExportOutlined /> {t('sites.open_in_tab')}
          </a>
        )}
      </header>
      <Tabs
        className="site-panel__tabs"
        activeKey={tab}
        onChange={(key) => {
          setTab(key);
          pick.stop();
        }}
        tabBarExtraContent={
          tab === 'preview' && canPick ? (
            <Tooltip title={t('sites.pick_element_hint')}>
              <Button
                icon={<AimOutlined />}
                type={pick.isPicking ? 'primary' : 'default'}
                aria-label={t('sites.pick_element')}
                aria-pressed={pick.isPicking}
                onClick={pick.toggle}
              />
            </Tooltip>
          ) : null
        }
        items={[
          { key: 'preview', label: t('sites.preview'), children: preview },
          {
            key: 'code',
            label: t('sites.code'),
            children: (
              <SiteCodeView key={shown.version} conversationId={conversationId} version={shown.version} />
            ),
          },
        ]}
      />
    </aside>
  );
  if (!phone) return panel;
  return (
    <Drawer
      placement="right"
      size="100%"
      open={phone.isOpen}
      onClose={phone.onClose}
      title={t('sites.panel_title')}
      closable={{
        closeIcon: <ArrowLeftOutlined />,
        'aria-label': t('sites.back_to_chat'),
        placement: 'start',
      }}
      rootClassName="site-panel-drawer"
    >
      {panel}
    </Drawer>
  );
}

/** On a phone, the button in the conversation's header that shows the web preview, once there is a version. */
export function SitePanelButton({ conversationId, onOpen }: { conversationId: string; onOpen(): void }) {
  const { t } = useTranslation();
  const versions = useQuery(siteVersionsQuery(conversationId));
  if (!versions.data?.data.length) return null;
  return (
    <Button
      className="site-panel-button"
      icon={<DesktopOutlined />}
      aria-label={t('sites.show_preview')}
      onClick={onOpen}
    />
  );
}
