/** Readers for the CLI's text tables (columns are separated by two or more spaces). */

/** Cells of a text-table line. */
export function tableCells(line: string): string[] {
  return line.trim().split(/\s{2,}/)
}

/** The data lines of a text table (after the header and the dashed rule). */
export function tableRows(stdout: string): string[][] {
  return stdout.trimEnd().split('\n').slice(2).map(tableCells)
}

/** A whole number as the CLI prints it (en-US digit groups). */
export function groupDigits(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value)
}
