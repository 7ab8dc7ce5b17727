import { QueryClientProvider } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ServicesProvider } from '../api/services'
import type { AppServices } from '../api/services'
import { LiveAnnouncerProvider } from '../components/LiveAnnouncer'
import { StoreWriteNotices } from '../components/StoreWriteNotices'
import { ToastProvider } from '../components/Toasts'

export function AppProviders(props: {
  services: AppServices
  queryClient: QueryClient
  children: ReactNode
}) {
  return (
    <QueryClientProvider client={props.queryClient}>
      <ServicesProvider services={props.services}>
        <LiveAnnouncerProvider>
          <ToastProvider>
            <StoreWriteNotices />
            {props.children}
          </ToastProvider>
        </LiveAnnouncerProvider>
      </ServicesProvider>
    </QueryClientProvider>
  )
}
