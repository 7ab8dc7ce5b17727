import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import type { ConnectionDraft, ConnectionStatus, ConnectionTestOutput } from '@shared/contract'
import { askMarket } from './market-result'
import { appKeys, askAgain } from './queries'
import { useMarket } from './app-deps'

const CONNECTION_STATUS_REFRESH_MS = 10_000

export function useConnectionStatus() {
  const market = useMarket()
  return useQuery<ConnectionStatus>({
    queryKey: appKeys.connectionStatus,
    queryFn: () => askMarket(() => market.getConnectionStatus()),
    refetchInterval: CONNECTION_STATUS_REFRESH_MS
  })
}

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
