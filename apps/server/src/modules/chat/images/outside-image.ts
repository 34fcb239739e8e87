import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import {
  IMAGE_PROXY_MAX_BYTES,
  IMAGE_PROXY_MAX_REDIRECTS,
  IMAGE_PROXY_TIMEOUT_MS,
} from '@tandem/contract/limits';
import { AppError } from '../../../platform/http/app-error.ts';
import { isPublicAddress } from '../../../platform/http/public-address.ts';
import { detectType } from '../../upload/index.ts';

export type OutsideImageOptions = {
  /** Which resolved addresses may be connected to; tests widen it to reach a local server. */
  isAllowedAddress?: (address: string) => boolean;
  protocols?: readonly string[];
  /** A port written in the address; by default none (the scheme's own). */
  isAllowedPort?: (port: string) => boolean;
  timeoutMs?: number;
  maxBytes?: number;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Resolves a host and refuses it unless every address it has is allowed. The connection then goes
 * to the address checked here, so a DNS answer that changes between check and connect cannot
 * lead it to an internal one.
 */
const guardedLookup =
  (isAllowed: (address: string) => boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      if (addresses.length === 0 || !addresses.every((entry) => isAllowed(entry.address))) {
        return callback(new AppError('IMAGE_ADDRESS_REFUSED') as unknown as NodeJS.ErrnoException, '', 4);
      }
      // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily).
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses as [LookupAddress];
      callback(null, first.address, first.family);
    });
  };

type UrlRules = Required<Pick<OutsideImageOptions, 'protocols' | 'isAllowedAddress' | 'isAllowedPort'>>;

function checkedUrl(raw: string, rules: UrlRules): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('IMAGE_ADDRESS_REFUSED');
  }
  // Credentials in the address and ports other than the scheme's own are never an image host's.
  if (
    !rules.protocols.includes(url.protocol) ||
    url.username ||
    url.password ||
    !rules.isAllowedPort(url.port)
  ) {
    throw new AppError('IMAGE_ADDRESS_REFUSED');
  }
  // An address written as an IP is connected to without a lookup, so it is checked here.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && !rules.isAllowedAddress(host)) throw new AppError('IMAGE_ADDRESS_REFUSED');
  return url;
}

function open(url: URL, lookup: LookupFunction, signal: AbortSignal): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    // No cookies, no referrer, no credentials of the reader: only what any image request carries.
    const outgoing = send(url, {
      method: 'GET',
      headers: { accept: 'image/*', 'user-agent': 'TandemImageProxy/1' },
      lookup,
      signal,
      agent: false,
    });
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function readLimited(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (declared > maxBytes) throw new AppError('IMAGE_UNAVAILABLE');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new AppError('IMAGE_UNAVAILABLE');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches an image a reader chose to load from another site: https on the public internet only,
 * a few redirects each checked again, a time and size limit, and the type read from the bytes
 * (jpeg, png, gif, bmp, webp; never SVG, which can carry script).
 */
export async function fetchOutsideImage(raw: string, options: OutsideImageOptions = {}) {
  const rules: UrlRules = {
    protocols: options.protocols ?? ['https:'],
    isAllowedAddress: options.isAllowedAddress ?? isPublicAddress,
    isAllowedPort: options.isAllowedPort ?? ((port) => port === ''),
  };
  const maxBytes = options.maxBytes ?? IMAGE_PROXY_MAX_BYTES;
  const lookup = guardedLookup(rules.isAllowedAddress);
  const signal = AbortSignal.timeout(options.timeoutMs ?? IMAGE_PROXY_TIMEOUT_MS);
  let url = checkedUrl(raw, rules);
  try {
    for (let hop = 0; hop <= IMAGE_PROXY_MAX_REDIRECTS; hop++) {
      const response = await open(url, lookup, signal);
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode ?? 0) && location) {
        response.resume();
        url = checkedUrl(new URL(location, url).href, rules);
        continue;
      }
      if (response.statusCode !== 200) {
        response.resume();
        throw new AppError('IMAGE_UNAVAILABLE');
      }
      const bytes = await readLimited(response, maxBytes);
      const { mimeType } = await detectType(bytes, 'image', '');
      return { bytes, mimeType };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMAGE_UNAVAILABLE');
  }
  throw new AppError('IMAGE_UNAVAILABLE');
}
