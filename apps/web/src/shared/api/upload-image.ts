import { UPLOAD_API } from '@tandem/contract/api';
import type { UploadedFile } from '@tandem/contract/user';
import { http } from './http.ts';

/** Multipart upload of one image (field `file`); the server checks its content, not its name. */
export function uploadImage(file: Blob, fileName: string) {
  const form = new FormData();
  form.append('file', file, fileName);
  return http.post<UploadedFile>(UPLOAD_API.image, form);
}
