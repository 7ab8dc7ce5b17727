/** Figures as the app shows them (en-US, the test browser's locale). */

/** A price of a million or more: `NGN 128M` (the exact figure is in the cell's tooltip). */
export function compactPrice(value: number, currency = 'NGN'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumSignificantDigits: 3
  })
    .format(value)
    .replace(/\s/g, ' ')
}

/** Growth (a percentage, 7.5 = 7.5 %) signed with one decimal: `+7.5%`. */
export function growthText(percent: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero'
  }).format(percent / 100)
}
