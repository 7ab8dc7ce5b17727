/** How the walk marks its two report lines on stdout (main logs to stderr). */
export const REPORT_PREFIX = 'SMOKE-REPORT '
export const EXIT_PREFIX = 'SMOKE-EXIT '
