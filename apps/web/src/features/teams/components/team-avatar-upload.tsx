import { TeamOutlined } from '@ant-design/icons';
import { Avatar, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../../shared/api/upload-image.ts';
import { AVATAR_ACCEPT, avatarFileProblem } from '../../../shared/ui/avatar-image.ts';
import { AvatarCrop, AvatarUploadButton } from '../../../shared/ui/avatar-upload.tsx';
import { showNotice } from '../../../shared/ui/notices.ts';

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
    const problem = avatarFileProblem(file);
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
    <AvatarCrop title={t('org_admin.avatar_crop_title')} beforeCrop={(file) => !avatarFileProblem(file)}>
      <Upload
        accept={AVATAR_ACCEPT}
        showUploadList={false}
        beforeUpload={beforeUpload}
        disabled={isUploading}
      >
        <AvatarUploadButton
          label={t('org_admin.change_avatar')}
          isUploading={isUploading}
          shape="square"
          className="team-avatar-upload"
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
        </AvatarUploadButton>
      </Upload>
    </AvatarCrop>
  );
}
