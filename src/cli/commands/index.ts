import type { Command } from './command'
import { compareCommand } from './compare'
import { doctorCommand } from './doctor'
import { growthCommand } from './growth'
import { landPriceCommand } from './land-price'
import { locationsCommand } from './locations'
import { priceCommand } from './price'

export const COMMANDS: readonly Command[] = [
  locationsCommand,
  priceCommand,
  growthCommand,
  landPriceCommand,
  compareCommand,
  doctorCommand
]

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((command) => command.name === name)
}

export type { Command, CommandContext, CommandOutput, CommandRun } from './command'
