import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { answerConfirm, expectMessage, shownMessages } from '../test/dialogs';
import { renderPage } from '../test/render';
import { useConfirm } from './Confirm';
import { useNotify } from './Notify';

/** A page that asks before an action and tells how it went. */
function Asker() {
  const ask = useConfirm();
  const notify = useNotify();
  const [answer, setAnswer] = useState('none');
  const run = async () => {
    const yes = await ask({
      message: 'Delete "Naruto"? This cannot be undone.',
      action: 'Delete',
      danger: true,
    });
    setAnswer(String(yes));
    if (yes) notify.success('Deleted', { label: 'Undo', run: () => setAnswer('undone') });
    else notify.error('Kept');
  };
  return (
    <>
      <button type="button" onClick={() => void run()}>
        Remove
      </button>
      <output>{answer}</output>
    </>
  );
}

const answer = () => screen.getByRole('status', { hidden: true }).textContent;

describe('the confirmation dialog and the messages', () => {
  it('asks in an alertdialog named by its question, resolves true on the action, and says so', async () => {
    renderPage({}, <Asker />);
    const opener = screen.getByRole('button', { name: 'Remove' });
    opener.focus();
    opener.click();
    const dialog = await screen.findByRole('alertdialog', { name: 'Please confirm' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Delete "Naruto"? This cannot be undone.',
    );
    // The safe answer has the focus.
    expect(document.activeElement?.textContent).toBe('Cancel');
    await answerConfirm(true);
    await waitFor(() => expect(answer()).toBe('true'));
    // The focus goes back where it was.
    expect(document.activeElement).toBe(opener);
    await expectMessage('Deleted');
    const region = document.querySelector('section[aria-live="polite"]');
    expect(region?.getAttribute('aria-label')).toMatch(/^Notifications/);
    // The message's action runs.
    screen.getByRole('button', { name: 'Undo' }).click();
    await waitFor(() => expect(answer()).toBe('undone'));
  });

  it('Escape cancels, and Tab stays inside the dialog', async () => {
    renderPage({ language: 'ru' }, <Asker />);
    screen.getByRole('button', { name: 'Remove' }).click();
    const dialog = await screen.findByRole('alertdialog', { name: 'Подтвердите действие' });
    const buttons = [...dialog.querySelectorAll('button')];
    buttons.at(-1)?.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(answer()).toBe('false'));
    await expectMessage('Kept');
    // Each message can be closed from the keyboard: its close button is a button with a name.
    const close = screen.getByRole('button', { name: 'Закрыть сообщение' });
    close.click();
    await waitFor(() => expect(shownMessages()).not.toContain('Kept'));
  });
});
