/** A logger that keeps every line it is given, for tests that check what was (or was not) logged. */
import type { AppLogger, LogFields } from '../../../src/main/logging/logger'

export interface LogLine {
  level: 'info' | 'warn' | 'error'
  message: string
  fields: LogFields | undefined
}

export function capturingLogger(lines: LogLine[]): AppLogger {
  const log = (level: LogLine['level']) => (message: string, fields?: LogFields) => {
    lines.push({ level, message, fields })
  }
  return { info: log('info'), warn: log('warn'), error: log('error') }
}
