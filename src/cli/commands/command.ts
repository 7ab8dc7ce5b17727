/** What a CLI command is: its options, a zod schema for them, help text, and how it runs. */
import type { z } from 'zod'
import { growthFieldName } from '@shared/growth'
import type { GrowthMeaning } from '@shared/growth'
import type { Handlers } from '@shared/operations'
import type { AppError, Result } from '@shared/result'
import { parseOptions } from '../fields'
import type { Cell, Column, Table } from '../format'
import type { OptionValues } from '../options'

export interface CommandContext {
  handlers: Handlers
  /** Aborts when the user interrupts (Ctrl-C). */
  signal: AbortSignal
}

export interface CommandOutput {
  /** What --json prints: the handler's Result data (compare: its rows and failures). */
  json: unknown
  /** What the text table and --csv show. */
  table: Table
  /** One line each on stderr, e.g. which compare cells failed and why. */
  notes: string[]
  /** Some lookups failed but others did not (compare): the exit code follows this error. */
  partialFailure?: AppError
}

/** The table of `records`: each one's cells under `columns` (a name: a text column). */
export function tableOf(
  columns: readonly (string | Column)[],
  records: readonly Readonly<Record<string, Cell | undefined>>[]
): Table {
  const full = columns.map((column): Column =>
    typeof column === 'string' ? { header: column, kind: 'text' } : column
  )
  return { columns: full, rows: records.map((record) => full.map((c) => record[c.header] ?? null)) }
}

/** What a command prints: `json` for --json; `records` in a table of `columns`. */
export function printed(
  json: unknown,
  columns: readonly (string | Column)[],
  records: readonly Readonly<Record<string, Cell | undefined>>[],
  notes: string[] = []
): Result<CommandOutput> {
  return { ok: true, data: { json, table: tableOf(columns, records), notes } }
}

export const PRICE: Column = { header: 'price', kind: 'number' }

/** A growth figure's column: `growth_avg_per_year`, `rent_growth_total`… */
export const growthColumn = (meaning: GrowthMeaning, prefix = ''): Column => ({
  header: growthFieldName(meaning, prefix),
  kind: 'number',
  decimals: 4,
  minDecimals: 1
})

export type CommandRun = (context: CommandContext) => Promise<Result<CommandOutput>>

export interface CommandSpec<S extends OptionsSchema> {
  name: string
  summary: string
  /** e.g. `price --location SLUG[:CC] --type rent|sale --beds N` */
  usage: string
  /** The command's own options and examples, for `<command> --help`. */
  help: string
  /** The command's own options (its keys) and their checks. */
  schema: S
  run(args: z.output<S>, context: CommandContext): Promise<Result<CommandOutput>>
}

type OptionsSchema = z.ZodObject

export interface Command extends Omit<CommandSpec<OptionsSchema>, 'schema' | 'run'> {
  options: readonly string[]
  /** Validates the command's options; the returned run needs a connection. */
  prepare(values: OptionValues): { ok: true; run: CommandRun } | { ok: false; message: string }
}

export function defineCommand<S extends OptionsSchema>({
  schema,
  run,
  ...spec
}: CommandSpec<S>): Command {
  return {
    ...spec,
    options: Object.keys(schema.shape),
    prepare(values) {
      // The schema keeps only its own options: any other was refused already (args.ts).
      const parsed = parseOptions(schema, values)
      return parsed.ok ? { ok: true, run: (context) => run(parsed.value, context) } : parsed
    }
  }
}
