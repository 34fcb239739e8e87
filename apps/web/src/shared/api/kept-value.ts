const fallbacks = new Map<string, string>();

/**
 * A random value made once per browser and kept in local storage under `key`. Where storage is refused
 * (private modes, sandboxed or third-party frames) it lasts as long as the page.
 */
export function keptValue(key: string, make: () => string): string {
  try {
    const stored = localStorage.getItem(key);
    if (stored) return stored;
    const value = make();
    localStorage.setItem(key, value);
    return value;
  } catch {
    const fallback = fallbacks.get(key) ?? make();
    fallbacks.set(key, fallback);
    return fallback;
  }
}
