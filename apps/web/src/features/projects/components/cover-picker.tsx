import { CheckOutlined, LoadingOutlined, SyncOutlined, UploadOutlined } from '@ant-design/icons';
import { EDITOR_IMAGE_MAX_BYTES } from '@tandem/contract/limits';
import { COVER_CATEGORIES, type CoverCategory } from '@tandem/contract/project-rules';
import { Button, Tabs, Upload, type UploadProps } from 'antd';
import ImgCrop from 'antd-img-crop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../../shared/api/upload-image.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { ALL_GALLERY_COVERS, galleryCovers, newRandomCover } from '../covers/cover-art.ts';
import { ProjectCover } from './project-cover.tsx';

type GalleryTab = 'all' | CoverCategory;
const TABS: GalleryTab[] = ['all', ...COVER_CATEGORIES];
const COVER_ASPECT = 16 / 9;
const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,.bmp';

/** Why a picture cannot become a cover (not an image, or over the editor images' 10 MB), or null. */
export function coverFileProblem(file: { type: string; size: number }) {
  if (!file.type.startsWith('image/')) return 'error.image_type_error' as const;
  if (file.size > EDITOR_IMAGE_MAX_BYTES) return 'projects.cover.too_large' as const;
  return null;
}

const categoryOf = (cover: string) => /^gallery:(\w+)\//.exec(cover)?.[1] as CoverCategory | undefined;

/**
 * A project's cover, three ways: a random generated pattern, a picture of the user's
 * own (cropped to 16:9, 10 MB), or one of the built-in gallery's covers by category.
 */
export function CoverPicker({ value, onChange }: { value?: string; onChange?: (cover: string) => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<GalleryTab>(() => (value && categoryOf(value)) || 'all');
  const [isUploading, setIsUploading] = useState(false);
  const covers = tab === 'all' ? ALL_GALLERY_COVERS : galleryCovers(tab);

  const beforeUpload: UploadProps['beforeUpload'] = async (file) => {
    const problem = coverFileProblem(file);
    if (problem) {
      showNotice({ key: problem, values: { size: EDITOR_IMAGE_MAX_BYTES / 1024 / 1024 } });
      return Upload.LIST_IGNORE;
    }
    setIsUploading(true);
    try {
      const { file: url } = await uploadImage(file, file.name);
      onChange?.(url);
    } catch {
      // Reported by the HTTP client.
    } finally {
      setIsUploading(false);
    }
    return Upload.LIST_IGNORE;
  };

  return (
    <div className="cover-picker">
      <div className="cover-picker__current">
        <ProjectCover
          cover={value ?? ''}
          className="cover-picker__preview"
          alt={t('projects.cover.current')}
        />
        <div className="cover-picker__ways">
          <Button icon={<SyncOutlined />} onClick={() => onChange?.(newRandomCover(value))}>
            {t('projects.cover.random')}
          </Button>
          <ImgCrop
            aspect={COVER_ASPECT}
            quality={0.9}
            showGrid
            beforeCrop={(file) => !coverFileProblem(file)}
            modalTitle={t('projects.cover.crop_title')}
            modalOk={t('common.save')}
            modalCancel={t('common.cancel')}
          >
            <Upload
              accept={IMAGE_ACCEPT}
              showUploadList={false}
              beforeUpload={beforeUpload}
              disabled={isUploading}
            >
              <Button icon={isUploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={isUploading}>
                {t('projects.cover.upload')}
              </Button>
            </Upload>
          </ImgCrop>
          <span className="cover-picker__hint">{t('projects.cover.upload_hint')}</span>
        </div>
      </div>
      <Tabs
        size="small"
        tabBarGutter={16}
        activeKey={tab}
        onChange={(key) => setTab(key as GalleryTab)}
        items={TABS.map((key) => ({ key, label: t(`projects.cover.tab_${key}`) }))}
      />
      <div className="cover-picker__grid" role="radiogroup" aria-label={t('projects.cover.gallery')}>
        {covers.map((cover) => {
          const isChosen = cover === value;
          return (
            <label
              key={cover}
              className={`cover-picker__item${isChosen ? ' cover-picker__item--chosen' : ''}`}
            >
              <input
                type="radio"
                name="project-cover"
                className="visually-hidden"
                value={cover}
                checked={isChosen}
                onChange={() => onChange?.(cover)}
                aria-label={t('projects.cover.choose', {
                  category: t(`projects.cover.tab_${categoryOf(cover)}`),
                  number: cover.split('/')[1],
                })}
              />
              <ProjectCover cover={cover} />
              {isChosen && <CheckOutlined className="cover-picker__check" aria-hidden="true" />}
            </label>
          );
        })}
      </div>
    </div>
  );
}
