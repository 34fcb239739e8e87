import type { WireRequest } from './http-client.ts';

function headersOf(xhr: XMLHttpRequest) {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * The transport's answer as `fetch` gives it, sent through XMLHttpRequest, the one browser API that
 * reports how much of a body has gone out. Failures reject as fetch's do (a TypeError, or the abort's reason).
 */
export function sendWithProgress({
  url,
  method,
  headers,
  body,
  signal,
  onUploadProgress,
}: WireRequest & { onUploadProgress: (fraction: number) => void }): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.responseType = 'blob';
    for (const [name, value] of headers) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress(event.loaded / event.total);
    };
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort);
    const settle = () => signal.removeEventListener('abort', abort);
    xhr.onload = () => {
      settle();
      resolve(new Response(xhr.response as Blob, { status: xhr.status, headers: headersOf(xhr) }));
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.onabort = () => {
      settle();
      reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
    };
    xhr.send(body ?? null);
  });
}
