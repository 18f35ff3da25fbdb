/*
 * What LINE's Messaging API accepts in a reply or push request's `messages`, checked as LINE checks
 * them, so a message the real API would refuse fails a test the same way (a 400 with LINE's error
 * body). The rules and their limits are the Messaging API reference's
 * (https://developers.line.biz/en/reference/messaging-api/, anchors below):
 *
 * - request: `messages` 1 to 5 objects (https://developers.line.biz/en/reference/messaging-api/#send-reply-message);
 * - message types: text, sticker, image, video, audio, location, imagemap, template, flex, coupon
 *   (https://developers.line.biz/en/reference/messaging-api/#message-objects);
 * - text: `text` required, "Max character limit: 5000" (#text-message);
 * - Flex Message: `altText` required, "Max character limit: 1500"; `contents` a bubble or a carousel;
 *   a carousel holds "Max: 12 bubbles" of one width and at most 50 KB of JSON, a bubble 30 KB; the
 *   header, body and footer blocks are boxes, the hero a box, image or video (#flex-message, #bubble, #f-carousel);
 * - components: box (`layout` horizontal, vertical or baseline; `contents` required), button
 *   (`action` required), image (`url` required, "Max character limit: 2000", "Protocol: HTTPS"),
 *   icon (the same url rules), text (`text` required unless it has spans), span, separator, video,
 *   filler (#box, #button, #f-image, #icon, #f-text, #span, #separator, #f-video, #filler);
 * - actions: message (`text` required, max 300), uri (`uri` required, max 1000, schemes http,
 *   https, line, tel), postback (`data` required, max 300), datetimepicker, camera, cameraRoll,
 *   location, richmenuswitch, clipboard (#action-objects); labels per
 *   #action-object-label-spec: on a Flex button required and at most 40, elsewhere in a Flex
 *   Message optional and at most 40, on a quick reply button required and at most 20;
 * - quick reply: `items` 1 to 13, each `type: action` with an action; `imageUrl` https, at most 2000
 *   (#quick-reply, #items-object; the OpenAPI definition's QuickReplyItem: "Maximum length: 2000").
 *
 * Error bodies (https://developers.line.biz/en/reference/messaging-api/#error-responses): a request
 * whose properties are wrong answers `{"message": "The request body has N error(s)", "details":
 * [{"message", "property"}]}`; a message LINE cannot render answers `{"message": "A message
 * (messages[i]) in the request body is invalid", "details": [...]}` with the property's path in
 * the message (as "template/columns/5/title").
 */

export interface LineErrorDetail {
  message: string;
  property: string;
}

export interface LineErrorBody {
  message: string;
  details: LineErrorDetail[];
}

const MESSAGE_TYPES = ['text', 'sticker', 'image', 'video', 'audio', 'location', 'imagemap', 'template', 'flex', 'coupon'];
const ACTION_TYPES = ['message', 'uri', 'postback', 'datetimepicker', 'camera', 'cameraRoll', 'location', 'richmenuswitch', 'clipboard'];
const COMPONENT_TYPES = ['box', 'button', 'image', 'video', 'icon', 'text', 'span', 'separator', 'filler'];
const URI_SCHEMES = ['http:', 'https:', 'line:', 'tel:'];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

class Problems {
  readonly list: LineErrorDetail[] = [];
  add(property: string, message: string) {
    this.list.push({ property, message });
  }
  /** A required string of at most `max` characters (LINE counts UTF-16 code units for text; labels in graphemes, never more). */
  text(value: unknown, property: string, max: number, required = true) {
    if (value === undefined || value === null) {
      if (required) this.add(property, 'must be specified');
      return;
    }
    if (typeof value !== 'string') return this.add(property, 'must be a string');
    if (required && !value.length) return this.add(property, 'may not be empty');
    if (value.length > max) this.add(property, `must not be longer than ${max} characters`);
  }
  httpsUrl(value: unknown, property: string, max: number) {
    if (typeof value !== 'string' || !value) return this.add(property, 'must be specified');
    if (value.length > max) return this.add(property, `must not be longer than ${max} characters`);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return this.add(property, 'invalid uri');
    }
    if (url.protocol !== 'https:') this.add(property, 'invalid uri scheme: must be https');
  }
}

type LabelRule = { required: boolean; max: number };
const FLEX_BUTTON_LABEL: LabelRule = { required: true, max: 40 };
const FLEX_OTHER_LABEL: LabelRule = { required: false, max: 40 };
const QUICK_REPLY_LABEL: LabelRule = { required: true, max: 20 };

function checkAction(action: unknown, path: string, label: LabelRule, problems: Problems) {
  if (!isObject(action)) return problems.add(path, 'must be specified');
  if (!ACTION_TYPES.includes(String(action.type)))
    return problems.add(`${path}/type`, `must be one of the following values: [${ACTION_TYPES.join(', ')}]`);
  problems.text(action.label, `${path}/label`, label.max, label.required);
  if (action.type === 'message') problems.text(action.text, `${path}/text`, 300);
  if (action.type === 'postback') problems.text(action.data, `${path}/data`, 300);
  if (action.type === 'uri') {
    problems.text(action.uri, `${path}/uri`, 1000);
    if (typeof action.uri === 'string' && action.uri) {
      let scheme = '';
      try {
        scheme = new URL(action.uri).protocol;
      } catch {
        // Not a URI: refused below.
      }
      if (!URI_SCHEMES.includes(scheme)) problems.add(`${path}/uri`, 'invalid uri scheme');
    }
  }
}

function checkComponent(component: unknown, path: string, problems: Problems, parentLayout?: string) {
  if (!isObject(component)) return problems.add(path, 'must be an object');
  const type = String(component.type);
  if (!COMPONENT_TYPES.includes(type))
    return problems.add(`${path}/type`, `must be one of the following values: [${COMPONENT_TYPES.join(', ')}]`);
  if (parentLayout === 'baseline' && !['icon', 'text', 'filler', 'span'].includes(type))
    problems.add(`${path}/type`, `${type} is not allowed in a baseline box`);
  if (type === 'box') checkBox(component, path, problems);
  if (type === 'button') checkAction(component.action, `${path}/action`, FLEX_BUTTON_LABEL, problems);
  else if (component.action !== undefined) checkAction(component.action, `${path}/action`, FLEX_OTHER_LABEL, problems);
  if (type === 'image' || type === 'icon') problems.httpsUrl(component.url, `${path}/url`, 2000);
  if (type === 'text' && !Array.isArray(component.contents)) problems.text(component.text, `${path}/text`, Number.MAX_SAFE_INTEGER);
  if (type === 'text' && component.maxLines !== undefined && (!Number.isInteger(component.maxLines) || Number(component.maxLines) < 0))
    problems.add(`${path}/maxLines`, 'must be a non-negative integer');
}

function checkBox(box: Json, path: string, problems: Problems) {
  if (!['horizontal', 'vertical', 'baseline'].includes(String(box.layout)))
    problems.add(`${path}/layout`, 'must be one of the following values: [horizontal, vertical, baseline]');
  if (!Array.isArray(box.contents)) return problems.add(`${path}/contents`, 'must be specified');
  for (const [index, child] of box.contents.entries()) checkComponent(child, `${path}/contents/${index}`, problems, String(box.layout));
}

function checkBubble(bubble: unknown, path: string, problems: Problems) {
  if (!isObject(bubble) || bubble.type !== 'bubble') return problems.add(`${path}/type`, 'must be bubble');
  if (bytesOf(bubble) > 30 * 1024) problems.add(path, 'the bubble is larger than 30 KB');
  for (const block of ['header', 'body', 'footer'] as const) {
    const value = bubble[block];
    if (value === undefined) continue;
    if (!isObject(value) || value.type !== 'box') problems.add(`${path}/${block}`, 'must be a box');
    else checkBox(value, `${path}/${block}`, problems);
  }
  if (bubble.hero !== undefined) {
    const hero = bubble.hero;
    if (!isObject(hero) || !['box', 'image', 'video'].includes(String(hero.type)))
      problems.add(`${path}/hero`, 'must be a box, an image or a video');
    else checkComponent(hero, `${path}/hero`, problems);
  }
  if (bubble.action !== undefined) checkAction(bubble.action, `${path}/action`, FLEX_OTHER_LABEL, problems);
}

function checkFlex(message: Json, problems: Problems) {
  problems.text(message.altText, 'altText', 1500);
  const contents = message.contents;
  if (!isObject(contents)) return problems.add('contents', 'must be specified');
  if (contents.type === 'bubble') return checkBubble(contents, 'contents', problems);
  if (contents.type !== 'carousel') return problems.add('contents/type', 'must be one of the following values: [bubble, carousel]');
  const bubbles = contents.contents;
  if (!Array.isArray(bubbles) || !bubbles.length) return problems.add('contents/contents', 'may not be empty');
  if (bubbles.length > 12) problems.add('contents/contents', 'must not contain more than 12 bubbles');
  if (bytesOf(contents) > 50 * 1024) problems.add('contents', 'the carousel is larger than 50 KB');
  const sizes = new Set(bubbles.map((bubble) => (isObject(bubble) ? (bubble.size ?? 'mega') : 'mega')));
  if (sizes.size > 1) problems.add('contents/contents', 'bubbles in a carousel must be of one size');
  for (const [index, bubble] of bubbles.entries()) checkBubble(bubble, `contents/contents/${index}`, problems);
}

function checkQuickReply(quickReply: unknown, problems: Problems) {
  if (!isObject(quickReply) || !Array.isArray(quickReply.items) || !quickReply.items.length)
    return problems.add('quickReply/items', 'may not be empty');
  if (quickReply.items.length > 13) problems.add('quickReply/items', 'must not contain more than 13 items');
  for (const [index, item] of quickReply.items.entries()) {
    const path = `quickReply/items/${index}`;
    if (!isObject(item) || item.type !== 'action') {
      problems.add(`${path}/type`, 'must be action');
      continue;
    }
    if (item.imageUrl !== undefined) problems.httpsUrl(item.imageUrl, `${path}/imageUrl`, 2000);
    checkAction(item.action, `${path}/action`, QUICK_REPLY_LABEL, problems);
  }
}

/** LINE's error body for `messages`, or null when LINE would accept them. */
export function lineMessagesError(messages: unknown): LineErrorBody | null {
  const request = new Problems();
  if (!Array.isArray(messages) || !messages.length) request.add('messages', 'may not be empty');
  else if (messages.length > 5) request.add('messages', 'size must be between 1 and 5');
  const list = Array.isArray(messages) ? messages.slice(0, 5) : [];
  for (const [index, message] of list.entries()) {
    if (!isObject(message)) request.add(`messages[${index}]`, 'must be an object');
    else if (!MESSAGE_TYPES.includes(String(message.type)))
      request.add(`messages[${index}].type`, `Must be one of the following values: [${MESSAGE_TYPES.join(', ')}]`);
    else if (message.type === 'text') request.text(message.text, `messages[${index}].text`, 5000);
  }
  if (request.list.length) return { message: `The request body has ${request.list.length} error(s)`, details: request.list };
  for (const [index, message] of list.entries()) {
    const problems = new Problems();
    const value = message as Json;
    if (value.type === 'flex') checkFlex(value, problems);
    if (value.quickReply !== undefined) checkQuickReply(value.quickReply, problems);
    if (problems.list.length) return { message: `A message (messages[${index}]) in the request body is invalid`, details: problems.list };
  }
  return null;
}
