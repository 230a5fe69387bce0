import { Fragment, type HTMLAttributes, type Key, type ReactNode } from 'react';

/** One column of an admin table: its header, and each row's cell. */
export interface Column<T> {
  /** The column's React key, unique in its table. */
  key: string;
  /** The header text, and each cell's data-label: the caption of the value in the phone layout. */
  label: string;
  /** The whole header cell, when it is more than `<th scope="col">{label}</th>` (a sort button). */
  head?: ReactNode;
  /** The cell's content. */
  render: (row: T) => ReactNode;
  /** The cell's class. */
  className?: string;
  /** The cell's title (a tooltip with the full text of a clipped cell). */
  title?: (row: T) => string | undefined;
  /** The cell heads its row: `<th scope="row">` instead of `<td>`. */
  rowHeader?: boolean;
}

/** A row's attributes: its class and the like, and data-* attributes. */
export type RowAttributes = HTMLAttributes<HTMLTableRowElement> & {
  [data: `data-${string}`]: string | number | undefined;
};

export interface DataTableProps<T> {
  /** The table's classes ('admin-table' and its variant). */
  className: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Attributes of a row's `<tr>` (its class, data-* attributes). */
  rowProps?: (row: T) => RowAttributes;
  /** With no rows, one row across the table saying so; nothing when null, undefined or false. */
  empty?: ReactNode;
  /** aria-busy while the rows load; the attribute is left out when undefined. */
  busy?: boolean;
  /** A caption for screen readers only. */
  caption?: string;
  /** Inside the horizontally scrolling `.admin-table-wrap` (default) or bare. */
  wrap?: boolean;
}

/**
 * The admin area's table: a header cell per column, then a row per item whose cells carry their
 * column's label as data-label (the phone layout shows it before the value), and an empty row.
 */
export function DataTable<T>({
  className,
  columns,
  rows,
  rowKey,
  rowProps,
  empty,
  busy,
  caption,
  wrap = true,
}: DataTableProps<T>) {
  const table = (
    <table className={className} aria-busy={busy}>
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((c) =>
            c.head === undefined ? (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ) : (
              <Fragment key={c.key}>{c.head}</Fragment>
            ),
          )}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && empty !== undefined && empty !== null && empty !== false ? (
          <tr>
            <td colSpan={columns.length} className="admin-table__empty">
              {empty}
            </td>
          </tr>
        ) : null}
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((c) => {
              const Cell = c.rowHeader ? 'th' : 'td';
              return (
                <Cell
                  key={c.key}
                  scope={c.rowHeader ? 'row' : undefined}
                  data-label={c.label}
                  className={c.className}
                  title={c.title?.(row)}
                >
                  {c.render(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return wrap ? <div className="admin-table-wrap">{table}</div> : table;
}
