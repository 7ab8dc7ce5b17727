/**
 * Child process of the service benchmark: the embedded service (bundled dataset, or N synthetic
 * locations) and a bare node:http server answering the same bytes, so the load generator does not
 * share their event loop. Prints their URLs and the request path as one JSON line.
 *   tsx bench/service-targets.ts [bundled|<locations>]
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import Fastify from 'fastify'
import { bundledDatasetLoaded, loadDataset, startService } from '../src/service'
import { generateSyntheticDataset } from '../src/service/data/generate'
import { listenOnLoopback } from '../test/support/net/loopback'

export const BENCH_KEY = 'bench-key'

export interface ServiceTargets {
  service: string
  bare: string
  /** A minimal fastify app (no hooks, one route) sending the same bytes: fastify's own floor. */
  floor: string
  /** GET answers this process's CPU time so far, `{ "micros": n }` (user + system). */
  cpu: string
  path: string
  locations: number
  /** The same request as IPC input. */
  /** Of `locations`, the residential ones (the rest are land). */
  residential: number
  input: { location: string; countryCode: string; type: 'rent'; beds: string }
}

/** One keep-alive request over a raw socket: the status line, headers and body exactly as sent. */
function rawAnswer(base: string, path: string): Promise<string> {
  const { hostname, port, host } = new URL(base)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\napi-key: ${BENCH_KEY}\r\n\r\n`)
    )
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      text += chunk
      const [head = '', body] = text.split('\r\n\r\n')
      const length = /\r\ncontent-length: (\d+)/i.exec(head)?.[1]
      if (body !== undefined && length !== undefined && body.length >= Number(length)) {
        socket.destroy()
        resolve(text)
      }
    })
    socket.on('error', reject)
    socket.setTimeout(5_000, () => socket.destroy(new Error(`${base}${path}: no full answer`)))
  })
}

const ADDED_BY_NODE = new Set(['date', 'connection', 'keep-alive'])
const withoutDate = (answer: string): string => answer.replace(/\r\nDate: [^\r]*/i, '')

async function main(size: string): Promise<void> {
  const dataset =
    size === 'bundled'
      ? bundledDatasetLoaded()
      : loadDataset(generateSyntheticDataset(Number(size)))
  const [first] = dataset.residentialByKey.values()
  if (!first) throw new Error('dataset has no residential location')
  const beds = Object.keys(first.prices.rent)[0] ?? '2'
  const path = `/residential-prices?location=${first.slug}&country_code=${first.country_code}&type=rent&beds=${beds}`
  const service = await startService({ apiKey: BENCH_KEY, dataset })
  const answer = await rawAnswer(service.baseUrl, path)
  const [head = '', body = ''] = answer.split('\r\n\r\n')
  if (!head.startsWith('HTTP/1.1 200 ')) throw new Error(`sample request failed: ${head}`)
  // The service's own headers in its order, minus those Node's server adds to every answer.
  const headers = Object.fromEntries(
    head
      .split('\r\n')
      .slice(1)
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()])
      .filter(([name = '']) => !ADDED_BY_NODE.has(name.toLowerCase()))
  )
  const text = Buffer.from(body, 'latin1').toString('utf8')
  const { origin: bare } = await listenOnLoopback(
    createServer((_request, response) => {
      response.writeHead(200, headers)
      response.end(text)
    })
  )
  // Node's default keep-alive timeout, as the service and the bare server announce it.
  const minimal = Fastify({ keepAliveTimeout: 5_000 })
  minimal.get(path.split('?')[0] ?? path, (_request, reply) => reply.headers(headers).send(text))
  await minimal.listen({ host: '127.0.0.1', port: 0 })
  const floor = `http://127.0.0.1:${(minimal.server.address() as AddressInfo).port}`
  for (const [name, url] of [
    ['bare server', bare],
    ['minimal fastify app', floor]
  ]) {
    const theirs = withoutDate(await rawAnswer(url ?? '', path))
    if (theirs !== withoutDate(answer)) {
      throw new Error(
        `the ${name}'s answer differs:\n${JSON.stringify(answer)}\n${JSON.stringify(theirs)}`
      )
    }
  }
  const { origin: cpu } = await listenOnLoopback(
    createServer((_request, response) => {
      const { user, system } = process.cpuUsage()
      response.end(JSON.stringify({ micros: user + system }))
    })
  )
  const targets: ServiceTargets = {
    service: service.baseUrl,
    bare,
    floor,
    cpu,
    path,
    locations: dataset.residentialByKey.size + dataset.landByKey.size,
    residential: dataset.residentialByKey.size,
    input: { location: first.slug, countryCode: first.country_code, type: 'rent', beds }
  }
  process.stdout.write(`${JSON.stringify(targets)}\n`)
  process.once('SIGTERM', () => process.exit(0))
}

if (process.argv[1]?.endsWith('service-targets.ts')) void main(process.argv[2] ?? 'bundled')
