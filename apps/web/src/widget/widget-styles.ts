/**
 * The loader's CSS, inside its closed shadow root: nothing here reaches the host page, and the
 * host element's `all: initial` (set inline, !important) keeps the page's CSS from reaching in.
 * `[hidden]` is restated because the class rules would otherwise override the UA's display:none.
 */
export const widgetCss = `
.launcher{position:fixed;right:20px;bottom:20px;width:56px;height:56px;margin:0;padding:0;border:0;border-radius:50%;
background:var(--aisle-primary);color:var(--aisle-on-primary);box-shadow:0 4px 16px rgba(0,0,0,.22);cursor:pointer;
display:flex;align-items:center;justify-content:center;transition:transform .15s ease;-webkit-tap-highlight-color:transparent}
.launcher:hover{transform:scale(1.06)}
.launcher:focus-visible{outline:3px solid var(--aisle-primary);outline-offset:3px}
.launcher svg{width:26px;height:26px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.badge{position:absolute;top:-4px;right:-4px;box-sizing:border-box;min-width:22px;height:22px;padding:0 6px;border:2px solid #fff;
border-radius:11px;background:#dc2626;color:#fff;font:600 12px/18px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:center}
.panel{position:fixed;right:20px;bottom:88px;width:380px;height:640px;max-height:calc(100vh - 112px);border-radius:16px;
overflow:hidden;background:#fff;box-shadow:0 12px 48px rgba(0,0,0,.24)}
.panel iframe{display:block;width:100%;height:100%;border:0}
.launcher[hidden],.badge[hidden],.panel[hidden]{display:none}
@media (max-width:480px){.panel{inset:0;width:100%;height:100%;max-height:none;border-radius:0}.open .launcher{display:none}}
@media (prefers-reduced-motion:reduce){.launcher{transition:none}}
`;

/** On the host element, each with !important: the page's own rules cannot move or restyle it. */
export const hostStyle: readonly [string, string][] = [
  ['all', 'initial'],
  ['display', 'block'],
  ['position', 'fixed'],
  ['right', '0'],
  ['bottom', '0'],
  ['width', '0'],
  ['height', '0'],
  ['z-index', '2147483000'],
];
