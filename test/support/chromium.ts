/**
 * The headless Chromium the browser tests drive (`apt-get install chromium`, or CHROMIUM_PATH):
 * no sandbox (CI runs as root), and none of the background traffic a first start would make, since
 * tests may only reach loopback addresses.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
