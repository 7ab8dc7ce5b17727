/**
 * The packaging config (electron-builder.json): valid for electron-builder, only the build output
 * in the app, every target with what it needs, fuses set for a production build.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { validateConfiguration } from 'app-builder-lib/out/util/config/config'
import FpmTarget from 'app-builder-lib/out/targets/FpmTarget'
import type { Configuration } from 'app-builder-lib'
import { describe, expect, it } from 'vitest'
import { ICON_SIZES } from './icons'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const config = JSON.parse(
  readFileSync(join(ROOT, 'electron-builder.json'), 'utf8')
) as Configuration
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string
  productName?: string
  main: string
  description: string
  homepage?: string
  author?: { name?: string; email?: string }
  version: string
  engines: { node: string }
  devDependencies: Record<string, string>
  scripts: Record<string, string>
}
const exists = (path: string) => existsSync(join(ROOT, path))
const files = (config.files ?? []) as string[]

describe('electron-builder.json', () => {
  it('is a configuration electron-builder accepts', async () => {
    const silent = { isEnabled: false, add: () => undefined }
    await expect(validateConfiguration(config, silent as never)).resolves.toBeUndefined()
  })

  it('names the app and packs it in an asar archive', () => {
    expect(config.appId).toMatch(/^[a-z0-9]+(\.[a-z0-9-]+){2,}$/)
    // package.json is the one place: Electron reads it for app.name (About, menu, data folder).
    expect(pkg.productName).toBe('Market Explorer')
    expect(config.productName).toBeUndefined()
    expect(config.asar).toBe(true)
    expect(pkg.description.length).toBeGreaterThan(10)
  })

  it('has the metadata the .deb target requires: a homepage and an author with an email', () => {
    expect(pkg.homepage).toMatch(/^https:\/\/[^/]+\.[a-z]+\//)
    expect(pkg.author?.name).toBeTruthy()
    expect(pkg.author?.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/)
  })

  it("asks for at least the Node version Electron's install tooling declares", () => {
    const minimum = (range: string) =>
      (/^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(range.trim()) ?? []).slice(1).map(Number)
    const electron = JSON.parse(
      readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')
    ) as { engines: { node: string } }
    const ours = minimum(pkg.engines.node)
    const theirs = minimum(electron.engines.node)
    expect(ours).toHaveLength(3)
    expect(theirs).toHaveLength(3)
    const compared = ours.map((part, index) => part - (theirs[index] ?? 0)).find((d) => d !== 0)
    expect(compared ?? 0).toBeGreaterThanOrEqual(0)
  })

  it('packs only the build output: no sources, tests, bench, e2e, scripts or docs', () => {
    const included = files.filter((pattern) => !pattern.startsWith('!'))
    expect(included).toEqual(['out/**/*', 'resources/icon.png'])
    expect(files).toContain('!**/*.map')
    // Packages' TypeScript sources and tests are not needed to run them.
    expect(files).toContain('!**/node_modules/**/*.{ts,mts,cts,tsx}')
    for (const pattern of included) {
      expect(pattern).not.toMatch(/^(src|test|e2e|bench|reliability|scripts|docs|node_modules)\b/)
      expect(pattern).not.toMatch(/^\*\*/)
    }
    // The entry point is in the build output.
    expect(pkg.main).toMatch(/^\.\/out\/main\//)
    // The service contract ships beside the app (Help menu), from a file that exists.
    for (const extra of config.extraResources as { from: string }[])
      expect(exists(extra.from)).toBe(true)
  })

  it('sets the fuses for a production build', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false
    })
  })

  it('macOS: flipping the fuses re-signs ad hoc, so an unsigned arm64 build still launches', () => {
    // Flipping fuses changes the binary and voids its ad-hoc signature; without a valid one
    // Apple Silicon refuses to run it. A real identity (when one is found) signs afterwards.
    expect(config.electronFuses?.resetAdHocDarwinSignature).toBe(true)
  })

  it("Linux: the .deb keeps electron-builder's default depends (xdg-utils, libsecret)", () => {
    const defaults = (
      FpmTarget.prototype as unknown as { getDefaultDepends(target: string): string[] }
    ).getDefaultDepends('deb')
    expect(defaults).toEqual(expect.arrayContaining(['xdg-utils', 'libsecret-1-0']))
    // depends replaces the defaults: every one of them must be listed again.
    expect(config.deb?.depends).toEqual(expect.arrayContaining(defaults))
  })

  it('Linux: AppImage and deb, with the PNG icon set, a category and a maintainer', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb'])
    expect(config.linux?.category).toBeTruthy()
    expect(config.linux?.maintainer).toMatch(/<[^>]+@[^>]+>/)
    const iconDir = String(config.linux?.icon)
    for (const size of ICON_SIZES) expect(exists(`${iconDir}/${size}x${size}.png`)).toBe(true)
  })

  it('Windows: an NSIS installer with the .ico; macOS: a dmg with the .icns', () => {
    expect(config.win?.target).toEqual(['nsis'])
    expect(String(config.win?.icon)).toMatch(/\.ico$/)
    expect(exists(String(config.win?.icon))).toBe(true)
    expect(config.mac?.target).toEqual(['dmg'])
    expect(String(config.mac?.icon)).toMatch(/\.icns$/)
    expect(exists(String(config.mac?.icon))).toBe(true)
    expect(config.mac?.category).toMatch(/^public\.app-category\./)
  })

  it('builds against an exact Electron version', () => {
    expect(pkg.devDependencies['electron']).toMatch(/^\d+\.\d+\.\d+$/)
    expect(pkg.devDependencies['electron-builder']).toMatch(/^\d+\.\d+\.\d+$/)
  })
})

describe('npm run dist without the Electron binary', () => {
  it('fails with one line saying so', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/dist.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: join(ROOT, 'no-electron-here') }
    })
    expect(run.status).toBe(1)
    const lines = run.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^npm run dist needs the Electron binary, which is missing/)
    expect(pkg.scripts['dist']).toBe('tsx scripts/dist.ts')
  })
})
