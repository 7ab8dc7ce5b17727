/**
 * `electron-builder --dir` as a release runs it, offline: the stand-in Electron distribution in
 * place of the download, no native rebuild (the app has no native module), output in `outDir`.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'

export interface PackagedApp {
  /** The unpacked app folder (linux-unpacked): the executable, resources/app.asar… */
  appOutDir: string
  log: string
}

export function packageApp(
  root: string,
  electronDist: string,
  outDir: string,
  boundMs: number
): Promise<PackagedApp> {
  const args = [
    join(root, 'node_modules/electron-builder/cli.js'),
    '--dir',
    '--linux',
    '--config',
    'electron-builder.json',
    `-c.electronDist=${electronDist}`,
    `-c.directories.output=${outDir}`,
    '-c.npmRebuild=false'
  ]
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let log = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      fail(new Error(`electron-builder ran over ${boundMs} ms and was stopped\n${log}`))
    }, boundMs)
    child.on('error', fail)
    child.on('close', (code) => {
      clearTimeout(timer)
      if (code === 0) done({ appOutDir: join(outDir, 'linux-unpacked'), log })
      else fail(new Error(`electron-builder exited with ${code}\n${log}`))
    })
  })
}
