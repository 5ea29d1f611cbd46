import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserLanguages, LANDING_PAGES } from './route-preloads.ts';
import { serveStatic } from './static.ts';

/**
 * Issue 20: the page a link lands on downloads with the entry, not a round trip after it — the
 * served HTML names the page's chunks and catalogs (in the language the app will pick) as preloads.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-preloads-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
fs.mkdirSync(path.join(root, 'assets'));
fs.mkdirSync(path.join(root, '.vite'));
fs.writeFileSync(
  path.join(root, 'index.html'),
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id="root"></div></body></html>',
);
// The shape of a real build's manifest (vite.config.ts `build.manifest`), trimmed.
const manifest = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_shared-s1.js'] },
  '_shared-s1.js': { file: 'assets/shared-s1.js' },
  '_form.css-f1.js': { file: 'assets/form.css-f1.js', imports: ['index.html'], css: ['assets/form-f1.css'] },
  'src/screens/Invite/InviteScreen.tsx': {
    file: 'assets/InviteScreen-i1.js',
    imports: ['index.html', '_form.css-f1.js', '_shared-s1.js'],
    dynamicImports: ['src/data/session/data.ts'],
    css: ['assets/InviteScreen-i1.css'],
  },
  'src/data/session/data.ts': { file: 'assets/data-d1.js' },
  'src/screens/Home/HomeScreen.tsx': { file: 'assets/HomeScreen-h1.js', imports: ['index.html'] },
  'src/locale/locales/pt-BR/messages.po': { file: 'assets/messages-app-pt.js' },
  'src/locale/locales/en-US/messages.po': { file: 'assets/messages-app-en.js' },
  'src/screens/Invite/locales/pt-BR/messages.po': { file: 'assets/messages-invite-pt.js' },
  'src/screens/Invite/locales/en-US/messages.po': { file: 'assets/messages-invite-en.js' },
};
fs.writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));

const app = serveStatic(root, { anonKey: 'anon.key.value' });
const page = async (url: string, acceptLanguage = 'pt-BR,pt;q=0.9') =>
  (await app.request(url, { headers: { 'accept-language': acceptLanguage } })).text();
const preloaded = (html: string) => [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)"/g)].map((match) => match[1]).sort();

describe('preload hints for the page a link lands on', () => {
  it("names an invitation's page, what it imports and its Portuguese catalogs — not the entry's files, nor what it loads later", async () => {
    const html = await page('/n/ABC123');
    expect(preloaded(html)).toEqual(
      [
        '/assets/InviteScreen-i1.js',
        '/assets/form.css-f1.js',
        '/assets/messages-app-pt.js',
        '/assets/messages-invite-pt.js',
        '/assets/InviteScreen-i1.css',
        '/assets/form-f1.css',
      ].sort(),
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/InviteScreen-i1.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/form-f1.css">');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('picks the language as the app will: the path first, then the browser', async () => {
    expect(preloaded(await page('/en/n/ABC123'))).toContain('/assets/messages-invite-en.js');
    expect(preloaded(await page('/n/ABC123', 'en-GB,en;q=0.9'))).toContain('/assets/messages-invite-en.js');
    expect(preloaded(await page('/n/ABC123', 'en-GB,en;q=0.9'))).not.toContain('/assets/messages-invite-pt.js');
    expect(preloaded(await page('/n/ABC123', 'fr-FR'))).toContain('/assets/messages-invite-pt.js');
  });

  it('hints the home page too, and nothing on pages no link from outside lands on', async () => {
    expect(preloaded(await page('/'))).toEqual(['/assets/HomeScreen-h1.js', '/assets/messages-app-pt.js']);
    expect(preloaded(await page('/meus-cadernos'))).toEqual([]);
    expect(preloaded(await page('/n/ABC/extra'))).toEqual([]);
  });

  it('reads Accept-Language by preference', () => {
    expect(browserLanguages('pt;q=0.5, en-US, fr;q=0')).toEqual(['en-US', 'pt']);
    expect(browserLanguages('')).toEqual([]);
  });

  it("names the same page and catalogs as the app's route table", () => {
    const routes = fs.readFileSync(path.resolve(import.meta.dirname, '../src/app/routes.ts'), 'utf8');
    for (const landing of LANDING_PAGES) {
      const line = routes.split('\n').find((text) => text.includes(`path: '${landing.route}',`));
      expect(line, landing.route).toBeDefined();
      expect(line).toContain(landing.page.replace('src/screens/', '../screens/'));
      for (const folder of landing.catalogs) expect(line).toContain(`withCatalog('${folder.split('/')[2].toLowerCase()}'`);
      expect(fs.existsSync(path.resolve(import.meta.dirname, '..', landing.page))).toBe(true);
    }
  });
});
