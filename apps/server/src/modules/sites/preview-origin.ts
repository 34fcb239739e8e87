import type { Config } from '../../config.ts';

type PreviewConfig = Pick<Config, 'publicUrl'> & {
  sites: Pick<Config['sites'], 'previewUrl' | 'previewPort'>;
};

/**
 * What the app's pages may frame of the preview origin (their `frame-src`): the configured origin, else
 * PUBLIC_URL's host on the preview port, else any host on that port (the app then answers on whatever
 * host the browser used, and previews are addressed on the same host).
 */
export function previewFrameSource({ publicUrl, sites }: PreviewConfig): string {
  if (sites.previewUrl) return new URL(sites.previewUrl).origin;
  if (publicUrl) {
    const origin = new URL(publicUrl);
    origin.port = String(sites.previewPort);
    return origin.origin;
  }
  return `*:${sites.previewPort}`;
}
