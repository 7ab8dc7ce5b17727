/**
 * The built app laid out on disk the way it runs, under a folder whose path holds what broke
 * the app before (a space, `[ ] ~ %`, `#`, letters beyond ASCII): as a checkout
 * (`app.isPackaged` false) or as an installer leaves it (resources/app).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { WalkConfig } from './walk/config'

export const ROOT = resolve(import.meta.dirname, '../..')

/** One folder name with every character a user's path has broken the app with. */
export const AWKWARD_FOLDER = 'Apps [work] ~1 100% #2 Ünïcødé 日本'

/**
 * A folder name that reads as an escape: opened with loadFile, Chromium would look for
 * `aAb` instead (the installed layout has it too).
 */
export const ESCAPE_LIKE_FOLDER = 'a%41b'

export const PRODUCT_NAME = 'Market Explorer'

export interface AppOnDisk {
  appPath: string
  resourcesPath: string
  isPackaged: boolean
}

function electronVersion(): string {
  const manifest = join(ROOT, 'node_modules/electron/package.json')
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

/** Copies what `files` in electron-builder.json packs: the build output and the window icon. */
function copyAppFiles(from: string, to: string): void {
  if (!existsSync(join(from, 'out/main/index.js'))) {
    throw new Error(`${from}/out is not built: run \`npx electron-vite build\` first`)
  }
  mkdirSync(join(to, 'resources'), { recursive: true })
  for (const part of [
    'out/main',
    'out/preload',
    'out/renderer',
    'package.json',
    'resources/icon.png'
  ]) {
    cpSync(join(from, part), join(to, part), { recursive: true })
  }
  // The checkout's packages, as installed (the packaging test runs against app.asar's own).
  symlinkSync(join(from, 'node_modules'), join(to, 'node_modules'), 'junction')
}

/** The checkout's build as `npm start` runs it: app.isPackaged false, docs beside it. */
export function layOutCheckout(under: string): AppOnDisk {
  const appPath = join(under, AWKWARD_FOLDER, 'market-explorer')
  copyAppFiles(ROOT, appPath)
  cpSync(join(ROOT, 'docs/service-contract.md'), join(appPath, 'docs/service-contract.md'))
  return {
    appPath,
    resourcesPath: join(appPath, 'node_modules/electron/dist/resources'),
    isPackaged: false
  }
}

/** The checkout's build where an installer puts it: <install>/resources/app, contract beside. */
export function layOutInstalled(under: string): AppOnDisk {
  const resourcesPath = join(under, AWKWARD_FOLDER, ESCAPE_LIKE_FOLDER, PRODUCT_NAME, 'resources')
  copyAppFiles(ROOT, join(resourcesPath, 'app'))
  cpSync(join(ROOT, 'docs/service-contract.md'), join(resourcesPath, 'service-contract.md'))
  return { appPath: join(resourcesPath, 'app'), resourcesPath, isPackaged: true }
}

export function walkConfig(app: AppOnDisk, pathsRoot: string): WalkConfig {
  return {
    ...app,
    mainEntry: join(app.appPath, 'out/main/index.js'),
    pathsRoot,
    electronVersion: electronVersion(),
    productName: PRODUCT_NAME,
    stepBoundMs: 10_000,
    exitBoundMs: 5_000
  }
}
