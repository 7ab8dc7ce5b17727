/**
 * Is the Electron binary installed? `require('electron')` answers its path, or throws when the
 * install step never downloaded it (ELECTRON_SKIP_BINARY_DOWNLOAD, no network, --ignore-scripts).
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

export type ElectronBinary = { found: true; path: string } | { found: false; why: string }

export function findElectronBinary(
  resolveElectron: () => unknown = () => createRequire(import.meta.url)('electron'),
  exists: (path: string) => boolean = existsSync
): ElectronBinary {
  let path: unknown
  try {
    path = resolveElectron()
  } catch {
    return {
      found: false,
      why: 'the electron package has no binary; its download was skipped or failed'
    }
  }
  if (typeof path !== 'string')
    return { found: false, why: 'the electron package is not installed' }
  if (!exists(path)) return { found: false, why: `the binary it names is not at ${path}` }
  return { found: true, path }
}

/** For `npm start` / `npm run dev`: what is missing, how to install it, what works meanwhile. */
export function missingForStart(why: string): string {
  return [
    `Market Explorer cannot start: the Electron binary is missing (${why}).`,
    'Install it with network access: `node node_modules/electron/install.js` (or delete',
    'node_modules and run `npm ci` without ELECTRON_SKIP_BINARY_DOWNLOAD).',
    'Meanwhile `npm run preview:chromium` shows the app in Chromium with the same handlers.'
  ].join('\n')
}

/** For `npm run dist`: one line. */
export function missingForDist(why: string): string {
  return `npm run dist needs the Electron binary, which is missing (${why}): run \`node node_modules/electron/install.js\` with network access, then try again.`
}
