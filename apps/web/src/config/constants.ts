/** Client constants of spec §9, in one place so each has its source next to it. */

/** Start-up collections load with this limit (spec §9 "List page size"). */
export const STARTUP_PAGE_SIZE = 999;
/** An access token with less than this left counts as expired (spec §5, §9). */
export const ACCESS_TOKEN_EXPIRY_MARGIN_MS = 10_000;
/** The start-up error handler acts at most once per this interval (spec §9). */
export const STARTUP_ERROR_THROTTLE_MS = 5_000;
/** Alerts are shown this long, then fade for ALERT_FADE_MS and are removed (spec §9). */
export const ALERT_VISIBLE_MS = 5_000;
export const ALERT_FADE_MS = 1_000;
/** The sidebar state cookie (spec §9: 604800 s, 7 days). */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
/** Below this width the mobile layout applies (spec §9). */
export const MOBILE_BREAKPOINT_PX = 768;
/** Tooltip delays (spec §9): 700 ms by default, 0 in the sidebar, 300 ms skip delay. */
export const TOOLTIP_DELAY_MS = 700;
export const SIDEBAR_TOOLTIP_DELAY_MS = 0;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** The bell badge shows "99+" above this (spec §9). */
export const NOTIFICATION_BADGE_CAP = 99;
/** Default tier label (spec §9). */
export const DEFAULT_TIER = 'basic';
