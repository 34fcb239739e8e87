import type { Config } from '../../config.ts';

type PreviewConfig = Pick<Config, 'publicUrl'> & {
  sites: Pick<Config['sites'], 'previewUrl' | 'previewPort'>;
};

/** A host a browser addresses: a DNS name, IPv4, or a bracketed IPv6 address (nothing that could end a CSP directive). */
const PLAIN_HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/i;

/**
 * The one preview origin the app's pages may frame (their `frame-src`): the configured origin, else
 * PUBLIC_URL's host on the preview port, else the host the page was asked on (`page`) on that port,
 * as the previews are then addressed. Undefined when it depends on the page and none is given, or when
 * the page's host is no plain host name: the page then frames nothing of the previews.
 */
export function previewFrameSource(
  { publicUrl, sites }: PreviewConfig,
  page?: { protocol: string; hostname: string },
): string | undefined {
  if (sites.previewUrl) return new URL(sites.previewUrl).origin;
  if (!publicUrl && !(page && PLAIN_HOST.test(page.hostname))) return undefined;
  const origin = new URL(publicUrl ?? `${page?.protocol}://${page?.hostname}`);
  origin.port = String(sites.previewPort);
  return origin.origin;
}
