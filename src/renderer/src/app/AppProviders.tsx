import { QueryClientProvider } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AppDepsContext } from '../data/app-deps'
import type { AppDeps } from '../data/app-deps'
import { LiveAnnouncerProvider } from '../components/LiveAnnouncer'
import { StoreWriteNotices, ToastProvider } from '../components/Toasts'

export function AppProviders(props: {
  deps: AppDeps
  queryClient: QueryClient
  children: ReactNode
}) {
  return (
    <QueryClientProvider client={props.queryClient}>
      <AppDepsContext.Provider value={props.deps}>
        <LiveAnnouncerProvider>
          <ToastProvider>
            <StoreWriteNotices />
            {props.children}
          </ToastProvider>
        </LiveAnnouncerProvider>
      </AppDepsContext.Provider>
    </QueryClientProvider>
  )
}
