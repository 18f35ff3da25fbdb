import { mountWidget } from './mount-widget';
import { findWidgetScript, widgetConfigOf } from './widget-config';

/**
 * `/widget.js?token=…`: the storefront widget loader, bundled alone to one IIFE file (see
 * build-widget-script.ts). It writes no globals: everything lives in this closure and in the one
 * element it adds. A script in <head> waits for <body>.
 */
const config = widgetConfigOf(findWidgetScript(document));
if (config) {
  if (document.body) mountWidget(config);
  else document.addEventListener('DOMContentLoaded', () => mountWidget(config), { once: true });
}
