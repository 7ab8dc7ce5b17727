import { describe, expect, it } from 'vitest'
import { preloadBundleProblems } from './check-preload-bundle'

describe('preloadBundleProblems', () => {
  it('accepts a bundle that only requires electron', () => {
    expect(preloadBundleProblems('let electron = require("electron");\nvar x = 1;')).toEqual([])
    expect(
      preloadBundleProblems('require("electron")\n/** no process.env */\n// require("zod")\n')
    ).toEqual([])
  })

  it('reports other requires, ESM syntax, dynamic imports and process.env', () => {
    expect(preloadBundleProblems('const z = require("zod"); require("electron")')).toEqual([
      'requires "zod"'
    ])
    expect(preloadBundleProblems('import { a } from "electron"')).toContain(
      'does not require("electron")'
    )
    expect(preloadBundleProblems('require("electron");\nexport { x }')).toContain(
      'contains ESM import/export'
    )
    expect(preloadBundleProblems('require("electron"); import("./chunk.js")')).toContain(
      'contains a dynamic import()'
    )
    expect(preloadBundleProblems('require("electron"); process.env.HOME')).toContain(
      'reads process.env'
    )
    expect(preloadBundleProblems('require("electron"); require(name)')).toContain('requires name')
  })
})
