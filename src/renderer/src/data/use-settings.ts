import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OperationInput } from '@shared/operations'
import type { Settings } from '@shared/settings'
import { askMarket } from './market-result'
import { appKeys, askAgain } from './queries'
import { useMarket } from './app-deps'

type SettingsChange = OperationInput<'updateSettings'>

const CONNECTION_FIELDS = [
  'connectionMode',
  'baseUrl',
  'offlineMode',
  'parameterPlacement'
] as const

export function useSettings() {
  const market = useMarket()
  return useQuery<Settings>({
    queryKey: appKeys.settings,
    queryFn: () => askMarket(() => market.getSettings()),
    staleTime: Infinity
  })
}

export function useUpdateSettings() {
  const market = useMarket()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (change: SettingsChange) => askMarket(() => market.updateSettings(change)),
    onSuccess: async (settings, change) => {
      client.setQueryData(appKeys.settings, settings)
      if (CONNECTION_FIELDS.some((field) => field in change)) {
        await client.invalidateQueries({ queryKey: appKeys.connectionStatus })
        await askAgain(client)
      }
    }
  })
}
