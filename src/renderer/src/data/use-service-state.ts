/**
 * What main's quota guard does with lookups now (ServiceState), as the screens show it. Main
 * decides; the renderer holds no timing of its own: a countdown from `waitMs` is display only.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { ServiceStateSchema } from '@shared/contract'
import type { ServiceState } from '@shared/contract'
import type { MarketApi } from '@shared/operations'
import { useMarket } from './app-deps'
import { askMarket } from './market-result'
import { appKeys } from './queries'

interface ShownServiceState {
  state: ServiceState
  /** performance.now() when it arrived: `waitMs` counts from then. */
  receivedAt: number
  /** The clock time (epoch ms) a wait ends, to show the user: worked out once, on arrival. */
  resumesAt: number
}

const OPEN: ShownServiceState = { state: { kind: 'open' }, receivedAt: 0, resumesAt: 0 }

function shown(state: unknown): ShownServiceState {
  const parsed = ServiceStateSchema.safeParse(state)
  if (!parsed.success) return OPEN
  const waitMs = 'waitMs' in parsed.data ? parsed.data.waitMs : 0
  return { state: parsed.data, receivedAt: performance.now(), resumesAt: Date.now() + waitMs }
}

/** Keeps the shown state current with each state main sends; returns how to stop. */
export function followServiceState(
  market: Pick<MarketApi, 'onServiceState'>,
  client: QueryClient
): () => void {
  return market.onServiceState((state) => client.setQueryData(appKeys.serviceState, shown(state)))
}

export function useServiceState(): ShownServiceState {
  const market = useMarket()
  const query = useQuery({
    queryKey: appKeys.serviceState,
    queryFn: async () => shown((await askMarket(() => market.getConnectionStatus())).service),
    staleTime: Infinity
  })
  return query.data ?? OPEN
}

/**
 * What the user asks for (Retry now, Refresh): when main holds, pauses or stops lookups it is
 * first asked to go on (resumeService), so the user's own request is sent; then `work` runs.
 */
export function useUserRequest(): <T>(work: () => T | Promise<T>) => Promise<T> {
  const market = useMarket()
  const client = useQueryClient()
  const { state } = useServiceState()
  const resume = useMutation({
    mutationFn: () => askMarket(() => market.resumeService()),
    onSuccess: (next) => client.setQueryData(appKeys.serviceState, shown(next))
  })
  const { mutateAsync } = resume
  return useCallback(
    async <T>(work: () => T | Promise<T>): Promise<T> => {
      if (state.kind !== 'open') await mutateAsync().catch(() => undefined)
      return work()
    },
    [state.kind, mutateAsync]
  )
}
