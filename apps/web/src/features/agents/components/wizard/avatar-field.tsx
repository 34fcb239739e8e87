import { LoadingOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { AGENT_AVATAR_FORMATS, AGENT_AVATAR_MAX_BYTES } from '@tandem/contract/limits';
import { Button, Upload, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/http-client.ts';
import { uploadImage } from '../../../../shared/api/upload-image.ts';
import { AgentAvatar } from '../../../../shared/ui/agent-avatar/agent-avatar.tsx';
import { drawGeneratedAvatar } from '../../../../shared/ui/agent-avatar/generated-avatar.ts';
import { toCropSource } from '../../../../shared/ui/avatar-image.ts';
import { AvatarCrop, AvatarUploadButton } from '../../../../shared/ui/avatar-upload.tsx';
import { showNotice } from '../../../../shared/ui/notices.ts';
import { useDebouncedValue } from '../../../../shared/ui/use-debounced-value.ts';

const ACCEPT = AGENT_AVATAR_FORMATS.map((format) => `.${format}`).join(',');

/** Why a file cannot be the agent's avatar (jpg, jpeg, png or gif, at most 3 MB), or null. */
export function agentAvatarProblem(file: { name: string; size: number }) {
  const extension = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
  if (!(AGENT_AVATAR_FORMATS as readonly string[]).includes(extension)) return 'agents.avatar.type_error';
  if (file.size > AGENT_AVATAR_MAX_BYTES) return 'agents.avatar.size_error';
  return null;
}

/** Pictures drawn from a name here, by their uploaded URL: such a picture follows the agent's renaming. */
const generatedAvatars = new Map<string, { name: string; variant: number }>();

/** Draws the avatar of `name` (colours `variant`) and uploads it; answers its URL. */
export async function uploadGeneratedAvatar(name: string, variant = 0): Promise<string> {
  const { file: url } = await uploadImage(await drawGeneratedAvatar(name, variant), 'agent-avatar.png');
  generatedAvatars.set(url, { name, variant });
  return url;
}

/** How long the name must rest before a generated picture is drawn again for it. */
const RENAME_SETTLE_MS = 600;

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
  const nameToDraw = name.trim() || t('agents.untitled');
  const settledName = useDebouncedValue(nameToDraw, RENAME_SETTLE_MS);

  // A generated picture shows the initials of the name it was drawn for ("UA" for an untitled agent):
  // once the name has changed and settled, it is drawn again for the new one, in the same colours.
  const change = useRef(onChange);
  change.current = onChange;
  useEffect(() => {
    const generated = value ? generatedAvatars.get(value) : undefined;
    if (!generated || generated.name === settledName) return;
    let isCurrent = true;
    uploadGeneratedAvatar(settledName, generated.variant).then(
      (url) => {
        if (isCurrent) change.current?.(url);
      },
      // The picture of the earlier name stays; the HTTP client has said why.
      () => {},
    );
    return () => {
      isCurrent = false;
    };
  }, [value, settledName]);

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
    setIsUploading(true);
    try {
      onChange?.(await uploadGeneratedAvatar(nameToDraw, next));
    } catch (error) {
      // An upload's failure is reported by the HTTP client; a drawing's is not.
      if (!(error instanceof ApiError)) showNotice({ key: 'agents.avatar.generate_failed' });
    } finally {
      setIsUploading(false);
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
            {/* Without a picture, the one publishing will draw from the name (as the header shows it). */}
            <AgentAvatar name={name} avatar={value ?? ''} size={80} />
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
