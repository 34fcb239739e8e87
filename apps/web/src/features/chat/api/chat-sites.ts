import type { SendMessageData } from '@tandem/contract/chat';
import {
  CHAT_SITES_API,
  type SiteFilesData,
  type SiteImage,
  type SiteImagesData,
  type SiteShareData,
  type SiteVersion,
  type SiteVersionsData,
} from '@tandem/contract/chat-sites';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { saveFile } from '../../../shared/ui/save-file.ts';
import { CHAT_KEY } from './chat.ts';

export type { SiteImage, SiteVersion };

/** While a version builds, its list is read again this often, should its status publication be missed. */
const BUILDING_POLL_MS = 3000;

export const siteVersionsKey = (conversationId: string) =>
  [...CHAT_KEY, 'site-versions', conversationId] as const;

/** The versions of a conversation's site, newest first. */
export const siteVersionsQuery = (conversationId: string) =>
  queryOptions({
    queryKey: siteVersionsKey(conversationId),
    queryFn: () =>
      http.get<SiteVersionsData>(CHAT_SITES_API.siteVersions, {
        params: { conversation_id: conversationId },
        background: true,
      }),
    refetchInterval: (query) =>
      query.state.data?.data.some((version) => version.status === 'building') ? BUILDING_POLL_MS : false,
  });

/** The files of one version: they never change once made. */
export const siteFilesQuery = (conversationId: string, version: number) =>
  queryOptions({
    queryKey: [...siteVersionsKey(conversationId), version, 'files'],
    queryFn: () =>
      http.get<SiteFilesData>(CHAT_SITES_API.siteFiles, {
        params: { conversation_id: conversationId, version },
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Sends a failed version's errors to the agent; its reply streams in the conversation as any other. */
export const fixSite = (conversationId: string, version: number) =>
  http.post<SendMessageData>(CHAT_SITES_API.fixSite, { conversation_id: conversationId, version });

/** Saves a version's files as `site-v<version>.zip`. */
export async function downloadSite(conversationId: string, version: number) {
  const { blob } = await http.download(CHAT_SITES_API.downloadSite, {
    params: { conversation_id: conversationId, version },
  });
  saveFile(blob, `site-v${version}.zip`);
}

/** Shares a ready version: its link, the same one when it is shared already. */
export const shareSite = (conversationId: string, version: number) =>
  http.post<SiteShareData>(CHAT_SITES_API.shareSite, { conversation_id: conversationId, version });

/** Ends a version's link at once. */
export const unshareSite = (conversationId: string, version: number) =>
  http.post<null>(CHAT_SITES_API.unshareSite, { conversation_id: conversationId, version });

export const siteImagesKey = (conversationId: string) =>
  [...CHAT_KEY, 'site-images', conversationId] as const;

/** The images of a conversation's site, newest first. */
export const siteImagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: siteImagesKey(conversationId),
    queryFn: () =>
      http.get<SiteImagesData>(CHAT_SITES_API.siteImages, { params: { conversation_id: conversationId } }),
  });

/** Adds an image to the conversation's site; the server checks its content and size. */
export function uploadSiteImage(conversationId: string, file: Blob, fileName: string) {
  const form = new FormData();
  form.append('conversation_id', conversationId);
  form.append('file', file, fileName);
  return http.post<SiteImage>(CHAT_SITES_API.uploadSiteImage, form);
}

/** Removes an image from the conversation's site. */
export const deleteSiteImage = (conversationId: string, name: string) =>
  http.post<null>(CHAT_SITES_API.deleteSiteImage, { conversation_id: conversationId, name });
