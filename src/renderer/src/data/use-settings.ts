/** The settings, the API key's status and the connection: what main keeps, as the screens ask it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import type { ConnectionDraft, ConnectionTestOutput, KeyStatus } from '@shared/contract'
import type { MarketApi, OperationInput } from '@shared/operations'
import type { Result } from '@shared/result'
import { askMarket } from './market-result'
import { appKeys, askAgain } from './queries'
import { useMarket } from './app-deps'

const CONNECTION_FIELDS = [
  'connectionMode',
  'baseUrl',
  'offlineMode',
  'parameterPlacement'
] as const

const CONNECTION_STATUS_REFRESH_MS = 10_000

/** App state kept by main: asked once (`staleTime` Infinity) unless `refetchInterval` says. */
function useAppState<T>(
  queryKey: readonly string[],
  ask: (market: MarketApi) => Promise<Result<T>>,
  refetchInterval?: number
) {
  const market = useMarket()
  return useQuery({
    queryKey,
    queryFn: () => askMarket(() => ask(market)),
    ...(refetchInterval ? { refetchInterval } : { staleTime: Infinity })
  })
}

export const useSettings = () => useAppState(appKeys.settings, (market) => market.getSettings())

export function useUpdateSettings() {
  const market = useMarket()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (change: OperationInput<'updateSettings'>) =>
      askMarket(() => market.updateSettings(change)),
    onSuccess: async (settings, change) => {
      client.setQueryData(appKeys.settings, settings)
      if (CONNECTION_FIELDS.some((field) => field in change)) {
        await client.invalidateQueries({ queryKey: appKeys.connectionStatus })
        await askAgain(client)
      }
    }
  })
}

/** Whether a key is stored and how; the key itself never comes back to the renderer. */
export const useKeyStatus = () => useAppState(appKeys.keyStatus, (market) => market.getKeyStatus())

function useKeyMutation<TInput>(
  send: (market: MarketApi, input: TInput) => Promise<Result<KeyStatus>>
) {
  const market = useMarket()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: TInput) => askMarket(() => send(market, input)),
    onSuccess: async (status) => {
      client.setQueryData(appKeys.keyStatus, status)
      await client.invalidateQueries({ queryKey: appKeys.connectionStatus })
      await askAgain(client)
    }
  })
}

export const useSetApiKey = () =>
  useKeyMutation((market, input: OperationInput<'setApiKey'>) => market.setApiKey(input))

export const useClearApiKey = () => useKeyMutation((market) => market.clearApiKey())

export const useConnectionStatus = () =>
  useAppState(
    appKeys.connectionStatus,
    (market) => market.getConnectionStatus(),
    CONNECTION_STATUS_REFRESH_MS
  )

export function useTestConnection() {
  const market = useMarket()
  const client = useQueryClient()
  /** With a draft: tests what Settings' form holds without saving it; without: the saved settings. */
  return useMutation({
    mutationFn: (draft: ConnectionDraft | undefined): Promise<ConnectionTestOutput> =>
      askMarket(() => market.testConnection(draft)),
    onSuccess: async (output) => {
      if (!output.layoutSaved) return
      // The settings show the layout found, and lookups that failed (a route missing) ask again.
      await client.invalidateQueries({ queryKey: appKeys.settings })
      await askAgain(client)
    },
    onSettled: () => client.invalidateQueries({ queryKey: appKeys.connectionStatus })
  })
}

/** Ends the running connection test at once: it then fails with what it tried in its details. */
export function useCancelConnectionTest(): () => void {
  const market = useMarket()
  return () => void market.cancelConnectionTest().catch(() => undefined)
}

function subscribeToNetwork(listener: () => void): () => void {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** navigator.onLine, kept current by the online/offline events. */
export function useNavigatorOnline(): boolean {
  return useSyncExternalStore(
    subscribeToNetwork,
    () => navigator.onLine,
    () => true
  )
}
