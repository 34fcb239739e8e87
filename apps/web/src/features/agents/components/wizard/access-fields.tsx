import { LinkOutlined, LockOutlined, TeamOutlined } from '@ant-design/icons';
import { AGENT_ACCESS, type AgentAccess, EMBED_ORIGIN_PATTERN } from '@tandem/contract/agent-rules';
import { AGENT_EMBED_ORIGINS_MAX } from '@tandem/contract/limits';
import { Form, Radio, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const ICONS: Record<AgentAccess, ReactNode> = {
  team_public: <TeamOutlined />,
  team_private: <LockOutlined />,
  // Not the globe: the sign-in page's language switcher has that one, and sharing it moves it into a
  // chunk of its own on the sign-in page.
  web_public: <LinkOutlined />,
};

/** `https://Example.com/` → `https://example.com`: what the server keeps of an origin. */
export const normaliseOrigin = (value: string) => value.trim().toLowerCase().replace(/\/$/, '');

/** Who may use the agent, and for a web-public one, the sites allowed to embed it. */
export function AccessFields({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const access = Form.useWatch<AgentAccess | undefined>('access');
  return (
    <>
      <Form.Item name="access" label={t('agents.access.label')}>
        <Radio.Group className="access-options" disabled={disabled}>
          {AGENT_ACCESS.map((value) => (
            <Radio key={value} value={value} className="access-option">
              <span className="access-option__title">
                {ICONS[value]} {t(`agents.access.${value}`)}
              </span>
              <span className="access-option__hint">{t(`agents.access.${value}_hint`)}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="embed_origins"
        label={t('agents.access.embed_origins')}
        extra={t('agents.access.embed_origins_hint', { max: AGENT_EMBED_ORIGINS_MAX })}
        hidden={access !== 'web_public'}
        normalize={(origins: string[] | undefined) => [...new Set((origins ?? []).map(normaliseOrigin))]}
        rules={[
          {
            validator: async (_, origins: string[] | undefined) => {
              const bad = (origins ?? []).find((origin) => !EMBED_ORIGIN_PATTERN.test(origin));
              if (bad) throw new Error(t('agents.access.embed_origin_invalid', { origin: bad }));
              if ((origins?.length ?? 0) > AGENT_EMBED_ORIGINS_MAX) {
                throw new Error(t('agents.access.embed_origins_too_many', { max: AGENT_EMBED_ORIGINS_MAX }));
              }
            },
          },
        ]}
      >
        <Select
          mode="tags"
          disabled={disabled}
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ' ']}
          placeholder={t('agents.access.embed_origins_placeholder')}
        />
      </Form.Item>
    </>
  );
}
