import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { type CatalogueColumn, CatalogueTable } from './CatalogueTable';
import { DataTable } from './DataTable';
import { deleteInTurn, useAdminTable } from './useAdminTable';

interface Item {
  id: number;
  name: string;
  note: string | null;
}
type Col = 'id' | 'name';
const items: Item[] = [
  { id: 1, name: 'Alpha', note: null },
  { id: 2, name: 'Beta', note: 'b' },
];
const accessor = (i: Item, c: Col) => i[c];
const filter = () => true;

function List({
  rows,
  onSave,
  onDelete,
  write,
}: {
  rows: Item[];
  onSave?: (i: Item) => void;
  onDelete: (i: Item) => void;
  write?: () => Promise<void>;
}) {
  const table = useAdminTable<Item, Col>({ rows, filter, accessor });
  if (write) onSave = (i) => void table.saveRow(i.id, write);
  const columns: CatalogueColumn<Item, Col>[] = [
    { key: 'id', label: 'ID', sortable: true, render: (i) => i.id },
    { key: 'name', label: 'Name', sortable: true, edit: { field: 'name', label: (i) => `Name of ${i.id}` } },
    { key: 'note', label: 'Note', edit: { field: 'note', label: (i) => `Note of ${i.id}` } },
  ];
  return (
    <CatalogueTable
      table={table}
      columns={columns}
      rowName={(i) => i.name}
      loading={false}
      showEmpty
      {...(onSave ? { onSave } : {})}
      onDelete={onDelete}
    />
  );
}

const bodyRows = () => screen.getAllByRole('row').slice(1);
const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('the admin table kit’s tables', () => {
  it('draws a column per header cell and captions each cell with its column for the phone layout', () => {
    renderPage(
      {},
      <DataTable
        className="admin-table admin-table--x"
        caption="Things"
        rows={items}
        rowKey={(i) => i.id}
        rowProps={(i) => ({ className: `row-${i.id}` })}
        columns={[
          { key: 'name', label: 'Name', rowHeader: true, render: (i) => i.name },
          {
            key: 'note',
            label: 'Note',
            className: 'admin-mono',
            title: (i) => i.note ?? undefined,
            render: (i) => i.note ?? '-',
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table.className).toBe('admin-table admin-table--x');
    expect(table.hasAttribute('aria-busy')).toBe(false);
    expect(table.parentElement?.className).toBe('admin-table-wrap');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Note']);
    const [, beta] = bodyRows();
    expect(beta!.className).toBe('row-2');
    const header = within(beta!).getByRole('rowheader');
    expect([header.textContent, header.dataset.label]).toEqual(['Beta', 'Name']);
    const cell = within(beta!).getByRole('cell');
    expect([cell.textContent, cell.dataset.label, cell.className, cell.title]).toEqual([
      'b',
      'Note',
      'admin-mono',
      'b',
    ]);
  });

  it('says an empty list in one row across all columns, and only when asked to', () => {
    const { unmount } = renderPage(
      {},
      <DataTable
        className="admin-table"
        rows={[] as Item[]}
        rowKey={(i) => i.id}
        empty="Nothing"
        busy={false}
        wrap={false}
        columns={[
          { key: 'a', label: 'A', render: (i) => i.id },
          { key: 'b', label: 'B', render: (i) => i.name },
        ]}
      />,
    );
    const cell = within(bodyRows()[0]!).getByRole('cell');
    expect([cell.textContent, cell.getAttribute('colspan'), cell.className]).toEqual([
      'Nothing',
      '2',
      'admin-table__empty',
    ]);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');
    expect(screen.getByRole('table').parentElement?.className).not.toBe('admin-table-wrap');
    unmount();
    renderPage(
      {},
      <DataTable
        className="admin-table"
        rows={[] as Item[]}
        rowKey={(i) => i.id}
        empty={null}
        columns={[]}
      />,
    );
    expect(screen.queryAllByRole('row')).toHaveLength(1);
  });

  it('selects rows under the page checkbox, sorts, and edits inline with edited and saved states', () => {
    const onSave = vi.fn();
    const onDelete = vi.fn();
    renderPage({}, <List rows={items} onSave={onSave} onDelete={onDelete} />);
    // Selection column, the three columns, the actions; id descending by default.
    expect(screen.getAllByRole('columnheader')).toHaveLength(5);
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['2', '1']);
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Sort by Note' })).toBeNull();

    const page = screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
    expect(page.indeterminate).toBe(true);
    fireEvent.click(page);
    expect((screen.getByRole('checkbox', { name: 'Select Beta' }) as HTMLInputElement).checked).toBe(true);

    // A null field emptied stays unedited; typing marks the row edited and enables its save.
    const [alpha] = bodyRows();
    const save = within(alpha!).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(input('Note of 1').value).toBe('');
    fireEvent.change(input('Note of 1'), { target: { value: 'x' } });
    expect(alpha!.className).toBe('admin-row--edited');
    expect(save.disabled).toBe(false);
    fireEvent.change(input('Note of 1'), { target: { value: '' } });
    expect(alpha!.className).toBe('');
    expect(save.disabled).toBe(true);
    fireEvent.change(input('Name of 1'), { target: { value: 'Alpha 2' } });
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith(items[0]);
    fireEvent.click(within(alpha!).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(items[0]);
  });

  it('has only a delete button without a save, and an empty row when the list is empty', () => {
    const onDelete = vi.fn();
    const { unmount } = renderPage({}, <List rows={items} onDelete={onDelete} />);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(within(bodyRows()[0]!).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(items[1]);
    unmount();
    renderPage({}, <List rows={[]} onDelete={onDelete} />);
    const empty = within(bodyRows()[0]!).getByRole('cell');
    expect([empty.textContent, empty.getAttribute('colspan')]).toEqual(['Nothing here yet', '5']);
  });

  it('keeps a row saving while its write runs, then drops its draft, or keeps it when the write fails', async () => {
    let settle: { resolve: () => void; reject: (e: Error) => void } | undefined;
    const write = () =>
      new Promise<void>((resolve, reject) => {
        settle = { resolve, reject };
      });
    renderPage({}, <List rows={items} onDelete={() => {}} write={write} />);
    const alpha = () => bodyRows().find((r) => within(r).queryByRole('textbox', { name: 'Name of 1' }))!;
    const save = () => within(alpha()).getAllByRole('button')[0] as HTMLButtonElement;
    fireEvent.change(input('Name of 1'), { target: { value: 'Alpha 2' } });
    fireEvent.click(save());
    await waitFor(() => expect(save().textContent).toBe('Saving...'));
    expect([save().disabled, input('Name of 1').disabled]).toEqual([true, true]);
    settle!.reject(new Error('no'));
    await waitFor(() => expect(save().textContent).toBe('Save'));
    expect([alpha().className, save().disabled, input('Name of 1').value]).toEqual([
      'admin-row--edited',
      false,
      'Alpha 2',
    ]);
    fireEvent.click(save());
    await waitFor(() => expect(input('Name of 1').disabled).toBe(true));
    settle!.resolve();
    // Saved: the draft is gone (the rows are the caller's to update; here they stay as given).
    await waitFor(() => expect(input('Name of 1').value).toBe('Alpha'));
    expect([alpha().className, save().disabled, input('Name of 1').disabled]).toEqual(['', true, false]);
  });

  it('deletes one id at a time in order and stops at the first failure', async () => {
    const calls: number[] = [];
    const remove = async (id: number) => {
      calls.push(id);
      if (id === 3) throw new Error('no');
    };
    expect(await deleteInTurn([1, 2], remove)).toEqual({ gone: [1, 2], failed: false });
    expect(await deleteInTurn([4, 3, 5], remove)).toEqual({ gone: [4], failed: true });
    expect(calls).toEqual([1, 2, 4, 3]);
  });
});
