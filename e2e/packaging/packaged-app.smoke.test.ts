/**
 * The packaging smoke test (npm run test:package, in CI): `electron-builder --dir` offline with a
 * stand-in Electron distribution, then what a release would ship: app.asar holds the build output
 * and main's production dependencies only, the packaged package.json names the product, the fuses
 * read back as configured; then the main-bundle walk runs against the extracted packaged app.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extractAll, extractFile, listPackage } from '@electron/asar'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AWKWARD_FOLDER, PRODUCT_NAME, ROOT, walkConfig } from '../main-bundle/app-layout'
import { buildWalk, runWalk } from '../main-bundle/run-walk'
import { FUSE_OFF, FUSE_ON, writeElectronDistStandIn } from './electron-dist-stand-in'
import { packageApp } from './package-app'
import { packagesInArchive, productionPackages } from './production-dependencies'

const PACKAGING_BOUND_MS = 240_000

interface BuilderConfig {
  electronFuses: Record<string, boolean>
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string
  devDependencies: Record<string, string>
}
const builderConfig = JSON.parse(
  readFileSync(join(ROOT, 'electron-builder.json'), 'utf8')
) as BuilderConfig

/** electron-builder.json's fuse names, as @electron/fuses numbers them. */
const FUSE_NUMBERS: Record<string, FuseV1Options> = {
  runAsNode: FuseV1Options.RunAsNode,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
  loadBrowserProcessSpecificV8Snapshot: FuseV1Options.LoadBrowserProcessSpecificV8Snapshot,
  grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges
}

/** Libraries only the renderer uses: its bundle holds them, app.asar must not. */
const RENDERER_ONLY = [
  'react',
  'react-dom',
  'recharts',
  '@tanstack/react-query',
  'd3-scale',
  'es-toolkit',
  'idb-keyval'
]

let scratch = ''
let appOutDir = ''
let asarPath = ''
let asarFiles: string[] = []

beforeAll(async () => {
  // The real path: Node loads modules by theirs (macOS's tmpdir is a symlink into /private).
  scratch = realpathSync(mkdtempSync(join(tmpdir(), 'market-package-')))
  const electronVersion = (
    JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as {
      version: string
    }
  ).version
  const dist = writeElectronDistStandIn(join(scratch, 'electron-dist'), electronVersion)
  const packaged = await packageApp(ROOT, dist, join(scratch, 'dist'), PACKAGING_BOUND_MS)
  appOutDir = packaged.appOutDir
  asarPath = join(appOutDir, 'resources/app.asar')
  asarFiles = listPackage(asarPath, { isPack: false }).map((path) => path.replace(/\\/g, '/'))
}, PACKAGING_BOUND_MS + 10_000)

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true })
})

describe('the packaged app (electron-builder --dir, offline)', () => {
  it('app.asar holds the build output, the icon and package.json, and nothing else of ours', () => {
    const folders = new Set(asarFiles.map((path) => path.slice(0, path.lastIndexOf('/'))))
    const ours = asarFiles.filter((path) => !path.startsWith('/node_modules') && !folders.has(path))
    const expected = /^\/(package\.json|out\/(main|preload|renderer)\/.+|resources\/icon\.png)$/
    expect(ours.filter((path) => !expected.test(path))).toEqual([])
    for (const file of [
      '/package.json',
      '/out/main/index.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/resources/icon.png'
    ]) {
      expect(ours, file).toContain(file)
    }
    // No source maps, TypeScript sources or declarations, or test folders: ours or packages'.
    const notForRunning = /\.map$|\.[cm]?tsx?$|\/(test|tests|__tests__)\//
    expect(asarFiles.filter((path) => notForRunning.test(path))).toEqual([])
  })

  it("holds main's production dependencies only: no renderer-only library", () => {
    const packed = packagesInArchive(asarFiles)
    for (const library of RENDERER_ONLY) expect(packed.has(library), library).toBe(false)
    const { required, allowed } = productionPackages(ROOT)
    expect([...packed].filter((name) => !allowed.has(name)).sort()).toEqual([])
    expect([...required].filter((name) => !packed.has(name)).sort()).toEqual([])
    const megabytes = statSync(asarPath).size / 1024 / 1024
    expect(megabytes).toBeLessThan(12)
  })

  it('its package.json names the product and keeps what main needs to load', () => {
    const packaged = JSON.parse(extractFile(asarPath, 'package.json').toString('utf8')) as Record<
      string,
      unknown
    >
    expect(packaged).toMatchObject({
      productName: PRODUCT_NAME,
      version: manifest.version,
      main: './out/main/index.js',
      type: 'module'
    })
    expect(packaged).not.toHaveProperty('devDependencies')
    expect(packaged).not.toHaveProperty('scripts')
  })

  it('the fuses read back as electron-builder.json sets them', async () => {
    const wire = await getCurrentFuseWire(join(appOutDir, 'market-explorer'))
    for (const [name, on] of Object.entries(builderConfig.electronFuses)) {
      const fuse = FUSE_NUMBERS[name]
      if (fuse === undefined) continue
      expect(wire[fuse], name).toBe(on ? FUSE_ON : FUSE_OFF)
    }
  })

  it('the main bundle walks as in a checkout, from the extracted packaged app', async () => {
    const install = join(scratch, 'installed', AWKWARD_FOLDER, PRODUCT_NAME)
    const resourcesPath = join(install, 'resources')
    mkdirSync(resourcesPath, { recursive: true })
    extractAll(asarPath, join(resourcesPath, 'app'))
    cpSync(
      join(appOutDir, 'resources/service-contract.md'),
      join(resourcesPath, 'service-contract.md')
    )
    const walkFile = await buildWalk(join(ROOT, 'test-results/main-bundle'))
    const config = walkConfig(
      { appPath: join(resourcesPath, 'app'), resourcesPath, isPackaged: true },
      join(scratch, 'user')
    )
    const run = await runWalk(walkFile, config, 60_000)
    expect(run.report, `no report from the walk:\n${run.stdout}\n${run.stderr}`).toBeDefined()
    expect(
      (run.report?.checks ?? []).filter((check) => !check.ok),
      run.stderr
    ).toEqual([])
    expect(run.exit).toMatchObject({ drained: true, unhandled: [] })
    expect(run.exitCode).toBe(0)
  })
})
