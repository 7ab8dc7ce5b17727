import { createContext, useContext } from 'react'

export type ResolvedTheme = 'light' | 'dark'

/** The theme in effect, provided by the app shell; charts read it to pick their colours. */
export const ThemeContext = createContext<ResolvedTheme>('light')

export function useTheme(): ResolvedTheme {
  return useContext(ThemeContext)
}
