import { DatabaseIcon } from 'lucide-react';
import { ComingScreen } from '@/components/layouts/coming-screen';

export default function StoreRoute() {
  return (
    <ComingScreen
      title="Store"
      icon={DatabaseIcon}
      summary="Knowledge stores: what your assistants know."
      items={[
        'Stores with their size, file counts and status',
        'Drag-and-drop upload of many files with progress per file',
        'Live indexing status and failure reasons',
        'A test-retrieval box showing ranked passages',
      ]}
    />
  );
}
