import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { expectFailure, fileE2E } from './support';

/**
 * The browser runs React itself (decision 0140): the production build ships react-dom, the page's root
 * element carries React DOM's container key, the scripts the page loads hold react-dom's version, and no
 * built file mentions Preact.
 */

const DIST = 'dist/client';
const REACT_DOM_VERSION = (
  JSON.parse(readFileSync('node_modules/react-dom/package.json', 'utf8')) as { version: string }
).version;

const e2e = fileE2E();

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? builtFiles(path.join(dir, d.name)) : [path.join(dir, d.name)],
  );
}

describe('React in the browser', () => {
  it('no built file mentions preact', () => {
    const files = builtFiles(DIST).filter((f) => /\.(js|html|css|json)$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    const withPreact = files.filter((f) => /preact/i.test(readFileSync(f, 'utf8')));
    expect(withPreact).toEqual([]);
  });

  it('/login is rendered by react-dom 19: the root carries React DOM’s container key and its scripts hold react-dom’s version', async () => {
    expect(REACT_DOM_VERSION).toMatch(/^19\./);
    const { context, page } = await e2e.newPage();
    const scripts: string[] = [];
    page.on('response', async (res) => {
      if (res.url().endsWith('.js')) scripts.push(await res.text().catch(() => ''));
    });
    await page.goto('/login');
    await page.getByRole('heading', { name: MSG.login.title }).waitFor();
    const keys = await page.evaluate(() => Object.keys(document.getElementById('root') ?? {}));
    expect(keys.some((k) => k.startsWith('__reactContainer$'))).toBe(true);
    // A rendered element carries React's fiber key (Preact would set __k / __e instead).
    const fiberKeys = await page.evaluate(() => Object.keys(document.querySelector('form') ?? {}));
    expect(fiberKeys.some((k) => k.startsWith('__reactFiber$'))).toBe(true);
    expect(scripts.some((s) => s.includes(`"${REACT_DOM_VERSION}"`))).toBe(true);
    expect(scripts.some((s) => /preact/i.test(s))).toBe(false);
    await context.close();
  });

  it('the login form (no react-hook-form) shows the schema’s Korean errors, focuses the first field in error and clears an error on typing', async () => {
    const { context, page } = await e2e.newPage();
    expectFailure(page, /^response: POST \/api\/login → 401$/);
    await page.goto('/login');
    await page.getByRole('button', { name: MSG.login.submit, exact: true }).click();
    await page.getByText(MSG.login.usernameRequired).waitFor();
    await page.getByText(MSG.login.passwordRequired).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('username');
    await page.getByLabel(MSG.login.usernameLabel).fill('someone');
    await expect.poll(() => page.getByText(MSG.login.usernameRequired).count()).toBe(0);
    expect(await page.getByText(MSG.login.passwordRequired).count()).toBe(1);
    await page.getByLabel(MSG.login.passwordLabel).fill('wrong-password-1');
    await page.getByRole('button', { name: MSG.login.submit, exact: true }).click();
    await page.getByText(MSG.login.invalidCredentials).waitFor();
    await context.close();
  });
});
