import { render, screen } from '@testing-library/react';
import { EditorView } from '@uiw/react-codemirror';
import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CodeEditor } from './code-editor';

// The real CodeMirror, loaded on demand as in the app: what other tests replace with a textarea.
describe('the code editor', () => {
  beforeAll(() => {
    // jsdom does no layout; CodeMirror measures text ranges for its cursor and selection.
    const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    Range.prototype.getClientRects ??= emptyRects;
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  });

  it('loads CodeMirror and names its text for assistive technology', async () => {
    render(<CodeEditor language="javascript" label="Code" value="export default async () => 42;" describedBy="hint" invalid />);
    const content = await screen.findByRole('textbox', { name: 'Code' });
    expect(content).toHaveAttribute('contenteditable', 'true');
    expect(content).toHaveTextContent('export default async () => 42;');
    expect(content).toHaveAttribute('aria-describedby', 'hint');
    expect(content).toHaveAttribute('aria-invalid', 'true');
  });

  it('reports edits with the whole text', async () => {
    const onChange = vi.fn();
    render(<CodeEditor language="json" label="Tool definition" value="{}" onChange={onChange} />);
    const content = await screen.findByRole('textbox', { name: 'Tool definition' });
    const view = EditorView.findFromDOM(content);
    act(() => view?.dispatch({ changes: { from: 1, insert: '"a": 1' } }));
    expect(onChange).toHaveBeenLastCalledWith('{"a": 1}', expect.anything());
  });

  it('shows text it is given later', async () => {
    const { rerender } = render(<CodeEditor language="javascript" label="Code" value="a" />);
    const content = await screen.findByRole('textbox', { name: 'Code' });
    rerender(<CodeEditor language="javascript" label="Code" value="b" />);
    expect(content).toHaveTextContent(/^b$/);
  });
});
