import { useEffect, useSyncExternalStore } from 'react';
import { ALERT_FADE_MS, ALERT_VISIBLE_MS } from '@/config/constants';

export type AlertVariant = 'default' | 'destructive' | 'success' | 'warning' | 'info';

export interface AlertInput {
  variant?: AlertVariant;
  title?: string;
  message: string;
}

export interface ShownAlert {
  id: number;
  variant: AlertVariant;
  title?: string;
  message: string;
  /** True during the last second, while the alert fades out (spec §9: 5 s, then 1 s fade). */
  fading: boolean;
}

type Listener = () => void;

/**
 * The alert area's state (spec §2: top right, variants, optional title, close button, fades out
 * after 5 seconds and is removed 1 second later). A module-level store so any code, including
 * non-React code such as the token refresher, can raise an alert.
 */
export function createAlertStore() {
  let alerts: ShownAlert[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const timers = new Map<number, ReturnType<typeof setTimeout>[]>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const set = (next: ShownAlert[]) => {
    alerts = next;
    emit();
  };

  const dismiss = (id: number) => {
    for (const timer of timers.get(id) ?? []) clearTimeout(timer);
    timers.delete(id);
    if (alerts.some((alert) => alert.id === id)) set(alerts.filter((alert) => alert.id !== id));
  };

  const show = (input: AlertInput): number => {
    const id = nextId++;
    set([...alerts, { id, variant: input.variant ?? 'default', title: input.title, message: input.message, fading: false }]);
    timers.set(id, [
      setTimeout(() => set(alerts.map((alert) => (alert.id === id ? { ...alert, fading: true } : alert))), ALERT_VISIBLE_MS),
      setTimeout(() => dismiss(id), ALERT_VISIBLE_MS + ALERT_FADE_MS),
    ]);
    return id;
  };

  return {
    show,
    dismiss,
    clear: () => {
      for (const id of [...timers.keys()]) dismiss(id);
    },
    /** A point in the alerts' history: `dismissSince` it removes the alerts raised after it. */
    mark: () => nextId,
    dismissSince: (mark: number) => {
      for (const id of [...timers.keys()]) if (id >= mark) dismiss(id);
    },
    getSnapshot: () => alerts,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const alertStore = createAlertStore();

/** Shows an alert in the alert area. */
export const showAlert = (input: AlertInput) => alertStore.show(input);

/**
 * Ties the alerts raised while the calling screen is shown to that screen: they are dismissed when
 * it goes away. The sign-in screen's "Unauthorized" must not greet the merchant inside the app
 * after their next attempt succeeds, though its 5 s are not over.
 */
export function useAlertsEndWithScreen(store = alertStore) {
  useEffect(() => {
    const mark = store.mark();
    return () => store.dismissSince(mark);
  }, [store]);
}

export function useAlerts(store = alertStore): ShownAlert[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
