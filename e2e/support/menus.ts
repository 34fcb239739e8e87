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
