import { VARIABLE_NAME_MAX_LENGTH } from '@aisle/contracts/functions';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VariableFormDialog } from './variable-form-dialog';

describe('a variable’s name', () => {
  it('takes at most the contract’s limit and says when it is reached', async () => {
    render(<VariableFormDialog open onOpenChange={() => {}} variable={null} onSave={vi.fn()} />);
    const name = within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('maxLength', String(VARIABLE_NAME_MAX_LENGTH));
    await userEvent.click(name);
    await userEvent.paste('V'.repeat(240));
    await userEvent.type(name, 'V'.repeat(10));
    expect(name).toHaveValue('V'.repeat(VARIABLE_NAME_MAX_LENGTH));
    expect(screen.getByText(`Limit reached: ${VARIABLE_NAME_MAX_LENGTH} characters`)).toBeInTheDocument();
  });
});
