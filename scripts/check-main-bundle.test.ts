import { describe, expect, it } from 'vitest'
import { dependencyProblems, importedPackages } from './check-main-bundle'

describe('importedPackages', () => {
  it('lists the packages of static, dynamic and require imports, without Node or Electron', () => {
    const bundle = [
      'import ElectronStore from "electron-store";',
      'import { Agent, request } from "undici";',
      'import { app } from "electron";',
      'import { join } from "node:path";',
      'import fs from "fs";',
      "import './side-effect.js';",
      'import "reflect-metadata";',
      'export { z } from "zod";',
      'const chunk = await import("./chunk.js");',
      'const lazy = await import("@scope/pkg/sub/path.js");',
      'const old = require("p-limit");',
      '/* a comment: import nothing from here */'
    ].join('\n')
    expect(importedPackages(bundle)).toEqual([
      '@scope/pkg',
      'electron-store',
      'p-limit',
      'reflect-metadata',
      'undici',
      'zod'
    ])
  })
})

describe('dependencyProblems', () => {
  it('names a package main imports but does not declare, and one declared but not imported', () => {
    expect(dependencyProblems(['undici', 'zod'], ['undici', 'zod'])).toEqual([])
    const problems = dependencyProblems(['undici', 'zod'], ['undici', 'react'])
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/^main imports zod, which is not in dependencies/)
    expect(problems[1]).toMatch(/^react is in dependencies but main does not import it/)
  })
})
