import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * The catalogs as the e2e tests read them (issue 48): a screen in Bahasa Indonesia is driven by the Indonesian of
 * the English it replaces (`id('Request Widthdrawal')`), so the test does not restate the translations.
 */
const ROOT = new URL('../src/i18n', import.meta.url).pathname;
const english = JSON.parse(readFileSync(join(ROOT, 'en.json'), 'utf8')) as Record<string, string>;
const indonesian: Record<string, string> = Object.assign(
  {},
  ...readdirSync(join(ROOT, 'id'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(ROOT, 'id', file), 'utf8')) as Record<string, string>),
);

/** The Indonesian of a plain English message; fails the test when the catalogs have none. */
export function id(text: string): string {
  const key = Object.keys(english).find((k) => english[k] === text);
  if (!key || indonesian[key] === undefined) throw new Error(`No Indonesian for '${text}'`);
  return indonesian[key];
}

/** The Indonesian of an English message with placeholders, as a pattern its filled-in text matches. */
export function idPattern(template: string): RegExp {
  const target = id(template);
  const escaped = target.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{\w+\}/g, '.+?')}$`);
}

const isPlain = (message: string) => !/[{}<]/.test(message);

/** English messages whose Indonesian differs: none of them may be seen on a screen shown in Indonesian. */
const untranslated = new Set(
  Object.entries(english)
    .filter(([key, text]) => isPlain(text) && indonesian[key] !== undefined && indonesian[key] !== text)
    .map(([, text]) => text),
);

/** Every visible text node of the page (dialogs, popovers and toasts included), trimmed. */
const visibleTexts = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === 'hidden' || style.display === 'none' || parent.getClientRects().length === 0) continue;
      found.push(text);
    }
    return found;
  });

/** The screen shows no English message that has an Indonesian of its own (walked over the DOM). */
export async function expectNoEnglish(page: Page, where: string) {
  await expect
    .poll(async () => (await visibleTexts(page)).filter((text) => untranslated.has(text)), {
      message: `${where}: English left on a screen shown in Bahasa Indonesia`,
      timeout: 5_000,
    })
    .toEqual([]);
}

/** The texts walked, for a test that the walker itself sees a screen (it must not pass by seeing nothing). */
export const textsShown = visibleTexts;
