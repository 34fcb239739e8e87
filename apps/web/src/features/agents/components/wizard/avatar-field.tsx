import { LoadingOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { AGENT_AVATAR_FORMATS, AGENT_AVATAR_MAX_BYTES } from '@tandem/contract/limits';
import { Button, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../../../shared/api/upload-image.ts';
import { AgentAvatar } from '../../../../shared/ui/agent-avatar/agent-avatar.tsx';
import { drawGeneratedAvatar } from '../../../../shared/ui/agent-avatar/generated-avatar.ts';
import { toCropSource } from '../../../../shared/ui/avatar-image.ts';
import { AvatarCrop, AvatarUploadButton } from '../../../../shared/ui/avatar-upload.tsx';
import { showNotice } from '../../../../shared/ui/notices.ts';

const ACCEPT = AGENT_AVATAR_FORMATS.map((format) => `.${format}`).join(',');

/** Why a file cannot be the agent's avatar (jpg, jpeg, png or gif, at most 3 MB), or null. */
export function agentAvatarProblem(file: { name: string; size: number }) {
  const extension = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
  if (!(AGENT_AVATAR_FORMATS as readonly string[]).includes(extension)) return 'agents.avatar.type_error';
  if (file.size > AGENT_AVATAR_MAX_BYTES) return 'agents.avatar.size_error';
  return null;
}

/**
 * The agent's avatar as a form control: a picture of the user's through the 1:1 crop, or one drawn from
 * the agent's name ("generate", again for other colours). Either is uploaded and its URL is the value.
 */
export function AvatarField({
  value,
  onChange,
  name,
}: {
  value?: string;
  onChange?: (url: string) => void;
  /** The agent's name, for the generated picture. */
  name: string;
}) {
  const { t } = useTranslation();
  const [isUploading, setIsUploading] = useState(false);
  const [variant, setVariant] = useState(0);

  async function upload(file: Blob, fileName: string) {
    setIsUploading(true);
    try {
      const { file: url } = await uploadImage(file, fileName);
      onChange?.(url);
    } catch {
      // Reported by the HTTP client (the server's image type or size error).
    } finally {
      setIsUploading(false);
    }
  }

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = agentAvatarProblem(file);
    if (problem) showNotice({ key: problem });
    else void upload(file, file.name);
    return Upload.LIST_IGNORE;
  };

  async function generate() {
    const next = value ? variant + 1 : variant;
    setVariant(next);
    try {
      await upload(await drawGeneratedAvatar(name || t('agents.untitled'), next), 'agent-avatar.png');
    } catch {
      showNotice({ key: 'agents.avatar.generate_failed' });
    }
  }

  return (
    <fieldset className="avatar-field" aria-label={t('agents.basic.avatar')}>
      <AvatarCrop
        title={t('agents.avatar.crop_title')}
        beforeCrop={async (file) => {
          // Refused files skip the crop: the upload step says why.
          if (agentAvatarProblem(file)) return false;
          try {
            return Object.assign(await toCropSource(file), { uid: (file as File & { uid?: string }).uid });
          } catch {
            return false;
          }
        }}
      >
        <Upload accept={ACCEPT} showUploadList={false} beforeUpload={beforeUpload} disabled={isUploading}>
          <AvatarUploadButton
            label={t('agents.avatar.upload')}
            isUploading={isUploading}
            shape="square"
            className="avatar-field__button"
          >
            <AgentAvatar name={value ? name : ''} avatar={value ?? ''} size={80} />
          </AvatarUploadButton>
        </Upload>
      </AvatarCrop>
      <div className="avatar-field__side">
        <Button
          icon={isUploading ? <LoadingOutlined /> : <ThunderboltOutlined />}
          disabled={isUploading}
          onClick={() => void generate()}
        >
          {value ? t('agents.avatar.regenerate') : t('agents.avatar.generate')}
        </Button>
        <span className="avatar-field__hint">{t('agents.avatar.hint')}</span>
      </div>
    </fieldset>
  );
}
