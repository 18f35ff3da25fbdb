import type { Assistant } from '@aisle/contracts/assistants';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BotIcon } from 'lucide-react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { UploadAssistantAvatarInput } from '../api/upload-assistant-avatar';
import { AvatarField, type AvatarFieldProps } from './avatar-field';

const png = (size = 100, name = 'bot.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** The field with its value and picked file held as the form holds them. */
function Harness(props: Partial<AvatarFieldProps> & { onPending?: (file: File | null) => void }) {
  const [value, setValue] = useState(props.value ?? '');
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  return (
    <AvatarField
      id="a"
      label="Assistant avatar"
      kind="assistant"
      initials="SH"
      fallbackIcon={BotIcon}
      assistantId={null}
      {...props}
      value={value}
      onChange={setValue}
      pendingFile={pendingFile}
      onPendingFileChange={(file) => {
        setPendingFile(file);
        props.onPending?.(file);
      }}
    />
  );
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;

describe('the avatar field', () => {
  it('shows the initials without a picture and takes only the image formats', () => {
    render(<Harness />);
    expect(screen.getByText('SH')).toBeInTheDocument();
    expect(fileInput()).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');
    expect(screen.getByRole('button', { name: 'Upload image for Assistant avatar' })).toBeEnabled();
    expect(screen.getByText('PNG, JPEG, WebP or GIF, up to 2 MB')).toBeInTheDocument();
  });

  it('keeps a new assistant’s image for after the create, clearing a typed address; typing drops it again', async () => {
    const onPending = vi.fn();
    render(<Harness value="https://cdn.shop.test/old.png" onPending={onPending} />);
    await userEvent.upload(fileInput(), png());
    expect(onPending).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'bot.png' }));
    expect(screen.getByLabelText('Assistant avatar')).toHaveValue('');
    expect(screen.getByText('“bot.png” is uploaded when you create the assistant.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Assistant avatar'), 'https://cdn.shop.test/new.png');
    expect(onPending).toHaveBeenLastCalledWith(null);
    expect(screen.queryByText(/is uploaded when you create/)).not.toBeInTheDocument();
  });

  it('refuses a file over the limit or of another type before sending it', async () => {
    const onUpload = vi.fn();
    render(<Harness assistantId="a1" onUpload={onUpload} />);
    await userEvent.upload(fileInput(), png(2_097_153));
    expect(screen.getByRole('alert')).toHaveTextContent('The avatar image is too large: the limit is 2 MB.');

    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    await userEvent.upload(fileInput(), svg, { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Upload a valid image.');
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('uploads a saved assistant’s image at once, with progress, and fills in its address', async () => {
    let finish: (assistant: Assistant) => void = () => {};
    let input: UploadAssistantAvatarInput | undefined;
    const onUpload = vi.fn((given: UploadAssistantAvatarInput) => {
      input = given;
      return new Promise<Assistant>((resolve) => {
        finish = resolve;
      });
    });
    render(<Harness assistantId="a1" onUpload={onUpload} />);
    await userEvent.upload(fileInput(), png());
    expect(input).toMatchObject({ assistantId: 'a1', kind: 'assistant', file: expect.objectContaining({ name: 'bot.png' }) });

    act(() => input?.onProgress?.(512, 1024));
    expect(screen.getByRole('progressbar', { name: 'Uploading Assistant avatar' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: /Uploading… 50%/ })).toBeDisabled();

    const url = 'http://localhost:3000/media/avatars/0b0e3c2a-1111-4222-8333-444455556666.png';
    await act(async () => finish({ assistantAvatarUrl: url, userAvatarUrl: null } as Assistant));
    expect(screen.getByLabelText('Assistant avatar')).toHaveValue(url);
    expect(screen.getByRole('status')).toHaveTextContent('Uploaded and saved.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal under the field', async () => {
    const onUpload = vi
      .fn()
      .mockRejectedValue(
        new ApiError(400, { avatar: ['Upload a valid image. The file you uploaded was not a PNG, JPEG, WebP or GIF image.'] }),
      );
    render(<Harness assistantId="a1" onUpload={onUpload} />);
    await userEvent.upload(fileInput(), png());
    expect(await screen.findByRole('alert')).toHaveTextContent('The file you uploaded was not a PNG, JPEG, WebP or GIF image.');
    expect(screen.getByRole('button', { name: 'Upload image for Assistant avatar' })).toBeEnabled();
  });
});
