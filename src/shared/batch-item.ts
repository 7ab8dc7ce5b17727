/**
 * A batch item's Result as the batch progress event carries it (main → renderer): checked in the
 * renderer against the payload schema of the item's kind before anything is cached or shown.
 */
import { z } from 'zod'
import type { LookupRequest, LookupResult } from './contract'
import { AppErrorSchema, DATA_SOURCES } from './result'
import { GrowthPayloadSchema, LandPricePayloadSchema, ResidentialPricePayloadSchema } from './spec'

const ResultMetaSchema = z.object({ source: z.enum(DATA_SOURCES), fetchedAt: z.string().max(64) })

function resultSchema<T extends z.ZodType>(payload: T) {
  return z.union([
    z.object({ ok: z.literal(true), data: payload, meta: ResultMetaSchema.optional() }),
    z.object({ ok: z.literal(false), error: AppErrorSchema })
  ])
}

const RESULT_SCHEMAS = {
  residentialPrice: resultSchema(ResidentialPricePayloadSchema),
  growth: resultSchema(GrowthPayloadSchema),
  landPrice: resultSchema(LandPricePayloadSchema)
} as const

/** The item's Result when it has the shape its request's kind answers with, else undefined. */
export function parseBatchItemResult(
  request: LookupRequest,
  result: unknown
): LookupResult | undefined {
  const parsed = RESULT_SCHEMAS[request.kind].safeParse(result)
  return parsed.success ? (parsed.data as LookupResult) : undefined
}
