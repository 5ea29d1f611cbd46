/**
 * A new person's walkthrough at 360 px (the defects of the evening's walkthrough): the top bar's
 * avatar after an upload, the picture buttons, where toasts sit, the offline line on online-only
 * screens, the short user search, the guardian page's title.
 */
import { deflateSync } from 'node:zlib';
import { expect, test, type Locator } from '@playwright/test';
import { dismissConsent } from './helpers.ts';
import { logIn, signUp } from './people.ts';

test.use({ viewport: { width: 360, height: 740 } });
test.beforeEach(async ({ page }) => dismissConsent(page));

/** A solid-colour PNG of the given size (a real, decodable picture). */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x3c)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

test('the top bar shows the new avatar as soon as it is uploaded, without a reload', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const person = await signUp(baseURL!, 'barav');
  await logIn(page, person);
  await page.goto('/settings');
  const bar = page.getByTestId('account-menu');
  await expect(bar).toContainText(person.username.slice(0, 1).toUpperCase());
  await expect(bar.locator('img')).toHaveCount(0);

  await page.getByLabel('Foto do perfil').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(600, 600) });
  await page.getByRole('dialog', { name: 'Ajustar foto' }).getByRole('button', { name: 'Salvar imagem' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Foto do perfil atualizada' })).toBeVisible();

  const barAvatar = bar.locator('img');
  await expect(barAvatar).toHaveAttribute('src', new RegExp(`/storage/v1/object/public/avatars/${person.userId}/avatar-[0-9a-f]{32}\\.webp$`));
  await expect.poll(() => barAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
  // still named for screen readers by the username, not by the picture
  await expect(bar).toHaveAccessibleName(new RegExp(person.username));

  // and after a reload, from what the device remembers of the account
  await page.reload();
  await expect(page.getByTestId('account-menu').locator('img')).toHaveAttribute('src', /\/avatars\//);
});

test('the picture controls are labelled buttons in the page language, usable by keyboard; no bare file input', async ({ page, baseURL }) => {
  const person = await signUp(baseURL!, 'picbtn');
  await logIn(page, person);
  for (const [path, photo, cover] of [
    ['/settings', 'Escolher foto', 'Escolher capa'],
    ['/en/settings', 'Choose photo', 'Choose cover'],
  ] as const) {
    await page.goto(path);
    const photoButton = page.getByRole('button', { name: photo, exact: true });
    const coverButton = page.getByRole('button', { name: cover, exact: true });
    await expect(photoButton).toBeVisible();
    await expect(coverButton).toBeVisible();
    // no browser file control shows ("Choose File / No file chosen", in the browser's language)
    for (const input of await page.locator('input[type=file]').all()) await expect(input).toBeHidden();
    for (const button of [photoButton, coverButton]) {
      const { x, width } = await box(button);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + width).toBeLessThanOrEqual(360);
      expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    // the picture's rules are its description
    await expect(photoButton).toHaveAccessibleDescription(/150x150/);
    // the keyboard opens the file chooser
    const chooser = page.waitForEvent('filechooser');
    await photoButton.focus();
    await expect(photoButton).toBeFocused();
    await page.keyboard.press('Enter');
    expect((await chooser).isMultiple()).toBe(false);
  }
  await page.context().setOffline(true);
  await expect(page.getByRole('button', { name: 'Choose photo', exact: true })).toBeDisabled();
  await page.context().setOffline(false);
});
