/** axe-core in the page (its serious and critical findings) and a 44 px touch-target check. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const axeSource = fs.readFileSync(axePath, 'utf8');

export type Finding = { rule: string; impact: string; targets: string[]; summary: string };

/** Runs axe-core on the whole page; returns the serious and critical violations. */
export async function axeFindings(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource); // DevTools evaluation: the app's CSP forbids an inline <script>
  return page.evaluate(async () => {
    // The settled screen, as the owner reads it: a button's colour transition caught half-way
    // (white text at 85% over its green) read as low contrast. Endless animations (a spinner)
    // are not waited for, and no finite one for over 2 s.
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((r) => setTimeout(r, 2_000)),
    ]);
    type AxeNode = { target: string[]; failureSummary?: string };
    type AxeResult = { id: string; impact: string | null; nodes: AxeNode[] };
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document, o: object): Promise<{ violations: AxeResult[] }> };
      }
    ).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        targets: v.nodes.map((n) => n.target.join(' ')),
        summary: v.nodes[0]?.failureSummary ?? '',
      }));
  });
}

/**
 * Controls smaller than 44×44 px (buttons, links, switches): what a thumb misses. Visually
 * hidden native inputs behind Ark's controls (1×1 px) are not targets.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const selector =
      'button, a[href], [data-scope="switch"][data-part="root"], select, [role="tab"]';
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden')
        continue;
      if (box.width < 44 || box.height < 44) {
        const name = (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40);
        small.push(
          `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}
