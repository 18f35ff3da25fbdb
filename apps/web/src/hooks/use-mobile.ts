import { MOBILE_BREAKPOINT_PX } from '@/config/constants';
import { useMediaQuery } from './use-media-query';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

/** True below the mobile breakpoint of spec §9 (768 px). */
export function useIsMobile(): boolean {
  return useMediaQuery(query);
}
