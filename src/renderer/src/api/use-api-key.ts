import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { KeyStatus, OperationInput } from '@shared/contract'
import { callMarket, unwrap } from './market-result'
import type { MarketQueryError } from './market-result'
import { appKeys } from './query-keys'
import { useMarketApi } from './services'

/** Whether a key is stored and how; the key itself never comes back to the renderer. */
export function useKeyStatus() {
  const market = useMarketApi()
  return useQuery<KeyStatus, MarketQueryError>({
    queryKey: appKeys.keyStatus,
    queryFn: () => callMarket(() => market.getKeyStatus(), unwrap),
    staleTime: Infinity
  })
}

function useKeyMutation<TInput>(send: (input: TInput) => Promise<KeyStatus>) {
  const client = useQueryClient()
  return useMutation<KeyStatus, MarketQueryError, TInput>({
    mutationFn: send,
    onSuccess: async (status) => {
      client.setQueryData(appKeys.keyStatus, status)
      await client.invalidateQueries({ queryKey: appKeys.connectionStatus })
    }
  })
}

export function useSetApiKey() {
  const market = useMarketApi()
  return useKeyMutation((input: OperationInput<'setApiKey'>) =>
    callMarket(() => market.setApiKey(input), unwrap)
  )
}

export function useClearApiKey() {
  const market = useMarketApi()
  return useKeyMutation(() => callMarket(() => market.clearApiKey(), unwrap))
}
