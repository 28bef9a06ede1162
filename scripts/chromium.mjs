// Debian's Chromium, headless, as the browser tests and the page benchmark start it.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
// Flags for a root user on a machine with no outside network: no sandbox (root cannot have one),
// no GPU, and no QUIC or background requests that would wait on a network that is not there.
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/setup.sh (Debian package chromium)`);
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}
