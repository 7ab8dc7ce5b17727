/** The app version as a build-time constant (`__APP_VERSION__`), read from package.json text. */
export function appVersionDefine(packageJsonText: string): Record<'__APP_VERSION__', string> {
  const parsed: unknown = JSON.parse(packageJsonText)
  const version =
    typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : ''
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+/.test(version)) {
    throw new Error(`package.json has no usable "version" (got ${JSON.stringify(version)})`)
  }
  return { __APP_VERSION__: JSON.stringify(version) }
}
