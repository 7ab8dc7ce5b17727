/**
 * A module resolve hook (node:module `register`): `electron`, from any importer (the main bundle,
 * electron-store), resolves to the stand-in. Everything else resolves as usual.
 */
interface ResolveContext {
  parentURL?: string
  conditions: string[]
}

interface ResolveResult {
  url: string
  shortCircuit?: boolean
  format?: string | null
}

type NextResolve = (specifier: string, context: ResolveContext) => Promise<ResolveResult>

let standInUrl = ''

export function initialize(data: { standInUrl: string }): void {
  standInUrl = data.standInUrl
}

export async function resolve(
  specifier: string,
  context: ResolveContext,
  nextResolve: NextResolve
): Promise<ResolveResult> {
  if (specifier === 'electron') return { url: standInUrl, format: 'module', shortCircuit: true }
  return nextResolve(specifier, context)
}
