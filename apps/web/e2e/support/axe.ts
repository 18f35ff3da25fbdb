import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe-core's WCAG 2.1 A and AA rules on what the page (or frame) shows now, injected through the
 * DevTools protocol (the app's Content-Security-Policy allows no injected script tag). Returns the
 * serious and critical violations, each with the elements it found.
 */
export async function seriousAccessibilityProblems(target: Page | Frame): Promise<AxeViolation[]> {
  await target.evaluate(axeSource);
  const violations = await target.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations as { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}
