import type { MarketApi } from '@shared/operations'
import type { StandIn } from '../stand-in/electron'
import type { StandInBrowserWindow } from '../stand-in/browser-window'
import type { WalkConfig } from './config'
import type { Recorder } from './report'

export interface WalkContext {
  config: WalkConfig
  standIn: StandIn
  rec: Recorder
}

/** The main window and the `window.market` its page's preload exposed. */
export interface OpenWindow {
  window: StandInBrowserWindow
  market: MarketApi
}
