import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatters } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import type { SuiteResult, SuiteRun } from './api/test-runs-api';
import {
  activeRun,
  failuresOf,
  readSuiteFile,
  runTriggerText,
  scoredRun,
  stoppedRun,
  suiteFileName,
  trendOf,
  verdictText,
} from './test-suite-runs';

const run = (id: string, extra: Partial<SuiteRun> = {}): SuiteRun => ({
  id,
  assistantId: 'a1',
  status: 'done',
  trigger: 'manual',
  triggerDetail: null,
  total: 10,
  completed: 10,
  passed: 9,
  failed: 1,
  regressions: 0,
  costUsd: 0,
  error: null,
  finishedAt: '2026-12-01T10:05:00.000Z',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:05:00.000Z',
  ...extra,
});

const result = (id: string, extra: Partial<SuiteResult> = {}): SuiteResult => ({
  id,
  runId: 'r1',
  caseId: `c-${id}`,
  question: `Question ${id}?`,
  followUp: null,
  expected: '30 days',
  answer: 'An answer.',
  verdict: 'fact_missing',
  passed: false,
  regressed: false,
  detail: null,
  createdAt: `2026-12-01T10:00:0${id}.000Z`,
  updatedAt: `2026-12-01T10:00:0${id}.000Z`,
  ...extra,
});

const en = formatters('en');

describe('reading an assistant’s runs', () => {
  it('scores the newest finished run, shows the one going now, and says when the newest stopped', () => {
    const runs = [run('r3', { status: 'running', completed: 4 }), run('r2', { status: 'failed', error: 'No credit left.' }), run('r1')];
    expect(scoredRun(runs)?.id).toBe('r1');
    expect(activeRun(runs)?.id).toBe('r3');
    expect(stoppedRun(runs)?.id).toBe('r2');
    // A finished run after the stopped one: nothing to warn about.
    expect(stoppedRun([run('r4'), ...runs])).toBeNull();
    expect(scoredRun([run('q', { status: 'queued' })])).toBeNull();
  });

  it('says what started a run', () => {
    expect(runTriggerText(run('r', { trigger: 'manual' }), en)).toBe('Started by you');
    expect(runTriggerText(run('r', { trigger: 'schedule' }), en)).toBe('Scheduled run');
    expect(runTriggerText(run('r', { trigger: 'knowledge', triggerDetail: 'faq-v2.md' }), en)).toBe('After changes to faq-v2.md');
    expect(runTriggerText(run('r', { trigger: 'knowledge' }), en)).toBe('After a change to its knowledge');
    expect(runTriggerText(run('r', { trigger: 'assistant', triggerDetail: 'instructions, model' }), en)).toBe(
      'After a change to the assistant (Instructions and Model)',
    );
    expect(runTriggerText(run('r', { trigger: 'assistant' }), en)).toBe('After a change to the assistant');
    expect(runTriggerText(run('r', { trigger: 'knowledge', triggerDetail: 'temperature' }), en)).toBe(
      'After a change to its knowledge and the assistant (Temperature)',
    );
  });

  it('says it in Japanese too', async () => {
    await act(() => i18n.changeLanguage('ja'));
    expect(runTriggerText(run('r', { trigger: 'knowledge', triggerDetail: 'faq-v2.md' }), formatters('ja'))).toBe('faq-v2.mdの変更後');
    expect(verdictText('should_refuse')).toBe('回答しましたが、控えて担当者につなぐべきでした');
  });

  it('lists failures with regressions first, in the order they were asked', () => {
    const results = [result('1'), result('2', { passed: true, verdict: 'fact_present' }), result('3', { regressed: true }), result('4')];
    expect(failuresOf(results).map((item) => item.id)).toEqual(['3', '1', '4']);
  });

  it('draws the trend from finished runs, oldest first, with their regressions and what they followed', () => {
    const runs = [
      run('r3', { status: 'running' }),
      run('r2', { passed: 8, regressions: 1, trigger: 'knowledge', triggerDetail: 'faq-v2.md', finishedAt: '2026-12-02T10:00:00.000Z' }),
      run('r1'),
    ];
    expect(trendOf(runs, en)).toEqual([
      { id: 'r1', at: '2026-12-01T10:05:00.000Z', passed: 9, total: 10, percent: 90, regressions: 0, trigger: 'Started by you' },
      {
        id: 'r2',
        at: '2026-12-02T10:00:00.000Z',
        passed: 8,
        total: 10,
        percent: 80,
        regressions: 1,
        trigger: 'After changes to faq-v2.md',
      },
    ]);
  });
});

describe('the suite as a file', () => {
  it('names the file after the assistant', () => {
    expect(suiteFileName('Shop helper')).toBe('Shop-helper-tests.json');
    expect(suiteFileName('A/B: test?')).toBe('A-B-test-tests.json');
    expect(suiteFileName('  ')).toBe('assistant-tests.json');
  });

  it('reads a suite file, or says why it cannot be imported', () => {
    const suite = { format: 'aisle.test-suite/1', cases: [{ question: 'Do you ship abroad?', expected: 'Japan' }] };
    const read = readSuiteFile(JSON.stringify(suite));
    expect(read).toEqual({
      suite: {
        format: 'aisle.test-suite/1',
        cases: [
          {
            question: 'Do you ship abroad?',
            expected: 'Japan',
            expectRefusal: false,
            enabled: true,
            kind: 'custom',
            language: '',
          },
        ],
      },
    });
    expect(readSuiteFile('not json')).toEqual({ error: 'the file is not JSON.' });
    expect(readSuiteFile('{"format":"other","cases":[]}')).toEqual({ error: 'it is not an Aisle test suite (exported from Tests).' });
    expect(readSuiteFile('[1, 2]')).toEqual({ error: 'it is not an Aisle test suite (exported from Tests).' });
    expect(readSuiteFile(JSON.stringify({ ...suite, cases: [{ question: ' ' }] }))).toEqual({
      error: 'question 1: This field may not be blank.',
    });
  });
});
