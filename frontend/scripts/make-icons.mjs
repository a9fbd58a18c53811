// One-off: draws the PWA icons (public/pwa-*.png) from public/favicon.svg in Chromium.
// The PNGs are committed; the build does not run this. `node scripts/make-icons.mjs`
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const pub = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const svg = readFileSync(join(pub, 'favicon.svg'), 'utf8');
const square = svg.replace(/rx="\d+"/, 'rx="0"'); // maskable: full bleed, the house inside the safe zone
const icons = [
  { file: 'pwa-192x192.png', size: 192, html: svg, pad: 0 },
  { file: 'pwa-512x512.png', size: 512, html: svg, pad: 0 },
  { file: 'pwa-maskable-512x512.png', size: 512, html: square, pad: 0.1 },
];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const { file, size, html, pad } of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inner = Math.round(size * (1 - 2 * pad));
  const body = pad
    ? `<div style="width:${size}px;height:${size}px;background:#1c5bbf;display:grid;place-items:center">${html.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div>`
    : html.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${body}</body></html>`);
  await page.screenshot({ path: join(pub, file), omitBackground: true });
  await page.close();
}
await browser.close();
