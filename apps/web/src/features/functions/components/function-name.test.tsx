import { FUNCTION_NAME_MAX_LENGTH } from '@aisle/contracts/functions';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type FunctionDetails, FunctionDetailsFields } from './function-details-fields';

vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/hooks/use-variables', () => ({ useVariables: () => ({ data: [], isPending: false }) }));

function Fields() {
  const [values, setValues] = useState<FunctionDetails>({ name: '', description: '', returnType: 'object', variables: [] });
  return <FunctionDetailsFields values={values} onChange={(patch) => setValues((current) => ({ ...current, ...patch }))} errors={{}} />;
}

describe('a function’s name', () => {
  it('takes at most the contract’s limit and says when it is reached', async () => {
    render(<Fields />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('maxLength', String(FUNCTION_NAME_MAX_LENGTH));
    await userEvent.click(name);
    await userEvent.paste('f'.repeat(240));
    await userEvent.type(name, 'f'.repeat(10));
    expect(name).toHaveValue('f'.repeat(FUNCTION_NAME_MAX_LENGTH));
    expect(screen.getByText(`Limit reached: ${FUNCTION_NAME_MAX_LENGTH} characters`)).toBeInTheDocument();
  });
});
