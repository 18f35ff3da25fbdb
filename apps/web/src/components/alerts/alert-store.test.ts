import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAlertStore } from './alert-store';

describe('alert life (spec §9: shown 5 s, then a 1 s fade, then removed)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps an alert fully visible for 5 seconds, fades it for 1 second, then removes it', () => {
    const store = createAlertStore();
    store.show({ variant: 'success', title: 'Saved', message: 'All good' });
    expect(store.getSnapshot()).toEqual([{ id: 1, variant: 'success', title: 'Saved', message: 'All good', fading: false }]);

    vi.advanceTimersByTime(4_999);
    expect(store.getSnapshot()[0]?.fading).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()[0]?.fading).toBe(true);
    vi.advanceTimersByTime(999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('defaults to the default variant with no title, and each alert keeps its own clock', () => {
    const store = createAlertStore();
    store.show({ message: 'first' });
    vi.advanceTimersByTime(3_000);
    store.show({ variant: 'destructive', message: 'second' });
    expect(store.getSnapshot()[0]).toMatchObject({ variant: 'default', title: undefined });
    vi.advanceTimersByTime(3_000);
    expect(store.getSnapshot().map((alert) => alert.message)).toEqual(['second']);
    vi.advanceTimersByTime(3_000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('removes an alert at once when closed, and notifies subscribers', () => {
    const store = createAlertStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const id = store.show({ variant: 'warning', message: 'Careful' });
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('dismisses the alerts raised since a mark, and only those', () => {
    const store = createAlertStore();
    store.show({ message: 'before' });
    const mark = store.mark();
    store.show({ variant: 'destructive', message: 'during' });
    store.show({ variant: 'warning', message: 'also during' });
    store.dismissSince(mark);
    expect(store.getSnapshot().map((alert) => alert.message)).toEqual(['before']);
    // Their timers went with them: nothing comes back or throws later.
    vi.advanceTimersByTime(6_000);
    expect(store.getSnapshot()).toEqual([]);
  });
});
