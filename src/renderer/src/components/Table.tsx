import type { ReactNode } from 'react'

/**
 * A column heading: its words, or words with a class (`num` for figures), a smaller second line
 * (`th-sub`), or said to screen readers only (an actions column).
 */
export type TableColumn =
  string | { label: ReactNode; className?: string; sub?: ReactNode; hidden?: boolean }

/**
 * A data table of the app's look: a caption (said to screen readers only unless `captionShown`),
 * one header row of `columns`, and the rows given as children.
 */
export function Table(props: {
  caption?: ReactNode
  captionShown?: boolean
  columns: readonly TableColumn[]
  className?: string
  testId?: string
  'aria-labelledby'?: string
  'aria-describedby'?: string
  children: ReactNode
}) {
  return (
    <table
      className={props.className ? `table ${props.className}` : 'table'}
      data-testid={props.testId}
      aria-labelledby={props['aria-labelledby']}
      aria-describedby={props['aria-describedby']}
    >
      {props.caption ? (
        <caption className={props.captionShown ? undefined : 'visually-hidden'}>
          {props.caption}
        </caption>
      ) : null}
      <thead>
        <tr>
          {props.columns.map((column, index) => {
            const { label, className, sub, hidden } =
              typeof column === 'string' ? { label: column } : column
            return (
              <th key={index} scope="col" className={className}>
                {hidden ? <span className="visually-hidden">{label}</span> : label}
                {sub ? (
                  <>
                    {' '}
                    <span className="th-sub block faint">{sub}</span>
                  </>
                ) : null}
              </th>
            )
          })}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  )
}
