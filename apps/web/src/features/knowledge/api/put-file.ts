import { ApiError } from '@/lib/api-client';

/**
 * PUTs a file's bytes to its signed upload URL. XMLHttpRequest rather than fetch: only it reports
 * upload progress. The URL is the server's own route, or a bucket's presigned URL on another
 * origin: its signature authorises the call, so no token (and no cookie) is sent. Rejects with an
 * ApiError carrying the status and the parsed body (spec §8 shape).
 */
export function putFile(url: string, file: Blob, onProgress: (loaded: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    // Always a content type: the upload route only reads a body that declares one.
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve();
        return;
      }
      let data: unknown = xhr.responseText || null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // A non-JSON body stays as text.
      }
      reject(new ApiError(xhr.status, data));
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
