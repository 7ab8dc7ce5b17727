/**
 * A stand-in Electron distribution for `electron-builder --dir` (its `electronDist`), so packaging
 * runs offline: the files electron-builder copies and renames, and an executable that is only a
 * fuse wire, set as Electron ships it, for electron-builder to flip and the test to read back.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FuseV1Options } from '@electron/fuses'

/** Marks the fuse wire in an Electron binary (@electron/fuses looks for it). */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
const FUSE_WIRE_VERSION = 1
/** A fuse's state on the wire: ASCII '1' (on) or '0' (off). */
export const FUSE_ON = 0x31
export const FUSE_OFF = 0x30

/** Electron's own settings, before any flip (docs/tutorial/fuses.md). */
export const SHIPPED_FUSES: Readonly<Record<FuseV1Options, boolean>> = {
  [FuseV1Options.RunAsNode]: true,
  [FuseV1Options.EnableCookieEncryption]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: true,
  [FuseV1Options.EnableNodeCliInspectArguments]: true,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: false,
  [FuseV1Options.OnlyLoadAppFromAsar]: false,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: true
}

/** Writes a Linux distribution (the `electron` executable, resources/, licences) into `folder`. */
export function writeElectronDistStandIn(folder: string, version: string): string {
  mkdirSync(join(folder, 'resources'), { recursive: true })
  const fuses = Object.keys(SHIPPED_FUSES)
    .map(Number)
    .sort((a, b) => a - b)
    .map((fuse) => (SHIPPED_FUSES[fuse as FuseV1Options] ? FUSE_ON : FUSE_OFF))
  const executable = join(folder, 'electron')
  writeFileSync(
    executable,
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "stand-in for Electron: nothing runs here" >&2\nexit 1\n'),
      Buffer.from(FUSE_SENTINEL),
      Buffer.from([FUSE_WIRE_VERSION, fuses.length, ...fuses])
    ])
  )
  chmodSync(executable, 0o755)
  writeFileSync(join(folder, 'version'), version)
  writeFileSync(join(folder, 'LICENSE'), 'Stand-in for the Electron licence.\n')
  writeFileSync(join(folder, 'LICENSES.chromium.html'), '<p>Stand-in for Chromium licences.</p>\n')
  return folder
}
