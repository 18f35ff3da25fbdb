import type { Frame } from 'playwright-core';

/** How long typing may be tried again when the box did not take the text, and how often. */
const TYPING_WINDOW_MS = 10_000;
const TYPING_RETRY_MS = 250;

/**
 * Sends a shopper's message in the chat inside the storefront widget: the text typed into the
 * box, Enter once the box holds it. The widget moves the keyboard into its cross-origin chat frame
 * when it opens and again when the chat has loaded (mount-widget.ts); before it did the second,
 * text typed into a chat that loaded after the click went to the page and the box stayed empty. A
 * miss is logged with the box's state and typing is tried again for up to 10 s.
 */
export async function sendInWidgetChat(frame: Frame, text: string): Promise<void> {
  const box = frame.locator('#shared-chat-composer:enabled');
  await box.waitFor();
  const until = Date.now() + TYPING_WINDOW_MS;
  for (let attempt = 1; ; attempt++) {
    await box.fill(text);
    const typed = await box.inputValue();
    if (typed === text) break;
    const state = await box
      .evaluate((element: HTMLTextAreaElement) => ({
        focused: document.activeElement === element,
        documentFocused: document.hasFocus(),
        readOnly: element.readOnly,
      }))
      .catch((error: unknown) => String(error));
    console.warn(`sendInWidgetChat: try ${attempt}, the box held ${JSON.stringify(typed)}; its state: ${JSON.stringify(state)}`);
    if (Date.now() > until) throw new Error(`the chat's message box did not take ${JSON.stringify(text)} in ${attempt} tries`);
    await frame.waitForTimeout(TYPING_RETRY_MS);
  }
  await box.press('Enter');
}
