import { ERRORS } from '@tandem/contract/errors';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureCode, noticeOf } from '../../../shared/api/failure.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { joinTeam } from '../api/join-team.ts';
import { reloadAtRoot } from '../api/session.ts';
import { inviteCodeFrom } from './invitation-model.ts';
import { TeamFormDialog } from './team-form-dialog.tsx';

type JoinValues = { invite_code: string };

const FORM_ID = 'join-team';

/**
 * Join by invitation code (a pasted link works too). A team that approves joins answers "applied": the
 * user is told and the dialog closes; otherwise the user is in, and the app starts again in that team.
 */
export function JoinTeamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<JoinValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function submit(values: JoinValues) {
    setIsSubmitting(true);
    try {
      const result = await joinTeam(inviteCodeFrom(values.invite_code));
      if (result.status === 'joined') {
        reloadAtRoot();
        return;
      }
      showNotice({ key: 'team.join_applied' }, 'success');
      onClose();
    } catch (error) {
      const code = failureCode(error);
      if (code === ERRORS.INVITE_CODE_INVALID.code || code === ERRORS.BAD_REQUEST.code) {
        form.setFields([{ name: 'invite_code', errors: [t('error.invite_code_invalid')] }]);
        form.focusField('invite_code');
      } else {
        showNotice(noticeOf(error));
      }
    }
    setIsSubmitting(false);
  }

  return (
    <TeamFormDialog
      open={open}
      onClose={onClose}
      width={460}
      title={t('team.join_title')}
      lead={t('team.join_lead')}
      formId={FORM_ID}
      submitLabel={t('team.join_submit')}
      isSubmitting={isSubmitting}
    >
      <Form<JoinValues> id={FORM_ID} form={form} layout="vertical" onFinish={submit} disabled={isSubmitting}>
        <Form.Item
          name="invite_code"
          label={t('team.invite_code')}
          rules={[{ required: true, whitespace: true, message: t('team.invite_code_required') }]}
        >
          <Input
            placeholder={t('team.invite_code_placeholder')}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            maxLength={300}
          />
        </Form.Item>
      </Form>
    </TeamFormDialog>
  );
}
