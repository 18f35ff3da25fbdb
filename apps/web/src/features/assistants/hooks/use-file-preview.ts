import { useEffect, useState } from 'react';

/**
 * A picked image as a `data:` URL, for previewing it before it is uploaded; null without a file.
 * Not a `blob:` URL: the app's Content-Security-Policy lets images come from `data:` but not `blob:`.
 */
export function useFilePreview(file: Blob | null): string | null {
  const [preview, setPreview] = useState<{ file: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.addEventListener('load', () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    });
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  // Never the previous file's picture while the next one is being read.
  return file && preview?.file === file ? preview.url : null;
}
