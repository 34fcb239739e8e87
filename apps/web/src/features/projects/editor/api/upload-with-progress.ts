import { DEVICE_ID_HEADER } from '@tandem/contract/system';
import type { UploadedFile } from '@tandem/contract/user';
import { getDeviceId } from '../../../../shared/api/device-id.ts';
import { getLocale } from '../../../../shared/i18n/i18n.ts';
import { readTokenCookie } from '../../../../shared/session/token-cookie.ts';

export class UploadError extends Error {
  override readonly name = 'UploadError';
}

/**
 * A multipart upload that reports its progress (0-1), which fetch cannot do: the editor's images and
 * attachments. The document's id goes first, so the server counts the file to the document's team.
 */
export function uploadWithProgress(
  url: string,
  file: File,
  docId: number,
  onProgress: (share: number) => void,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('doc_id', String(docId));
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    const token = readTokenCookie();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader(DEVICE_ID_HEADER, getDeviceId());
    request.setRequestHeader('Accept-Language', getLocale());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new UploadError(''));
    request.onload = () => {
      let body: { code?: number; msg?: string; data?: UploadedFile } | undefined;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status < 300 && body?.code === 0 && body.data) resolve(body.data);
      else reject(new UploadError(body?.msg ?? ''));
    };
    request.send(form);
  });
}
