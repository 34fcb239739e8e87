import { DEVICE_ID_STORAGE_KEY } from '@tandem/contract/system';

let fallbackId: string | undefined;

function randomId() {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A random id per browser, kept in local storage so the server can tell this device's sessions apart. */
export function getDeviceId(): string {
  try {
    const stored = localStorage.getItem(DEVICE_ID_STORAGE_KEY);
    if (stored) return stored;
    const id = randomId();
    localStorage.setItem(DEVICE_ID_STORAGE_KEY, id);
    return id;
  } catch {
    // Storage can be blocked (private modes, sandboxed frames): keep one id for this page's life.
    fallbackId ??= randomId();
    return fallbackId;
  }
}
