import { DeleteOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialCodeSelect } from '../../../shared/ui/dial-code-select.tsx';
import { showNotice } from '../../../shared/ui/notices.ts';
import { sendInvitations } from '../api/invitations.ts';
import {
  type EmailRow,
  emailInvitation,
  emptyEmailRow,
  emptyPhoneRow,
  INVITE_RECIPIENTS_MAX,
  type InvitationCheck,
  type PhoneRow,
  phoneInvitation,
} from './invitation-model.ts';

type Kind = 'phone' | 'email';
type Row = PhoneRow | EmailRow;

const emptyRow = (kind: Kind, key: number): Row =>
  kind === 'phone' ? emptyPhoneRow(key) : emptyEmailRow(key);
const check = (kind: Kind, rows: Row[]): InvitationCheck =>
  kind === 'phone' ? phoneInvitation(rows as PhoneRow[]) : emailInvitation(rows as EmailRow[]);

/**
 * A list of phone numbers (with dial code, 86 by default) or email addresses that receive the join link.
 * Blank rows are skipped; a bad row is marked and nothing is sent until it is fixed.
 */
export function InviteRecipients({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const nextKey = useRef(3);
  const [rows, setRows] = useState<Row[]>(() => [emptyRow(kind, 1), emptyRow(kind, 2)]);
  const [invalid, setInvalid] = useState<ReadonlySet<number>>(new Set());
  const [isSending, setIsSending] = useState(false);
  const label = t(kind === 'phone' ? 'team.invite_phone_label' : 'team.invite_email_label');

  const update = (key: number, change: Partial<PhoneRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    setInvalid((current) => {
      if (!current.has(key)) return current;
      const next = new Set(current);
      next.delete(key);
      return next;
    });
  };

  async function send() {
    const result = check(kind, rows);
    if ('isEmpty' in result) {
      showNotice({ key: `team.invite_${kind}_empty` }, 'warning');
      return;
    }
    if ('invalidKeys' in result) {
      setInvalid(new Set(result.invalidKeys));
      return;
    }
    setIsSending(true);
    try {
      const { sent } = await sendInvitations(result.body);
      showNotice({ key: 'team.invite_sent', values: { count: sent } }, 'success');
      nextKey.current += 1;
      setRows([emptyRow(kind, nextKey.current)]);
    } catch {
      // Reported by the HTTP client.
    } finally {
      setIsSending(false);
    }
  }

  return (
    <form
      className="invite-recipients"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <p className="invite-recipients__hint">{t(`team.invite_${kind}_hint`)}</p>
      <ul className="invite-recipients__rows">
        {rows.map((row, index) => {
          const isInvalid = invalid.has(row.key);
          const rowLabel = `${label} ${index + 1}`;
          return (
            <li key={row.key}>
              <Space.Compact block>
                {kind === 'phone' && (
                  <DialCodeSelect
                    aria-label={t('team.dial_code')}
                    className="invite-recipients__dial"
                    value={(row as PhoneRow).country_code}
                    onChange={(value) => update(row.key, { country_code: value })}
                  />
                )}
                <Input
                  aria-label={rowLabel}
                  aria-invalid={isInvalid}
                  status={isInvalid ? 'error' : undefined}
                  value={row.value}
                  onChange={(event) => update(row.key, { value: event.target.value })}
                  placeholder={t(`team.invite_${kind}_placeholder`)}
                  inputMode={kind === 'phone' ? 'tel' : 'email'}
                  autoComplete="off"
                  maxLength={kind === 'phone' ? 20 : 100}
                />
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('team.invite_remove_row', { row: rowLabel })}
                  disabled={rows.length === 1}
                  onClick={() => setRows((current) => current.filter((each) => each.key !== row.key))}
                />
              </Space.Compact>
              {isInvalid && (
                <div className="invite-recipients__error" role="alert">
                  {t(`team.invite_${kind}_invalid`)}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div className="invite-recipients__actions">
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          disabled={rows.length >= INVITE_RECIPIENTS_MAX}
          onClick={() => {
            nextKey.current += 1;
            setRows((current) => [...current, emptyRow(kind, nextKey.current)]);
          }}
        >
          {t(`team.invite_add_${kind}`)}
        </Button>
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={isSending}>
          {t('team.invite_send')}
        </Button>
      </div>
    </form>
  );
}
