import { fileStatuses, storeStatuses } from '@aisle/contracts/knowledge';
import { describe, expect, it } from 'vitest';
import { fileStatusChip, retrievalModeLabel, storeStatusChip } from './status-chips';

describe('status chips', () => {
  it('labels every file status, plus the duplicate an upload can report', () => {
    expect([...fileStatuses, 'duplicate'].map((status) => fileStatusChip(status).label)).toEqual([
      'Uploading',
      'Queued',
      'Processing',
      'Ready',
      'Failed',
      'Duplicate',
    ]);
  });

  it('colours files by outcome and spins only while work is under way', () => {
    expect(fileStatusChip('ready').tone).toBe('success');
    expect(fileStatusChip('failed').tone).toBe('danger');
    expect(fileStatusChip('duplicate').tone).toBe('warning');
    expect(fileStatusChip('processing')).toMatchObject({ tone: 'progress', busy: true });
    expect(fileStatusChip('uploading').busy).toBe(true);
    expect(fileStatusChip('queued').busy).toBe(false);
  });

  it('shows a file status it does not know as itself', () => {
    expect(fileStatusChip('archived')).toEqual({ label: 'Archived', tone: 'neutral', busy: false });
    expect(fileStatusChip(null).label).toBe('Queued');
  });

  it('labels every store status and falls back to Empty', () => {
    expect(storeStatuses.map((status) => storeStatusChip(status).label)).toEqual(['Empty', 'Indexing', 'Ready', 'Needs attention']);
    expect(storeStatusChip('attention').tone).toBe('warning');
    expect(storeStatusChip(undefined).label).toBe('Empty');
    expect(storeStatusChip('weird').label).toBe('Empty');
  });

  it('names the retrieval mode', () => {
    expect(retrievalModeLabel('lexical')).toBe('Lexical search');
    expect(retrievalModeLabel('hybrid')).toBe('Hybrid search');
    expect(retrievalModeLabel(null)).toBe('Lexical search');
  });
});
