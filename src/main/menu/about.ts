/** The About box's text: version, what the data is, and the licences. */
export function aboutDetail(
  version: string,
  { electron, chrome, node }: Pick<NodeJS.ProcessVersions, 'electron' | 'chrome' | 'node'>
): string {
  return [
    `Version ${version}`,
    `Electron ${electron} · Chromium ${chrome} · Node ${node}`,
    '',
    'Data: figures come from the Property Market Data Service you connect to. In demo mode they ' +
      'are a bundled illustrative dataset, not real prices. Check figures before acting on them.',
    '',
    'Licences: built with Electron, Chromium, React, zod, undici, fastify, recharts and other ' +
      'open-source libraries, each under its own licence (MIT, ISC, BSD or Apache-2.0). ' +
      "Electron's and Chromium's licence texts ship beside the app (LICENSE.electron.txt, " +
      'LICENSES.chromium.html).'
  ].join('\n')
}
