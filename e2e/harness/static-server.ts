/** Serves the built renderer (out/renderer) on 127.0.0.1 for the browser e2e harness. */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { listenOnLoopback } from '../../test/support/net/loopback'

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2'
}

export interface StaticServer {
  url: string
  close(): Promise<void>
}

export async function serveDirectory(root: string): Promise<StaticServer> {
  const rootWithSep = normalize(root) + sep
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname))
    if (!file.startsWith(rootWithSep)) {
      response.writeHead(403).end()
      return
    }
    stat(file).then(
      (info) => {
        if (!info.isFile()) throw new Error('not a file')
        response.writeHead(200, {
          'Content-Type': MIME_TYPES[extname(file)] ?? 'application/octet-stream',
          'Cache-Control': 'no-store'
        })
        createReadStream(file).pipe(response)
      },
      () => response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found')
    )
  })
  const { origin, close } = await listenOnLoopback(server)
  return { url: `${origin}/`, close }
}
