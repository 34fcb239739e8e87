import { CameraOutlined, LoadingOutlined, TeamOutlined } from '@ant-design/icons';
import { AVATAR_CROP_ASPECT, AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from '@tandem/contract/limits';
import { Avatar, Upload, type UploadProps } from 'antd';
import ImgCrop from 'antd-img-crop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../shared/ui/notices.ts';
import { uploadImage } from '../api/upload-image.ts';

const ACCEPT = AVATAR_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The spec's name check (gif, jpg, jpeg, png, bmp) and the size limit; the server checks the bytes. */
export function teamAvatarProblem(file: { name: string; size: number }) {
  const extension = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) return 'error.image_type_error' as const;
  if (file.size > AVATAR_MAX_BYTES) return 'error.image_size_exceeded' as const;
  return null;
}

/** The team's picture: cropped square, uploaded, then handed to `onUploaded` to be saved on the team. */
export function TeamAvatarUpload({
  avatar,
  name,
  onUploaded,
}: {
  avatar: string;
  name: string;
  onUploaded: (url: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [isUploading, setIsUploading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = async (file) => {
    const problem = teamAvatarProblem(file);
    if (problem) {
      showNotice({ key: problem });
      return Upload.LIST_IGNORE;
    }
    setIsUploading(true);
    try {
      const { file: url } = await uploadImage(file, file.name);
      await onUploaded(url);
    } catch {
      // Reported by the HTTP client (the server's image type or size error).
    } finally {
      setIsUploading(false);
    }
    return Upload.LIST_IGNORE;
  };

  return (
    <ImgCrop
      aspect={AVATAR_CROP_ASPECT}
      quality={0.92}
      showGrid
      beforeCrop={(file) => !teamAvatarProblem(file)}
      modalTitle={t('org_admin.avatar_crop_title')}
      modalOk={t('common.save')}
      modalCancel={t('common.cancel')}
    >
      <Upload accept={ACCEPT} showUploadList={false} beforeUpload={beforeUpload} disabled={isUploading}>
        <button
          type="button"
          className="team-avatar-upload"
          aria-label={t('org_admin.change_avatar')}
          title={t('org_admin.change_avatar')}
          disabled={isUploading}
        >
          <Avatar
            size={72}
            shape="square"
            src={avatar || undefined}
            icon={name ? undefined : <TeamOutlined />}
            alt=""
          >
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <span className="team-avatar-upload__overlay" aria-hidden="true">
            {isUploading ? <LoadingOutlined /> : <CameraOutlined />}
          </span>
        </button>
      </Upload>
    </ImgCrop>
  );
}
