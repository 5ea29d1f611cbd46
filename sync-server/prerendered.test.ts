import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { serveStatic } from './static.ts';

/**
 * Issue 20: an invite link's first visit shows the invitation from the HTML itself, before the
 * JavaScript arrives — the build's prerendered markup (src/prerender/landing.tsx) with the code
 * from the address, which is untrusted input and never reaches the page unless it is a code.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-prerendered-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
fs.mkdirSync(path.join(root, 'assets'));
fs.mkdirSync(path.join(root, '.vite'));
// index.html as Vite writes it: the entry's script and stylesheet in the head.
fs.writeFileSync(
  path.join(root, 'index.html'),
  [
    '<!doctype html>',
    '<html lang="pt-BR">',
    '  <head>',
    '    <title>Cadernos</title>',
    '    <script type="module" crossorigin src="/assets/index-e1.js"></script>',
    '    <link rel="stylesheet" crossorigin href="/assets/index-e1.css">',
    '  </head>',
    '  <body>',
    '    <div id="root"></div>',
    '  </body>',
    '</html>',
  ].join('\n'),
);
fs.writeFileSync(path.join(root, 'assets', 'index-e1.css'), ':root{--cor:#6d28d9}body{margin:0}');
fs.writeFileSync(path.join(root, 'assets', 'form-f1.css'), '.form{display:grid}');
fs.writeFileSync(path.join(root, 'assets', 'InviteScreen-i1.css'), '.steps{gap:.5rem}');
fs.writeFileSync(
  path.join(root, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-e1.js', isEntry: true, css: ['assets/index-e1.css'] },
    '_form.css-f1.js': { file: 'assets/form.css-f1.js', imports: ['index.html'], css: ['assets/form-f1.css'] },
    'src/screens/Invite/InviteScreen.tsx': {
      file: 'assets/InviteScreen-i1.js',
      imports: ['index.html', '_form.css-f1.js'],
      css: ['assets/InviteScreen-i1.css'],
    },
    'src/locale/locales/pt-BR/messages.po': { file: 'assets/messages-app-pt.js' },
    'src/locale/locales/en-US/messages.po': { file: 'assets/messages-app-en.js' },
  }),
);
// The shape scripts/build.ts writes: the markup of #root per route and language, a placeholder for the code.
const invitation = (title: string, register: string) =>
  `<div class="shell"><h1>${title}</h1><div data-testid="invite-login"><a href="${register}?next=%2Fn%2FCODIGOAQUI">Criar conta</a></div></div>`;
fs.writeFileSync(
  path.join(root, '.vite', 'prerendered.json'),
  JSON.stringify({
    codePlaceholder: 'CODIGOAQUI',
    pages: [
      { route: '/n/:code', locale: 'pt-BR', markup: invitation('Convite para um caderno', '/register') },
      { route: '/n/:code', locale: 'en-US', markup: invitation('Invitation to a notebook', '/en/register') },
    ],
  }),
);

const app = serveStatic(root, { anonKey: 'anon.key.value' });
const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers: { 'accept-language': 'pt-BR,pt;q=0.9', ...headers } });
const page = async (url: string, headers?: Record<string, string>) => (await get(url, headers)).text();
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.indexOf('</body>'));

describe('an invitation prerendered in the page that answers its link', () => {
  it('puts the invitation in #root with the code in its links, in the language of the address', async () => {
    const pt = await page('/n/ABC123');
    expect(rootOf(pt)).toContain('<div id="root" data-prerendered><div class="shell"><h1>Convite para um caderno</h1>');
    expect(rootOf(pt)).toContain('href="/register?next=%2Fn%2FABC123"');
    expect(pt).not.toContain('CODIGOAQUI');
    expect(pt).toContain('<html lang="pt-BR">');

    const en = await page('/en/n/ABC123');
    expect(rootOf(en)).toContain('<h1>Invitation to a notebook</h1>');
    expect(rootOf(en)).toContain('href="/en/register?next=%2Fn%2FABC123"');
    expect(en).toContain('<html lang="en-US">');
    // A public notebook's link carries its id.
    expect(rootOf(await page('/n/0b7f8c2e-5d1a-4c3e-9f00-1234567890ab'))).toContain('next=%2Fn%2F0b7f8c2e-5d1a-4c3e-9f00-1234567890ab"');
  });

  it('follows the browser on an address without a language, and says the answer varies with it', async () => {
    const response = await get('/n/ABC123', { 'accept-language': 'en-GB,en;q=0.9', 'accept-encoding': 'gzip' });
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toContain('<h1>Invitation to a notebook</h1>');
    expect(response.headers.get('vary')).toBe('accept-encoding, accept-language');
    expect((await get('/en/n/ABC123')).headers.get('vary')).toBe('accept-encoding');
  });

  it('inlines the styles the invitation shows with (the first paint waits for no file), and marks them present for the app', async () => {
    const html = await page('/n/ABC123');
    const head = html.slice(0, html.indexOf('</head>'));
    const style = head.slice(head.indexOf('<style>'), head.indexOf('</style>'));
    // The entry's first, then what the page imports, then the page's own (the app's order).
    expect(style.indexOf(':root{--cor:#6d28d9}')).toBeGreaterThan(0);
    expect(style.indexOf(':root{--cor:#6d28d9}')).toBeLessThan(style.indexOf('.form{display:grid}'));
    expect(style.indexOf('.form{display:grid}')).toBeLessThan(style.indexOf('.steps{gap:.5rem}'));
    // No stylesheet to wait for; each file named once, disabled (nothing downloaded), so that Vite's loader does not add it again.
    expect(head.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-e1.css" disabled>',
      '<link rel="stylesheet" crossorigin href="/assets/form-f1.css" disabled>',
      '<link rel="stylesheet" crossorigin href="/assets/InviteScreen-i1.css" disabled>',
    ]);
    expect(head).not.toContain('rel="preload" as="style"');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/InviteScreen-i1.js">');
  });

  it('hides the invitation before the first paint on a device where someone is signed in, or whose stored language is another', async () => {
    const head = (html: string) => html.slice(0, html.indexOf('</head>'));
    const pt = head(await page('/n/ABC123'));
    expect(pt).toContain('html[data-prerender-hidden] #root{display:none}');
    expect(pt).toContain('"cadernos-signed-in"');
    expect(pt).toContain('"i18nextLng"');
    // With the language in the address, a stored language does not change the page (src/locale/detect.ts).
    expect(head(await page('/en/n/ABC123'))).not.toContain('"i18nextLng"');
  });

  it('lets no other address into the page: anything but a code gets the plain page', async () => {
    const hostile = [
      '/n/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/n/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
      "/n/ABC'onmouseover='alert(1)",
      '/n/ABC%26amp%3B',
      '/n/..%2F..%2Fetc%2Fpasswd',
      '/n/ABC%2FDEF',
      '/n/ABC$&DEF',
      `/n/${'A'.repeat(65)}`,
      '/n/ABC123/extra',
      '/n/',
      '/en/n/%3Csvg%20onload%3Dalert(1)%3E',
    ];
    for (const url of hostile) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      const html = await response.text();
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toContain('data-prerendered');
      expect(html, url).not.toMatch(/alert\(1\)|onerror|onload=|onmouseover/);
    }
  });

  it('answers an address that is not valid URL encoding with 400, not 500', async () => {
    for (const url of ['/n/%E0%A4%A', '/n/%ZZ', '/%']) {
      const response = await get(url);
      expect(response.status, url).toBe(400);
      expect(await response.text(), url).toContain('not valid URL encoding');
    }
  });

  it('carries each code in its own compressed answer (no copy of another code kept)', async () => {
    const first = await get('/n/PRIMEIRO1', { 'accept-encoding': 'gzip' });
    const second = await get('/n/SEGUNDO22', { 'accept-encoding': 'gzip' });
    const text = async (response: Response) => gunzipSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(await text(first)).toContain('next=%2Fn%2FPRIMEIRO1');
    const secondText = await text(second);
    expect(secondText).toContain('next=%2Fn%2FSEGUNDO22');
    expect(secondText).not.toContain('PRIMEIRO1');
  });

  it('leaves every other page as it was: the home page, the app pages, index.html itself', async () => {
    for (const url of ['/', '/meus-cadernos', '/index.html', '/login']) {
      const html = await page(url);
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).toContain('<link rel="stylesheet" crossorigin href="/assets/index-e1.css">');
      expect(html, url).not.toContain('<style>');
    }
  });
});

describe('a build without prerendered pages', () => {
  it('serves the plain page for an invitation — and the prerendered one once a build brings it, without a restart', async () => {
    const later = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-prerendered-later-'));
    try {
      fs.cpSync(root, later, { recursive: true });
      fs.rmSync(path.join(later, '.vite', 'prerendered.json'));
      const server = serveStatic(later, { anonKey: 'k' });
      const html = async () => (await server.request('/n/ABC123', { headers: { 'accept-language': 'pt-BR' } })).text();
      expect(await html()).toContain('<div id="root"></div>');

      fs.copyFileSync(path.join(root, '.vite', 'prerendered.json'), path.join(later, '.vite', 'prerendered.json'));
      expect(rootOf(await html())).toContain('<h1>Convite para um caderno</h1>');
    } finally {
      fs.rmSync(later, { recursive: true, force: true });
    }
  });
});
