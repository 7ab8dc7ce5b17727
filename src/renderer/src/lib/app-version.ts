import packageJson from '../../../../package.json?raw'

/** The app version from package.json (part of the offline cache buster). */
export const APP_VERSION: string = /"version"\s*:\s*"([^"]+)"/.exec(packageJson)?.[1] ?? '0.0.0'
