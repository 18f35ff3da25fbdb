import type { Assistant, AssistantAvatarKind } from '@aisle/contracts/assistants';
import { ApiError } from '@/lib/api-client';

export interface UploadAssistantAvatarInput {
  assistantId: string;
  kind: AssistantAvatarKind;
  file: Blob;
  /** Bytes of the request sent so far, of `total`. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /api/assistant/avatar/`: makes an image the assistant's picture (kind "assistant") or its
 * visitors' (kind "user") and answers the updated assistant. XMLHttpRequest rather than the fetch
 * client, because only it reports upload progress; failures are the same ApiError the fetch
 * client throws, so the form reads them alike. Not retried: a repeat would store a second copy.
 */
export function uploadAssistantAvatar(token: string | null, input: UploadAssistantAvatarInput): Promise<Assistant> {
  const form = new FormData();
  // The fields before the file, so a streaming reader has them first.
  form.append('assistantId', input.assistantId);
  form.append('kind', input.kind);
  form.append('avatar', input.file);

  return new Promise<Assistant>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/assistant/avatar/');
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) input.onProgress?.(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      const data = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(data as Assistant);
      else reject(new ApiError(request.status, data));
    });
    request.addEventListener('error', () => reject(new ApiError(0, null)));
    request.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    input.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
