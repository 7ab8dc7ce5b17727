/**
 * Each TypeScript file of the repo belongs to exactly one tsconfig project (the ones tsconfig.json
 * references). Run by `npm run typecheck` after `tsc -b`, which type-checks every project.
 *
 *   npx tsx scripts/check-tsconfig-projects.ts
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = resolve(import.meta.dirname, '..')

/** Files in no project and files in more than one, given each project's files. */
export function projectMembershipProblems(
  files: readonly string[],
  filesByProject: Readonly<Record<string, readonly string[]>>
): string[] {
  const owners = new Map<string, string[]>()
  for (const [project, members] of Object.entries(filesByProject)) {
    for (const file of members) owners.set(file, [...(owners.get(file) ?? []), project])
  }
  return files.flatMap((file) => {
    const projects = owners.get(file) ?? []
    if (projects.length === 0) return [`${file}: in no project`]
    if (projects.length > 1) return [`${file}: in ${projects.join(', ')}`]
    return []
  })
}

function referencedProjects(): string[] {
  const solution = ts.parseConfigFileTextToJson(
    'tsconfig.json',
    readFileSync(resolve(ROOT, 'tsconfig.json'), 'utf8')
  ).config as { references: Array<{ path: string }> }
  return solution.references.map((reference) => resolve(ROOT, reference.path))
}

function projectFiles(configPath: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      }
    }
  )
  if (!parsed) throw new Error(`cannot read ${configPath}`)
  return parsed.fileNames.map((file) => relative(ROOT, file))
}

function main(): number {
  const tracked = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mts', '*.cts'], {
    cwd: ROOT,
    encoding: 'utf8'
  })
    .split('\n')
    .filter(Boolean)
  const filesByProject = Object.fromEntries(
    referencedProjects().map((config) => [relative(ROOT, config), projectFiles(config)])
  )
  const problems = projectMembershipProblems(tracked, filesByProject)
  if (problems.length > 0) {
    console.error('Each TypeScript file must belong to exactly one tsconfig project:')
    for (const problem of problems) console.error(`  - ${problem}`)
    return 1
  }
  console.log(`tsconfig projects OK: ${tracked.length} files, each in exactly one project.`)
  return 0
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main()
}
