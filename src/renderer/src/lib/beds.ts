/** Bed values are opaque strings; numeric ones read better as "3 bed". */
export function bedLabel(beds: string): string {
  return /^\d+$/.test(beds) ? `${beds} bed` : beds
}
