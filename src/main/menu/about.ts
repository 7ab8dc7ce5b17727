/** The About box's text: version, what the data is, and the licences. */
export interface AboutInfo {
  appName: string
  version: string
  electronVersion: string
  chromeVersion: string
  nodeVersion: string
}

export function aboutDetail(info: AboutInfo): string {
  return [
    `Version ${info.version}`,
    `Electron ${info.electronVersion} · Chromium ${info.chromeVersion} · Node ${info.nodeVersion}`,
    '',
    'Data: figures come from the Property Market Data Service you connect to. In demo mode they ' +
      'are a bundled illustrative dataset, not real prices. Check figures before acting on them.',
    '',
    `Licences: ${info.appName} and the open-source libraries it is built with are distributed ` +
      'under their own licences; the packaged app includes them in LICENSES.chromium.html and ' +
      'the resources folder.'
  ].join('\n')
}
