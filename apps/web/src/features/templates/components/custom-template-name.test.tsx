import { CUSTOM_TEMPLATE_NAME_MAX_LENGTH } from '@aisle/contracts/entities';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CustomTemplateEditor } from './custom-template-editor';

describe('a custom template’s name', () => {
  it('takes at most the data API’s limit and says when it is reached', async () => {
    render(
      <CustomTemplateEditor
        open
        onOpenChange={() => {}}
        existing={null}
        groups={[]}
        groupsLoading={false}
        templates={[]}
        variables={[]}
        onSave={vi.fn()}
      />,
    );
    const name = within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('maxLength', String(CUSTOM_TEMPLATE_NAME_MAX_LENGTH));
    await userEvent.click(name);
    await userEvent.paste('c'.repeat(240));
    await userEvent.type(name, 'c'.repeat(10));
    expect(name).toHaveValue('c'.repeat(CUSTOM_TEMPLATE_NAME_MAX_LENGTH));
    expect(screen.getByText(`Limit reached: ${CUSTOM_TEMPLATE_NAME_MAX_LENGTH} characters`)).toBeInTheDocument();
  });
});
