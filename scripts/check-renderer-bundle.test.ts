import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { appVersionDefine } from './app-version-define'
import { packageJsonLeaks, packageJsonMarkers } from './check-renderer-bundle'

const packageJsonText = readFileSync('package.json', 'utf8')
const markers = packageJsonMarkers(packageJsonText)

describe('renderer bundle check', () => {
  it('finds package.json imported raw into a bundle', () => {
    const bundle = `const p=${JSON.stringify(packageJsonText)};export{p}`
    expect(packageJsonLeaks(bundle, markers)).toContain('devDependencies')
  })

  it('finds package.json imported as an object', () => {
    const bundle = `const p=${JSON.stringify(JSON.parse(packageJsonText))};`
    expect(packageJsonLeaks(bundle, markers).length).toBeGreaterThan(1)
  })

  it('passes a bundle that only holds the injected version', () => {
    const bundle = `const v=${appVersionDefine(packageJsonText).__APP_VERSION__};console.log(v)`
    expect(packageJsonLeaks(bundle, markers)).toEqual([])
  })
})

describe('app version define', () => {
  it('injects the version as a JSON string', () => {
    expect(appVersionDefine('{"version":"1.2.3"}')).toEqual({ __APP_VERSION__: '"1.2.3"' })
  })

  it('refuses a package.json without a version', () => {
    expect(() => appVersionDefine('{"name":"x"}')).toThrow(/version/)
  })
})
