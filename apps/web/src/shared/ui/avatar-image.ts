import {
  AVATAR_CROP_MAX_SIZE,
  AVATAR_CROP_OUTPUT,
  AVATAR_EXTENSIONS,
  AVATAR_MAX_BYTES,
} from '@tandem/contract/limits';

export const AVATAR_ACCEPT = AVATAR_EXTENSIONS.map((extension) => `.${extension}`).join(',');
export const AVATAR_MIME = `image/${AVATAR_CROP_OUTPUT}`;
/** JPEG quality of a cropped avatar, in the cropper and when a large picture is scaled down for it. */
export const AVATAR_CROP_QUALITY = 0.92;

/** The spec's name check (gif, jpg, jpeg, png, bmp); the server checks the bytes again. */
export function hasAvatarExtension(fileName: string): boolean {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return fileName.includes('.') && (AVATAR_EXTENSIONS as readonly string[]).includes(extension);
}

/** Why a file cannot become the avatar, as an `error.*` key, or null when it may be uploaded. */
export function avatarFileProblem(file: { name: string; size: number }) {
  if (!hasAvatarExtension(file.name)) return 'error.image_type_error' as const;
  if (file.size > AVATAR_MAX_BYTES) return 'error.image_size_exceeded' as const;
  return null;
}

/** Several files at once are uploaded as they are; one file goes through the crop first (spec). */
export const shouldCrop = (selection: readonly unknown[]) => selection.length === 1;

/** Scale that brings the longer side down to the crop limit (never up). */
export const fitScale = (width: number, height: number, max = AVATAR_CROP_MAX_SIZE) =>
  Math.min(1, max / Math.max(width, height, 1));

/**
 * The picture the cropper opens: at most 2000 px on its longer side, as a JPEG on white (the cropper keeps
 * the type it is given, so the crop comes out as a JPEG too). Throws for a file that is not a picture; the
 * upload then goes ahead uncropped and the server names the problem.
 */
export async function toCropSource(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = fitScale(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, AVATAR_MIME, AVATAR_CROP_QUALITY),
    );
    if (!blob) throw new Error('could not encode the picture');
    const base = file.name.replace(/\.[^.]*$/, '') || 'avatar';
    return new File([blob], `${base}.jpg`, { type: AVATAR_MIME });
  } finally {
    bitmap.close();
  }
}
