import { describe, expect, it } from 'vitest';
import { precacheOrder, type ManifestChunk } from './precache-order.ts';

const manifest: Record<string, ManifestChunk> = {
  'index.html': { file: 'assets/app-1.js', isEntry: true, css: ['assets/app-1.css'], imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor-2.js' },
  'src/screens/Round/RoundScreen.tsx': { file: 'assets/RoundScreen-3.js', css: ['assets/RoundScreen-3.css'], imports: ['_qr.js', '_vendor.js'] },
  '_qr.js': { file: 'assets/qr-4.js' },
  'src/screens/Faq/FaqScreen.tsx': { file: 'assets/FaqScreen-5.js', css: ['assets/FaqScreen-5.css'] },
  'src/screens/notebooks/locales/en-US/messages.po': { file: 'assets/messages-6.js' },
  'src/screens/CreateNotebook/CreateNotebookScreen.tsx': { file: 'assets/CreateNotebookScreen-7.js' },
};

describe('precache order', () => {
  it('puts the shell first, then the parts a signed-in screen leads to that work offline (with their styles and imports), then the rest', () => {
    const entries = [
      'assets/FaqScreen-5.css',
      'assets/FaqScreen-5.js',
      'icons/icon-192.png',
      'assets/RoundScreen-3.css',
      'assets/messages-6.js',
      'assets/qr-4.js',
      'assets/CreateNotebookScreen-7.js',
      'assets/RoundScreen-3.js',
      'assets/vendor-2.js',
      'assets/app-1.css',
      'index.html',
      'assets/app-1.js',
    ].map((url) => ({ url, revision: null }));
    expect(precacheOrder(entries, manifest).map((entry) => entry.url)).toEqual([
      'index.html',
      'assets/app-1.js',
      'assets/app-1.css',
      'assets/vendor-2.js',
      'assets/CreateNotebookScreen-7.js',
      'assets/RoundScreen-3.js',
      'assets/RoundScreen-3.css',
      'assets/qr-4.js',
      'assets/messages-6.js',
      'assets/FaqScreen-5.css',
      'assets/FaqScreen-5.js',
      'icons/icon-192.png',
    ]);
  });
});

describe('precache order of the notifications (issue 31: read and marked read offline)', () => {
  it('puts the list and its words among the first parts, before pages that need the network', () => {
    const withNotifications: Record<string, ManifestChunk> = {
      ...manifest,
      'src/screens/Notifications/NotificationsScreen.tsx': { file: 'assets/NotificationsScreen-8.js', css: ['assets/NotificationsScreen-8.css'] },
      'src/screens/Notifications/locales/pt-BR/messages.po': { file: 'assets/messages-9.js' },
    };
    const entries = ['assets/FaqScreen-5.js', 'assets/messages-9.js', 'assets/NotificationsScreen-8.css', 'assets/NotificationsScreen-8.js', 'index.html', 'assets/app-1.js']
      .map((url) => ({ url, revision: null }));
    const order = precacheOrder(entries, withNotifications).map((entry) => entry.url);
    expect(order.indexOf('assets/NotificationsScreen-8.js')).toBeLessThan(order.indexOf('assets/FaqScreen-5.js'));
    expect(order.indexOf('assets/messages-9.js')).toBeLessThan(order.indexOf('assets/FaqScreen-5.js'));
  });
});
