/**
 * The route layouts the CLI found, remembered per base URL in its config folder
 * (MARKET_CLI_CONFIG_DIR, else $XDG_CONFIG_HOME/market-explorer-cli, else
 * ~/.config/market-explorer-cli). Without a usable folder they live in memory for the run and
 * discovery runs again next time. Only routes are kept: never the key.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import type { RouteLayout } from '@shared/settings'
import { RouteLayoutsSchema, withRouteLayout } from '@shared/settings'

export const CONFIG_DIR_ENV = 'MARKET_CLI_CONFIG_DIR'
export const ROUTES_FILE = 'routes.json'

const RoutesFileSchema = z.object({ version: z.literal(1), layouts: RouteLayoutsSchema })

export interface RouteMemory {
  recall(baseUrl: string): RouteLayout | undefined
  remember(baseUrl: string, layout: RouteLayout): void
  /** False when nothing can be kept on disk (discovery runs again next time). */
  readonly persistent: boolean
}

export function configDirFrom(
  env: Readonly<Record<string, string | undefined>>
): string | undefined {
  const own = env[CONFIG_DIR_ENV]?.trim()
  if (own) return own
  const xdg = env['XDG_CONFIG_HOME']?.trim()
  if (xdg) return join(xdg, 'market-explorer-cli')
  const home = env['HOME']?.trim()
  return home ? join(home, '.config', 'market-explorer-cli') : undefined
}

function readLayouts(file: string): Record<string, RouteLayout> | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    // No file yet is an empty memory; anything else (a folder, no permission) is unusable.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? {} : undefined
  }
  try {
    const parsed = RoutesFileSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data.layouts : {}
  } catch {
    return {}
  }
}

export function openRouteMemory(dir: string | undefined): RouteMemory {
  const file = dir === undefined ? undefined : join(dir, ROUTES_FILE)
  let layouts: Record<string, RouteLayout> = (file && readLayouts(file)) || {}
  let persistent = file !== undefined && readLayouts(file) !== undefined
  return {
    recall: (baseUrl) => layouts[baseUrl],
    remember(baseUrl, layout) {
      layouts = withRouteLayout(layouts, baseUrl, layout)
      if (!persistent || dir === undefined || file === undefined) return
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 })
        const temporary = `${file}.${process.pid}.tmp`
        writeFileSync(temporary, `${JSON.stringify({ version: 1, layouts }, null, 2)}\n`, {
          mode: 0o600
        })
        renameSync(temporary, file)
      } catch {
        persistent = false
      }
    },
    get persistent() {
      return persistent
    }
  }
}
