import type { Frame } from 'playwright-core';

/**
 * Sends a shopper's message in the chat inside the storefront widget as a shopper does: a click
 * into the box, the text, Enter. The click matters: the widget's chat is a cross-origin iframe,
 * and text typed right after a programmatic focus inside it can reach the browser before the
 * frame's focus does (on a loaded machine `fill` left the box empty: the frame had the focus, the
 * text went to the page). A click is routed to the frame by where it lands and settles the focus
 * first. The box must hold the text before it is sent; typing is tried again, at most twice, only
 * when the text did not arrive.
 */
export async function sendInWidgetChat(frame: Frame, text: string): Promise<void> {
  const box = frame.locator('#shared-chat-composer:enabled');
  await box.waitFor();
  for (let attempt = 1; ; attempt++) {
    await box.click();
    await box.fill(text);
    const typed = await box.inputValue();
    if (typed === text) break;
    console.warn(`sendInWidgetChat: the box held ${JSON.stringify(typed)} after typing (try ${attempt})`);
    if (attempt === 3)
      throw new Error(`the chat's message box held ${JSON.stringify(typed)} after ${attempt} tries to type ${JSON.stringify(text)}`);
  }
  await box.press('Enter');
}
