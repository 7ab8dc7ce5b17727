/**
 * The route layouts the CLI found, remembered per base URL in routes.json in its config folder
 * (MARKET_CLI_CONFIG_DIR, else $XDG_CONFIG_HOME/market-explorer-cli, else
 * ~/.config/market-explorer-cli), read and written by conf behind the same checks as the app's
 * settings (src/main/settings/guarded-file.ts). Without a usable folder they live in memory for
 * the run and discovery runs again next time. Only routes are kept: never the key.
 */
import { join } from 'node:path'
import { z } from 'zod'
import type { RouteLayout } from '@shared/settings'
import { RouteLayoutsSchema, withRouteLayout } from '@shared/settings'
import { memoryFile, openGuardedFile } from '../main/settings/guarded-file'

export const CONFIG_DIR_ENV = 'MARKET_CLI_CONFIG_DIR'
export const ROUTES_FILE = 'routes.json'

const RoutesFileSchema = z.object({ version: z.literal(1), layouts: RouteLayoutsSchema })

export interface RouteMemory {
  recall(baseUrl: string): RouteLayout | undefined
  remember(baseUrl: string, layout: RouteLayout): void
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

export function openRouteMemory(dir: string | undefined): RouteMemory {
  let file = dir === undefined ? memoryFile() : openGuardedFile(dir, 'routes')
  const found = file.read()
  // Not a small file holding JSON: set aside untouched, so the next write can replace it.
  if (found.kind === 'refused') file.moveAside(new Date())
  const parsed = RoutesFileSchema.safeParse(found.kind === 'json' ? found.value : undefined)
  let layouts: Record<string, RouteLayout> = parsed.success ? parsed.data.layouts : {}
  return {
    recall: (baseUrl) => layouts[baseUrl],
    remember(baseUrl, layout) {
      layouts = withRouteLayout(layouts, baseUrl, layout)
      try {
        file.write({ version: 1, layouts })
      } catch {
        file = memoryFile()
      }
    }
  }
}
