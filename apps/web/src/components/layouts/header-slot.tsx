import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';

/**
 * A place in the app's header bar where a screen can put its own controls, so a small screen shows
 * one header rather than the app's and the screen's stacked. The shell provides the element (null
 * until it has mounted); outside the shell there is no provider.
 */
export const HeaderSlotContext = createContext<HTMLElement | null | undefined>(undefined);

/** Renders `children` in the app header's slot; in place when there is no shell (a screen on its own). */
export function InAppHeader({ children }: { children: ReactNode }) {
  const slot = useContext(HeaderSlotContext);
  if (slot === undefined) return children;
  return slot ? createPortal(children, slot) : null;
}
