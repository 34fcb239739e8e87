import { DEVICE_ID_STORAGE_KEY } from '@tandem/contract/system';

export const MENU_COLLAPSED_STORAGE_KEY = 'tandem.menu_collapsed';

/** Keys that belong to the browser, not to the signed-in user: they survive sign-out. */
const BROWSER_KEYS = new Set<string>([DEVICE_ID_STORAGE_KEY, MENU_COLLAPSED_STORAGE_KEY]);

/** Sign-out clears local storage except the device id and layout choices. */
export function clearUserStorage() {
  try {
    for (const key of Object.keys(localStorage)) {
      if (!BROWSER_KEYS.has(key)) localStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: nothing was kept there either.
  }
}

export function readStoredFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function writeStoredFlag(key: string, value: boolean) {
  try {
    localStorage.setItem(key, value ? '1' : '0');
  } catch {
    // Not remembered across visits; the current page still works.
  }
}
