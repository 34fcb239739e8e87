import { CameraOutlined, LoadingOutlined } from '@ant-design/icons';
import { AVATAR_CROP_ASPECT } from '@tandem/contract/limits';
import ImgCrop, { type ImgCropProps } from 'antd-img-crop';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_CROP_QUALITY } from './avatar-image.ts';
import './avatar-upload.css';

/** The square crop every avatar goes through (the user's and the team's), around an antd `Upload`. */
export function AvatarCrop({
  title,
  beforeCrop,
  children,
}: {
  title: string;
  beforeCrop: ImgCropProps['beforeCrop'];
  children: ImgCropProps['children'];
}) {
  const { t } = useTranslation();
  return (
    <ImgCrop
      aspect={AVATAR_CROP_ASPECT}
      quality={AVATAR_CROP_QUALITY}
      showGrid
      beforeCrop={beforeCrop}
      modalTitle={title}
      modalOk={t('common.save')}
      modalCancel={t('common.cancel')}
    >
      {children}
    </ImgCrop>
  );
}

/** The avatar as the button that picks a new one, with a camera badge that spins while uploading. */
export function AvatarUploadButton({
  label,
  isUploading,
  shape = 'circle',
  className,
  children,
}: {
  label: string;
  isUploading: boolean;
  shape?: 'circle' | 'square';
  className?: string;
  /** The avatar itself. */
  children: ReactNode;
}) {
  const classes = ['avatar-upload-button', `avatar-upload-button--${shape}`, className].filter(Boolean);
  return (
    <button
      type="button"
      className={classes.join(' ')}
      aria-label={label}
      title={label}
      disabled={isUploading}
    >
      {children}
      <span className="avatar-upload-button__badge" aria-hidden="true">
        {isUploading ? <LoadingOutlined /> : <CameraOutlined />}
      </span>
    </button>
  );
}
