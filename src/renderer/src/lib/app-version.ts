/** The app version, injected at build time (part of the offline cache buster). */
export const APP_VERSION: string = __APP_VERSION__
