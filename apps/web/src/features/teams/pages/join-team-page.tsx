import { ClockCircleOutlined } from '@ant-design/icons';
import { ERRORS } from '@tandem/contract/errors';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Avatar, Button, Form, Input, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { failureCode, noticeOf } from '../../../shared/api/failure.ts';
import { loginPathFor, REDIRECT_PARAM } from '../../../shared/routing/paths.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { AgreementField } from '../../../shared/ui/agreement-field.tsx';
import { LinkProblem } from '../../../shared/ui/link-problem.tsx';
import { showNotice } from '../../../shared/ui/notices.ts';
import { StandaloneFrame } from '../../../shared/ui/standalone-frame.tsx';
import { joinTeam, type TeamByCode, teamByCodeQuery } from '../api/join-team.ts';
import { reloadAtRoot } from '../api/session.ts';
import { switchTeam } from '../api/switch-team.ts';
import './join-team-page.css';

const REAL_NAME_MAX = 50;

type JoinValues = { real_name: string; agree: boolean };

/**
 * The public page an invitation link opens: the team, and for a signed-in user a
 * form with real name and agreement consent. A visitor signs in first and comes back here.
 */
export function JoinTeamPage() {
  const { t } = useTranslation();
  const { invite_code: inviteCode = '' } = useParams();
  const isSignedIn = useSessionStore((state) => !!state.token);
  const invitation = useQuery(teamByCodeQuery(inviteCode, isSignedIn));

  return (
    <StandaloneFrame>
      <section className="join-card" aria-labelledby="join-team-title">
        <h1 id="join-team-title" className="join-card__title">
          {t('route.join_team')}
        </h1>
        {invitation.isPending ? (
          <Skeleton avatar active paragraph={{ rows: 3 }} />
        ) : invitation.isError ? (
          <InvitationProblem error={invitation.error} onRetry={() => void invitation.refetch()} />
        ) : (
          <>
            <TeamSummary team={invitation.data} inviteCode={inviteCode} />
            <JoinAction team={invitation.data} inviteCode={inviteCode} isSignedIn={isSignedIn} />
          </>
        )}
      </section>
    </StandaloneFrame>
  );
}

function InvitationProblem({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const code = failureCode(error);
  const isInvalid = code === ERRORS.INVITE_CODE_INVALID.code || code === ERRORS.BAD_REQUEST.code;
  return (
    <LinkProblem
      className="join-card__result"
      isDead={isInvalid}
      title={isInvalid ? t('join_team.invalid_title') : t('join_team.load_failed')}
      subTitle={isInvalid ? t('error.invite_code_invalid') : undefined}
      onRetry={onRetry}
    />
  );
}

function TeamSummary({ team, inviteCode }: { team: TeamByCode; inviteCode: string }) {
  const { t } = useTranslation();
  return (
    <div className="join-team">
      <Avatar size={64} shape="square" src={team.avatar || undefined} alt="">
        {team.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <div className="join-team__identity">
        <h2 className="join-team__name">{team.name}</h2>
        <p className="join-team__meta">
          {t('join_team.member_count', { count: team.member_count })}
          <span aria-hidden="true"> · </span>
          {t('join_team.code', { code: inviteCode.toUpperCase() })}
        </p>
        {team.description && <p className="join-team__description">{team.description}</p>}
      </div>
    </div>
  );
}

function JoinAction({
  team,
  inviteCode,
  isSignedIn,
}: {
  team: TeamByCode;
  inviteCode: string;
  isSignedIn: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [isOpening, setIsOpening] = useState(false);

  async function open() {
    setIsOpening(true);
    try {
      await switchTeam(team.team_id);
      reloadAtRoot();
    } catch {
      setIsOpening(false);
    }
  }

  if (!isSignedIn) {
    return (
      <div className="join-card__actions">
        <p className="join-card__hint">{t('join_team.sign_in_first')}</p>
        <Button type="primary" size="large" block onClick={() => void navigate(loginPathFor(pathname))}>
          {t('join_team.sign_in_to_join')}
        </Button>
        <Link
          to={`/register?${REDIRECT_PARAM}=${encodeURIComponent(pathname)}`}
          className="join-card__secondary"
        >
          {t('join_team.create_account')}
        </Link>
      </div>
    );
  }

  if (team.membership === 'member') {
    return (
      <div className="join-card__actions">
        <Alert type="success" showIcon title={t('join_team.already_member')} />
        <Button type="primary" size="large" block loading={isOpening} onClick={() => void open()}>
          {t('join_team.open_team')}
        </Button>
      </div>
    );
  }

  if (team.membership === 'pending') {
    return (
      <Result
        className="join-card__result"
        icon={<ClockCircleOutlined />}
        title={t('join_team.pending_title')}
        subTitle={t('join_team.pending_body', { name: team.name })}
        extra={<Link to="/">{t('common.back_home')}</Link>}
      />
    );
  }

  return <JoinForm team={team} inviteCode={inviteCode} />;
}

function JoinForm({ team, inviteCode }: { team: TeamByCode; inviteCode: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<JoinValues>();
  const [isJoining, setIsJoining] = useState(false);

  async function submit(values: JoinValues) {
    setIsJoining(true);
    try {
      const result = await joinTeam(inviteCode, values.real_name.trim());
      if (result.status === 'joined') {
        reloadAtRoot();
        return;
      }
      showNotice({ key: 'team.join_applied' }, 'success');
    } catch (error) {
      // A code reset or expired since the page opened: asking again shows the invalid-invitation state.
      if (failureCode(error) !== ERRORS.INVITE_CODE_INVALID.code) showNotice(noticeOf(error));
    }
    await queryClient.invalidateQueries({ queryKey: ['teams', 'by-code', inviteCode] });
    setIsJoining(false);
  }

  return (
    <Form<JoinValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      className="join-form"
      onFinish={submit}
      disabled={isJoining}
      scrollToFirstError={{ focus: true }}
    >
      {team.apply_audit === 1 && (
        <Alert className="join-form__notice" type="info" showIcon title={t('join_team.approval_needed')} />
      )}
      <Form.Item
        name="real_name"
        label={t('join_team.real_name')}
        extra={t('join_team.real_name_hint')}
        rules={[{ required: true, whitespace: true, message: t('join_team.real_name_required') }]}
      >
        <Input
          maxLength={REAL_NAME_MAX}
          autoComplete="name"
          placeholder={t('join_team.real_name_placeholder')}
        />
      </Form.Item>
      <AgreementField text={t('join_team.agree')} requiredMessage={t('join_team.agree_required')} />
      <Button type="primary" htmlType="submit" size="large" block loading={isJoining}>
        {team.apply_audit === 1 ? t('join_team.apply') : t('join_team.join')}
      </Button>
    </Form>
  );
}
