import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { expect } from 'vitest';

/**
 * Answers the app's confirmation dialog (components/Confirm): waits for it, checks the question,
 * clicks the confirming button (`yes`) or Cancel, and waits for the dialog to close.
 */
export async function answerConfirm(yes: boolean, question?: string | RegExp): Promise<string> {
  const dialog = await screen.findByRole('alertdialog');
  const text = dialog.querySelector('.confirm__message')?.textContent ?? '';
  if (question !== undefined)
    if (typeof question === 'string') expect(text).toBe(question);
    else expect(text).toMatch(question);
  const buttons = within(dialog).getAllByRole('button');
  // The close ×, Cancel, then the action.
  const button = yes ? buttons.at(-1) : buttons.find((b) => b.hasAttribute('data-autofocus'));
  button?.click();
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  return text;
}

/** The texts of the messages shown (components/Notify), in order. */
export const shownMessages = (): string[] =>
  [...document.querySelectorAll('[data-sonner-toast] [data-title]')].map((m) => m.textContent ?? '');

/** Waits until a message with exactly `text` shows. */
export const expectMessage = (text: string) => waitFor(() => expect(shownMessages()).toContain(text));

/** Closes every message and waits until none shows. */
export async function clearMessages() {
  toast.dismiss();
  await waitFor(() => expect(shownMessages()).toEqual([]));
}
