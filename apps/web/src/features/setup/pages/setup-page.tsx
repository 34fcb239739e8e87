import { ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Result, Select, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MODELS_ADMIN_PATH } from '../../../shared/routing/agent-paths.ts';
import { getSession, useSessionStore } from '../../../shared/session/session-store.ts';
import {
  type ConnectModelBody,
  checkSetupLink,
  claimSetupLink,
  connectModel,
  type LocalModelServer,
  localServersQuery,
  probeServer,
} from '../api/setup.ts';
import './setup-page.css';

/**
 * `/setup?token=…`: a fresh installation's first screen. The one-time link printed at start makes its
 * opener platform admin; the page then finds the model servers on this machine and connects one in a
 * click, or takes another server's address and key by hand.
 */
export function SetupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const isSuper = useSessionStore((state) => !!state.user?.is_super);
  return (
    <main className="setup-page">
      <Typography.Title level={2}>{t('setup.title')}</Typography.Title>
      {isSuper ? <ConnectModel /> : token ? <ClaimLink token={token} /> : <NotAdmin />}
    </main>
  );
}

/** Uses the link up once on opening; a used or unknown link says so. */
function ClaimLink({ token }: { token: string }) {
  const { t } = useTranslation();
  const isStarted = useRef(false);
  const claim = useMutation({
    mutationFn: async () => {
      const { valid } = await checkSetupLink(token);
      if (!valid) return null;
      return claimSetupLink(token);
    },
    onSuccess: (user) => {
      if (user) getSession().setUser(user);
    },
  });
  useEffect(() => {
    if (isStarted.current) return;
    isStarted.current = true;
    claim.mutate();
  }, [claim]);
  if (claim.data === null || claim.isError) {
    return (
      <Result status="warning" title={t('setup.link_invalid')} subTitle={t('setup.link_invalid_hint')} />
    );
  }
  return <Spin aria-label={t('setup.claiming')} />;
}

function NotAdmin() {
  const { t } = useTranslation();
  return <Result status="info" title={t('setup.not_admin')} subTitle={t('setup.not_admin_hint')} />;
}

function ConnectModel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState<string | null>(null);
  const connect = useMutation({
    mutationFn: connectModel,
    onSuccess: (_, body) => {
      setConnected(body.model_key);
      // The chat's picker and notices read the models again.
      void queryClient.invalidateQueries();
    },
  });
  if (connected) {
    return (
      <Result
        status="success"
        title={t('setup.connected', { model: connected })}
        subTitle={t('setup.connected_hint')}
        extra={[
          <Button type="primary" key="chat" onClick={() => navigate('/chat')}>
            {t('setup.start_chatting')}
          </Button>,
          <Link key="models" to={MODELS_ADMIN_PATH}>
            {t('setup.all_settings')}
          </Link>,
        ]}
      />
    );
  }
  return (
    <>
      <Typography.Paragraph type="secondary">{t('setup.intro')}</Typography.Paragraph>
      <LocalServers onConnect={(body) => connect.mutate(body)} isConnecting={connect.isPending} />
      <ByHand onConnect={(body) => connect.mutate(body)} isConnecting={connect.isPending} />
      <Typography.Paragraph className="setup-more">
        <Link to={MODELS_ADMIN_PATH}>{t('setup.all_settings')}</Link>
      </Typography.Paragraph>
    </>
  );
}

type ConnectProps = { onConnect: (body: ConnectModelBody) => void; isConnecting: boolean };

function LocalServers({ onConnect, isConnecting }: ConnectProps) {
  const { t } = useTranslation();
  const servers = useQuery(localServersQuery);
  return (
    <Card
      className="setup-card"
      title={t('setup.local_title')}
      extra={
        <Button
          icon={<ReloadOutlined />}
          loading={servers.isFetching}
          onClick={() => void servers.refetch()}
          aria-label={t('setup.look_again')}
        >
          <span className="setup-look-again">{t('setup.look_again')}</span>
        </Button>
      }
    >
      {servers.isPending && <Spin aria-label={t('setup.looking')} />}
      {servers.isSuccess && servers.data.length === 0 && (
        <Typography.Paragraph type="secondary">{t('setup.none_found')}</Typography.Paragraph>
      )}
      {servers.data?.map((server) => (
        <ServerModels
          key={server.base_url}
          server={server}
          onConnect={onConnect}
          isConnecting={isConnecting}
        />
      ))}
    </Card>
  );
}

function ServerModels({ server, onConnect, isConnecting }: ConnectProps & { server: LocalModelServer }) {
  const { t } = useTranslation();
  return (
    <section className="setup-server" aria-label={server.name}>
      <Typography.Text strong>{server.name}</Typography.Text> <Tag>{server.base_url}</Tag>
      {server.models.length === 0 && (
        <Typography.Paragraph type="secondary">{t('setup.no_models')}</Typography.Paragraph>
      )}
      <ul className="setup-models">
        {server.models.map((key) => (
          <li key={key}>
            <span className="setup-model-key">{key}</span>
            <Button
              size="small"
              type="primary"
              disabled={isConnecting}
              aria-label={t('setup.connect_model', { model: key })}
              onClick={() =>
                onConnect({ base_url: server.base_url, model_key: key, provider_name: server.name })
              }
            >
              {t('setup.connect')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Another server (OpenAI, DeepSeek, a server on another machine): its address and key, then a model. */
function ByHand({ onConnect, isConnecting }: ConnectProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ base_url: string; api_key?: string; model_key?: string }>();
  const [offered, setOffered] = useState<string[] | null>(null);
  const probe = useMutation({ mutationFn: probeServer, onSuccess: (data) => setOffered(data.models) });
  const values = () => {
    const { base_url, api_key } = form.getFieldsValue();
    return { base_url: base_url.trim(), ...(api_key?.trim() ? { api_key: api_key.trim() } : {}) };
  };
  return (
    <Card className="setup-card" title={t('setup.by_hand_title')}>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="base_url"
          label={t('setup.base_url')}
          extra={t('setup.base_url_hint')}
          rules={[{ required: true, type: 'url', message: t('setup.base_url_invalid') }]}
        >
          <Input placeholder="https://api.openai.com/v1" inputMode="url" autoComplete="off" />
        </Form.Item>
        <Form.Item name="api_key" label={t('setup.api_key')}>
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Button
          loading={probe.isPending}
          onClick={() => void form.validateFields(['base_url']).then(() => probe.mutate(values()))}
        >
          {t('setup.list_models')}
        </Button>
        {offered !== null && offered.length === 0 && (
          <Typography.Paragraph type="secondary" className="setup-hint">
            {t('setup.probe_empty')}
          </Typography.Paragraph>
        )}
        <Form.Item
          name="model_key"
          label={t('setup.model_key')}
          className="setup-model-field"
          rules={[{ required: true, whitespace: true, message: t('setup.model_key_required') }]}
        >
          {offered && offered.length > 0 ? (
            <Select options={offered.map((key) => ({ value: key, label: key }))} showSearch />
          ) : (
            <Input autoComplete="off" placeholder="gpt-4o-mini" />
          )}
        </Form.Item>
        <Button
          type="primary"
          loading={isConnecting}
          onClick={() =>
            void form
              .validateFields()
              .then(({ model_key }) => onConnect({ ...values(), model_key: (model_key ?? '').trim() }))
          }
        >
          {t('setup.connect')}
        </Button>
      </Form>
    </Card>
  );
}
