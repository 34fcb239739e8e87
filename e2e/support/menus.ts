import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens a submenu of an open antd menu by hovering its title, then clicks an item in it. The
 * submenu animates in and closes when the pointer leaves, so the pair is retried until the click lands.
 */
export async function clickInSubmenu(page: Page, submenuTitle: string, item: Locator | string) {
  const target = typeof item === 'string' ? page.getByText(item, { exact: true }) : item;
  await expect(async () => {
    await page.getByText(submenuTitle, { exact: true }).hover();
    await expect(target).toBeVisible({ timeout: 2000 });
    await target.hover({ timeout: 2000 });
    await target.click({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Clicks an element once it is at rest: its antd entrance animation over (no `-appear`/`-enter` motion
 * class on it or above it) and not moved for 300 ms. Playwright's own check (the same box in two
 * frames) passes on a busy machine while a menu still sits at its first, scaled frame, and its click
 * then lands on whichever item the menu has grown under the pointer (the user menu's Theme instead
 * of Account settings), or while the page under a menu still scrolls.
 */
export async function clickAtRest(target: Locator) {
  await expect
    .poll(() =>
      target.evaluate(
        (element) =>
          new Promise<boolean>((resolve) => {
            const entering = () => {
              for (let node: Element | null = element; node; node = node.parentElement) {
                if (/(^|\s)\S+-(appear|enter)(\s|$)/.test(node.getAttribute('class') ?? '')) return true;
              }
              return false;
            };
            const before = element.getBoundingClientRect();
            setTimeout(() => {
              const after = element.getBoundingClientRect();
              resolve(!entering() && after.top === before.top && after.left === before.left);
            }, 300);
          }),
      ),
    )
    .toBe(true);
  await target.click();
}
