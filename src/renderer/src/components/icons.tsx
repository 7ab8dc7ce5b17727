import type { SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement> & { size?: number }

/** A 24 × 24 line icon in the text colour, drawn from one SVG path. */
function icon(path: string) {
  return function Icon({ size = 16, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        <path d={path} />
      </svg>
    )
  }
}

export const SearchIcon = icon('M4 11a7 7 0 1 0 14 0 7 7 0 1 0-14 0M20 20l-3.5-3.5')
export const CompassIcon = icon('M3 12a9 9 0 1 0 18 0 9 9 0 1 0-18 0M15.5 8.5l-2 5-5 2 2-5z')
export const ColumnsIcon = icon(
  'M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM9 4v16M15 4v16'
)
/** Bars of falling height: a ranked list. */
export const RankingsIcon = icon('M4 6h16M4 12h11M4 18h6')
export const BookmarkIcon = icon('M6 3h12v18l-6-4-6 4z')
export const SettingsIcon = icon(
  'M9 12a3 3 0 1 0 6 0 3 3 0 1 0-6 0M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z'
)
const StarOutline = icon('m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z')
export const StarIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <StarOutline {...p} fill={filled ? 'currentColor' : 'none'} />
)
export const RefreshIcon = icon(
  'M20 11a8 8 0 0 0-14.8-4.2L4 8.5M4 4v4.5h4.5M4 13a8 8 0 0 0 14.8 4.2l1.2-1.7M20 20v-4.5h-4.5'
)
export const PlusIcon = icon('M12 5v14M5 12h14')
export const CloseIcon = icon('M6 6l12 12M18 6 6 18')
export const DownloadIcon = icon('M12 4v11m0 0-4-4m4 4 4-4M5 20h14')
export const ChevronRightIcon = icon('m9 6 6 6-6 6')
export const ChevronLeftIcon = icon('m15 6-6 6 6 6')
export const ArrowLeftIcon = icon('M19 12H5m0 0 6-6m-6 6 6 6')
export const AlertIcon = icon('M12 3 2 20h20zM12 10v4M12 17.5v.01')
export const CloudOffIcon = icon(
  'M3 3l18 18M8 6.5A6 6 0 0 1 18 11a4 4 0 0 1 2.3 7.2M17 19H7a5 5 0 0 1-1.5-9.8'
)
export const MapPinOffIcon = icon(
  'M12 21s-6-5.3-6-11a6 6 0 0 1 10.2-4.3M18 10c0 2.2-.9 4.3-2 6.1M3 3l18 18'
)
export const DatabaseIcon = icon(
  'M4 5a8 3 0 1 0 16 0 8 3 0 1 0-16 0v14c0 1.7 3.6 3 8 3s8-1.3 8-3V5M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3'
)

export const LogoMark = (p: IconProps) => (
  <svg width={p.size ?? 22} height={p.size ?? 22} viewBox="0 0 24 24" aria-hidden="true">
    <rect width="24" height="24" rx="6" fill="var(--accent)" />
    <path
      d="M6 17V11M10 17V8M14 17v-4M18 17V6"
      stroke="#fff"
      strokeWidth="2.2"
      strokeLinecap="round"
    />
  </svg>
)
