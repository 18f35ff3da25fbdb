import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertArea } from './alert-area';
import { alertStore, showAlert } from './alert-store';

describe('alert area', () => {
  afterEach(() => act(() => alertStore.clear()));

  it('shows the title and message of each variant and closes one with its close button', async () => {
    render(<AlertArea />);
    act(() => {
      showAlert({ variant: 'destructive', title: 'Error', message: 'Something broke' });
      showAlert({ variant: 'info', message: 'Just so you know' });
    });
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Something broke')).toBeInTheDocument();
    expect(screen.getByText('Just so you know')).toBeInTheDocument();
    const destructive = screen.getByText('Something broke').closest('[data-slot="alert"]');
    expect(destructive).toHaveAttribute('data-variant', 'destructive');

    const closeButtons = screen.getAllByRole('button', { name: 'Close' });
    await userEvent.click(closeButtons[0] as HTMLElement);
    expect(screen.queryByText('Something broke')).not.toBeInTheDocument();
    expect(screen.getByText('Just so you know')).toBeInTheDocument();
  });
});
