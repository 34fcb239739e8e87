import { LoadingOutlined, UserOutlined } from '@ant-design/icons';
import { NICKNAME_MAX } from '@tandem/contract/limits';
import { Avatar, Input, Upload, type UploadProps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../../shared/api/upload-image.ts';
import type { SessionUser } from '../../../shared/session/session-user.ts';
import {
  AVATAR_ACCEPT,
  avatarFileProblem,
  hasAvatarExtension,
  shouldCrop,
  toCropSource,
} from '../../../shared/ui/avatar-image.ts';
import { AvatarCrop, AvatarUploadButton } from '../../../shared/ui/avatar-upload.tsx';
import { showNotice } from '../../../shared/ui/notices.ts';
import { refreshSessionUser, updateBaseUserInfo } from '../api/profile.ts';
import { decideNickname } from './nickname-rules.ts';

/** Avatar and nickname at the top of the account settings. */
export function ProfileHeader({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <div className="profile-header">
      <AvatarUpload avatar={user.avatar} />
      <div className="profile-header__identity">
        <NicknameEditor nickname={user.nick_name} />
        <span className="profile-header__account">{t('account_settings.account_id', { id: user.id })}</span>
      </div>
    </div>
  );
}

/** Saved on blur or Enter, only when changed; blank reverts with a warning. */
export function NicknameEditor({ nickname }: { nickname: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(nickname);
  const [isSaving, setIsSaving] = useState(false);
  const [lastSaved, setLastSaved] = useState(nickname);
  // A new nickname from the server (another tab, a refresh) replaces the draft when it is not being edited.
  if (nickname !== lastSaved && !isSaving) {
    setLastSaved(nickname);
    setDraft(nickname);
  }

  async function commit() {
    const decision = decideNickname(nickname, draft);
    if (decision.action === 'keep') {
      setDraft(nickname);
      return;
    }
    if (decision.action === 'revert') {
      showNotice(
        { key: `account_settings.nickname_${decision.reason}`, values: { max: NICKNAME_MAX } },
        'warning',
      );
      setDraft(nickname);
      return;
    }
    setDraft(decision.value);
    setIsSaving(true);
    try {
      await updateBaseUserInfo({ nick_name: decision.value });
      await refreshSessionUser();
      showNotice({ key: 'account_settings.nickname_saved' }, 'success');
    } catch {
      // Reported by the HTTP client; the old nickname stays.
      setDraft(nickname);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Input
      className="profile-header__nickname"
      aria-label={t('account_settings.nickname')}
      title={t('account_settings.nickname_hint')}
      variant="borderless"
      value={draft}
      placeholder={t('account_settings.nickname_placeholder')}
      maxLength={NICKNAME_MAX}
      disabled={isSaving}
      // A suffix that is always there keeps the same input element (and its focus) while saving.
      suffix={isSaving ? <LoadingOutlined aria-hidden="true" /> : <span />}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => void commit()}
      onPressEnter={(event) => event.currentTarget.blur()}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          // Escape abandons the edit; it must not also close the dialog.
          event.stopPropagation();
          setDraft(nickname);
          requestAnimationFrame(() => (event.target as HTMLInputElement).blur());
        }
      }}
    />
  );
}

/**
 * One picture opens the 1:1 crop and uploads a JPEG; several are uploaded as they are and the last becomes
 * the avatar. The server checks every picture's content.
 */
export function AvatarUpload({ avatar }: { avatar: string }) {
  const { t } = useTranslation();
  const [isUploading, setIsUploading] = useState(false);
  const uncropped = useRef(new WeakSet<File>());

  async function uploadAndUse(files: readonly File[]) {
    setIsUploading(true);
    try {
      let url: string | null = null;
      for (const file of files) {
        const problem = avatarFileProblem(file);
        if (problem) {
          showNotice({ key: problem });
          continue;
        }
        try {
          url = (await uploadImage(file, file.name)).file;
        } catch {
          // Reported by the HTTP client (the server's image type or size error); try the next one.
        }
      }
      if (!url) return;
      await updateBaseUserInfo({ avatar: url });
      await refreshSessionUser();
      showNotice({ key: 'account_settings.avatar_saved' }, 'success');
    } catch {
      // Reported by the HTTP client.
    } finally {
      setIsUploading(false);
    }
  }

  const beforeCrop = async (file: File & { uid?: string }, selection: File[]) => {
    if (!shouldCrop(selection)) {
      for (const each of selection) uncropped.current.add(each);
      if (file === selection[0]) void uploadAndUse(selection);
      return false;
    }
    if (!hasAvatarExtension(file.name)) return false;
    return Object.assign(await toCropSource(file), { uid: file.uid });
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!uncropped.current.has(file)) void uploadAndUse([file]);
    return Upload.LIST_IGNORE;
  };

  return (
    <AvatarCrop title={t('account_settings.avatar_crop_title')} beforeCrop={beforeCrop}>
      <Upload
        accept={AVATAR_ACCEPT}
        multiple
        showUploadList={false}
        beforeUpload={beforeUpload}
        disabled={isUploading}
      >
        <AvatarUploadButton label={t('account_settings.change_avatar')} isUploading={isUploading}>
          <Avatar size={72} src={avatar || undefined} icon={<UserOutlined />} alt="" />
        </AvatarUploadButton>
      </Upload>
    </AvatarCrop>
  );
}
