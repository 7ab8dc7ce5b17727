import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { KeyStatus } from '@shared/contract'
import type { OperationInput } from '@shared/operations'
import { askMarket } from './market-result'
import { appKeys, askAgain } from './queries'
import { useMarket } from './app-deps'

/** Whether a key is stored and how; the key itself never comes back to the renderer. */
export function useKeyStatus() {
  const market = useMarket()
  return useQuery<KeyStatus>({
    queryKey: appKeys.keyStatus,
    queryFn: () => askMarket(() => market.getKeyStatus()),
    staleTime: Infinity
  })
}

function useKeyMutation<TInput>(send: (input: TInput) => Promise<KeyStatus>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: async (status) => {
      client.setQueryData(appKeys.keyStatus, status)
      await client.invalidateQueries({ queryKey: appKeys.connectionStatus })
      await askAgain(client)
    }
  })
}

export function useSetApiKey() {
  const market = useMarket()
  return useKeyMutation((input: OperationInput<'setApiKey'>) =>
    askMarket(() => market.setApiKey(input))
  )
}

export function useClearApiKey() {
  const market = useMarket()
  return useKeyMutation(() => askMarket(() => market.clearApiKey()))
}
