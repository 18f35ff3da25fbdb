/*
 * What Meta's send endpoints accept, checked as Meta checks them, so a message the real API would
 * refuse fails a test the same way (a 400 with the Graph API's error body).
 *
 * Messenger and Instagram Send API (`POST /{page-id}/messages`), `message`:
 * - text or attachment, not both (https://developers.facebook.com/docs/messenger-platform/reference/send-api/);
 *   text at most 2000 characters (Instagram: 1000 bytes; the fake cannot tell the two apart by the
 *   request, so it holds Messenger's);
 * - attachment types image, audio, video, file, template; templates generic, button, media,
 *   receipt, customer_feedback, product;
 * - generic template (https://developers.facebook.com/docs/messenger-platform/send-messages/template/generic,
 *   https://developers.facebook.com/docs/messenger-platform/instagram/features/generic-template):
 *   "Maximum of 10 elements"; an element's title required, "80 character limit", subtitle "80
 *   character limit", "At least one property must be set in addition to title"; image_url and
 *   default_action (a URL button without a title) optional; at most 3 buttons;
 * - buttons (https://developers.facebook.com/docs/messenger-platform/reference/buttons/url, …/postback):
 *   web_url needs url and a title of at most 20 characters; postback a title of at most 20 and a
 *   payload of at most 1000;
 * - quick replies (https://developers.facebook.com/docs/messenger-platform/reference/buttons/quick-replies):
 *   "A maximum of 13 quick replies"; content_type text, user_phone_number or user_email; a text one
 *   needs a title ("20 character limit") and a payload ("1000 character limit").
 *
 * WhatsApp Cloud API (`POST /{phone-number-id}/messages`):
 * - `messaging_product: whatsapp`, `to`, and a type of audio, contacts, document, image,
 *   interactive, location, reaction, sticker, template, text, video;
 * - text: body required, at most 4096 characters (…/whatsapp/messages/text-messages);
 * - interactive list (…/interactive-list-messages): body at most 4096; header text only, at most
 *   60; footer at most 60; action.button required, at most 20; 1 to 10 sections, each titled
 *   (at most 24); 1 to 10 rows in all, row id required (at most 200, distinct), title required
 *   (at most 24), description at most 72;
 * - interactive reply buttons (…/interactive-reply-buttons-messages): body at most 1024; 1 to 3
 *   buttons of type reply, id at most 256, title at most 20, ids and titles distinct; header text
 *   (at most 60), image, video or document; footer at most 60;
 * - interactive cta_url (…/interactive-cta-url-messages): body at most 1024; action name cta_url,
 *   display_text required (at most 20), url required; header as reply buttons'; footer at most 60;
 *   (all under https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/).
 *
 * Errors (https://developers.facebook.com/docs/graph-api/guides/error-handling,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes):
 * `{"error": {message, type: "OAuthException", code, error_data?, fbtrace_id}}`; the Send API's
 * invalid parameter is code 100 ("(#100) …"); WhatsApp's are 131008 "Required parameter is
 * missing" and 131009 "Parameter value is not valid", with `error_data.details` saying which.
 */

export interface GraphErrorBody {
  error: {
    message: string;
    type: string;
    code: number;
    error_data?: { messaging_product: 'whatsapp'; details: string };
    fbtrace_id: string;
  };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function isWebUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const sendApiError = (message: string): GraphErrorBody => ({
  error: { message: `(#100) ${message}`, type: 'OAuthException', code: 100, fbtrace_id: 'AFakeTrace' },
});

/** The Send API's answer to `message` of a Messenger or Instagram send, or null when Meta would accept it. */
export function pageMessageError(message: unknown): GraphErrorBody | null {
  if (!isObject(message)) return sendApiError('The parameter message is required');
  const hasText = message.text !== undefined;
  const hasAttachment = message.attachment !== undefined;
  if (hasText === hasAttachment) return sendApiError('Exactly one of message[text] and message[attachment] must be set');
  if (hasText && (typeof message.text !== 'string' || !message.text.trim()))
    return sendApiError('Param message[text] must be a non-empty UTF-8 encoded string');
  if (hasText && String(message.text).length > 2000)
    return sendApiError('Length of param message[text] must be less than or equal to 2000');
  if (hasAttachment) {
    const problem = attachmentProblem(message.attachment);
    if (problem) return sendApiError(problem);
  }
  if (message.quick_replies !== undefined) {
    const problem = quickRepliesProblem(message.quick_replies);
    if (problem) return sendApiError(problem);
  }
  return null;
}

function attachmentProblem(attachment: unknown): string | null {
  const at = 'message[attachment]';
  if (!isObject(attachment)) return `Param ${at} must be an object`;
  if (!['image', 'audio', 'video', 'file', 'template'].includes(String(attachment.type)))
    return `Param ${at}[type] must be one of {IMAGE, AUDIO, VIDEO, FILE, TEMPLATE}`;
  if (attachment.type !== 'template') return null;
  const payload = attachment.payload;
  if (!isObject(payload)) return `Param ${at}[payload] must be an object`;
  const types = ['generic', 'button', 'media', 'receipt', 'customer_feedback', 'product'];
  if (!types.includes(String(payload.template_type))) return `Param ${at}[payload][template_type] must be one of {${types.join(', ')}}`;
  if (payload.template_type !== 'generic') return null;
  const elements = payload.elements;
  if (!Array.isArray(elements) || !elements.length) return `Param ${at}[payload][elements] must be a non-empty array`;
  if (elements.length > 10) return `Param ${at}[payload][elements] must contain at most 10 elements`;
  for (const [index, element] of elements.entries()) {
    const path = `${at}[payload][elements][${index}]`;
    if (!isObject(element)) return `Param ${path} must be an object`;
    if (typeof element.title !== 'string' || !element.title.trim()) return `Param ${path}[title] must be a non-empty UTF-8 encoded string`;
    if (element.title.length > 80) return `Param ${path}[title] must be at most 80 characters`;
    if (element.subtitle !== undefined && (typeof element.subtitle !== 'string' || element.subtitle.length > 80))
      return `Param ${path}[subtitle] must be at most 80 characters`;
    if (element.image_url !== undefined && !isWebUrl(element.image_url)) return `Param ${path}[image_url] must be a valid URL`;
    if (!['subtitle', 'image_url', 'default_action', 'buttons'].some((key) => element[key] !== undefined))
      return `Param ${path} must set at least one property in addition to title`;
    if (element.default_action !== undefined) {
      const action = element.default_action;
      if (!isObject(action) || action.type !== 'web_url' || !isWebUrl(action.url))
        return `Param ${path}[default_action] must be a URL button`;
      if (action.title !== undefined) return `Param ${path}[default_action][title] is not allowed`;
    }
    if (element.buttons !== undefined) {
      const problem = buttonsProblem(element.buttons, `${path}[buttons]`);
      if (problem) return problem;
    }
  }
  return null;
}

function buttonsProblem(buttons: unknown, path: string): string | null {
  if (!Array.isArray(buttons) || !buttons.length) return `Param ${path} must be a non-empty array`;
  if (buttons.length > 3) return `Param ${path} must contain at most 3 buttons`;
  const types = ['web_url', 'postback', 'phone_number', 'account_link', 'account_unlink', 'game_play'];
  for (const [index, button] of buttons.entries()) {
    const at = `${path}[${index}]`;
    if (!isObject(button) || !types.includes(String(button.type))) return `Param ${at}[type] must be one of {${types.join(', ')}}`;
    if (typeof button.title !== 'string' || !button.title.trim()) return `Param ${at}[title] must be a non-empty UTF-8 encoded string`;
    if (button.title.length > 20) return `Param ${at}[title] must be at most 20 characters`;
    if (button.type === 'web_url' && !isWebUrl(button.url)) return `Param ${at}[url] must be a valid URL`;
    if (button.type === 'postback' && (typeof button.payload !== 'string' || !button.payload || button.payload.length > 1000))
      return `Param ${at}[payload] must be a non-empty string of at most 1000 characters`;
  }
  return null;
}

function quickRepliesProblem(replies: unknown): string | null {
  if (!Array.isArray(replies) || !replies.length) return 'Param message[quick_replies] must be a non-empty array';
  if (replies.length > 13) return 'Param message[quick_replies] must contain at most 13 quick replies';
  for (const [index, reply] of replies.entries()) {
    const at = `message[quick_replies][${index}]`;
    if (!isObject(reply) || !['text', 'user_phone_number', 'user_email'].includes(String(reply.content_type)))
      return `Param ${at}[content_type] must be one of {text, user_phone_number, user_email}`;
    if (reply.content_type !== 'text') continue;
    if (typeof reply.title !== 'string' || !reply.title.trim()) return `Param ${at}[title] must be a non-empty UTF-8 encoded string`;
    if (reply.title.length > 20) return `Param ${at}[title] must be at most 20 characters`;
    if (typeof reply.payload !== 'string' && typeof reply.payload !== 'number') return `Param ${at}[payload] is required`;
    if (String(reply.payload).length > 1000) return `Param ${at}[payload] must be at most 1000 characters`;
    if (reply.image_url !== undefined && !isWebUrl(reply.image_url)) return `Param ${at}[image_url] must be a valid URL`;
  }
  return null;
}

const whatsappError = (code: 131008 | 131009 | 100, details: string): GraphErrorBody => ({
  error: {
    message:
      code === 131008
        ? '(#131008) Required parameter is missing'
        : code === 131009
          ? '(#131009) Parameter value is not valid'
          : '(#100) Invalid parameter',
    type: 'OAuthException',
    code,
    error_data: { messaging_product: 'whatsapp', details },
    fbtrace_id: 'AFakeTrace',
  },
});

const WHATSAPP_TYPES = [
  'audio',
  'contacts',
  'document',
  'image',
  'interactive',
  'location',
  'reaction',
  'sticker',
  'template',
  'text',
  'video',
];
const INTERACTIVE_TYPES = [
  'button',
  'list',
  'cta_url',
  'product',
  'product_list',
  'catalog_message',
  'flow',
  'location_request_message',
  'address_message',
  'call_permission_request',
];

/** A string of 1 to `max` characters at `path`: the problem's error, or null. */
function whatsappText(value: unknown, path: string, max: number, required = true): GraphErrorBody | null {
  if (value === undefined || value === null) return required ? whatsappError(131008, `${path} is required`) : null;
  if (typeof value !== 'string' || !value.length) return whatsappError(131009, `${path} must be a non-empty string`);
  if (value.length > max) return whatsappError(131009, `${path} length invalid. Max length: ${max}`);
  return null;
}

function headerProblem(header: unknown, textOnly: boolean): GraphErrorBody | null {
  if (header === undefined) return null;
  if (!isObject(header)) return whatsappError(131009, 'interactive.header must be an object');
  if (header.type === 'text') return whatsappText(header.text, 'interactive.header.text', 60);
  if (textOnly) return whatsappError(131009, 'interactive.header.type must be text for this interactive type');
  const type = String(header.type);
  if (!['image', 'video', 'document'].includes(type)) return whatsappError(131009, 'interactive.header.type is not valid');
  const media = header[type];
  if (!isObject(media) || (media.id === undefined && !isWebUrl(media.link)))
    return whatsappError(131008, `interactive.header.${type} needs an id or a link`);
  return null;
}

/** The Cloud API's answer to a WhatsApp send's body, or null when Meta would accept it. */
export function whatsappMessageError(body: Json): GraphErrorBody | null {
  if (body.messaging_product !== 'whatsapp') return whatsappError(100, 'messaging_product must be whatsapp');
  if (typeof body.to !== 'string' || !body.to) return whatsappError(131008, 'to is required');
  if (!WHATSAPP_TYPES.includes(String(body.type))) return whatsappError(100, `type must be one of ${WHATSAPP_TYPES.join(', ')}`);
  if (body.type === 'text') return whatsappText(isObject(body.text) ? body.text.body : undefined, 'text.body', 4096);
  if (body.type !== 'interactive') return null;
  const interactive = body.interactive;
  if (!isObject(interactive)) return whatsappError(131008, 'interactive is required');
  if (!INTERACTIVE_TYPES.includes(String(interactive.type))) return whatsappError(131009, 'interactive.type is not valid');
  const action = interactive.action;
  const footer = isObject(interactive.footer) ? whatsappText(interactive.footer.text, 'interactive.footer.text', 60) : null;
  if (interactive.footer !== undefined && !isObject(interactive.footer))
    return whatsappError(131009, 'interactive.footer must be an object');
  if (footer) return footer;
  const bodyText = isObject(interactive.body) ? interactive.body.text : undefined;
  if (interactive.type === 'list') {
    return (
      whatsappText(bodyText, 'interactive.body.text', 4096) ??
      headerProblem(interactive.header, true) ??
      (isObject(action) ? listProblem(action) : whatsappError(131008, 'interactive.action is required'))
    );
  }
  if (interactive.type === 'button') {
    return (
      whatsappText(bodyText, 'interactive.body.text', 1024) ??
      headerProblem(interactive.header, false) ??
      (isObject(action) ? replyButtonsProblem(action) : whatsappError(131008, 'interactive.action is required'))
    );
  }
  if (interactive.type === 'cta_url') {
    if (!isObject(action) || action.name !== 'cta_url' || !isObject(action.parameters))
      return whatsappError(131008, 'interactive.action.name cta_url and its parameters are required');
    return (
      whatsappText(bodyText, 'interactive.body.text', 1024) ??
      headerProblem(interactive.header, false) ??
      whatsappText(action.parameters.display_text, 'interactive.action.parameters.display_text', 20) ??
      (isWebUrl(action.parameters.url) ? null : whatsappError(131009, 'interactive.action.parameters.url must be a valid URL'))
    );
  }
  return null;
}

function listProblem(action: Json): GraphErrorBody | null {
  const button = whatsappText(action.button, 'interactive.action.button', 20);
  if (button) return button;
  const sections = action.sections;
  if (!Array.isArray(sections) || !sections.length) return whatsappError(131008, 'interactive.action.sections is required');
  if (sections.length > 10) return whatsappError(131009, 'interactive.action.sections: at most 10 sections');
  const ids = new Set<string>();
  let rows = 0;
  for (const [index, section] of sections.entries()) {
    const at = `interactive.action.sections[${index}]`;
    if (!isObject(section) || !Array.isArray(section.rows) || !section.rows.length) return whatsappError(131008, `${at}.rows is required`);
    const title = whatsappText(section.title, `${at}.title`, 24);
    if (title) return title;
    for (const [rowIndex, row] of section.rows.entries()) {
      const path = `${at}.rows[${rowIndex}]`;
      if (!isObject(row)) return whatsappError(131009, `${path} must be an object`);
      const problem =
        whatsappText(row.id, `${path}.id`, 200) ??
        whatsappText(row.title, `${path}.title`, 24) ??
        whatsappText(row.description, `${path}.description`, 72, false);
      if (problem) return problem;
      if (ids.has(String(row.id))) return whatsappError(131009, `${path}.id must be unique`);
      ids.add(String(row.id));
      rows += 1;
    }
  }
  return rows > 10 ? whatsappError(131009, 'interactive.action.sections: at most 10 rows in all') : null;
}

function replyButtonsProblem(action: Json): GraphErrorBody | null {
  const buttons = action.buttons;
  if (!Array.isArray(buttons) || !buttons.length) return whatsappError(131008, 'interactive.action.buttons is required');
  if (buttons.length > 3) return whatsappError(131009, 'interactive.action.buttons: at most 3 buttons');
  const ids = new Set<string>();
  const titles = new Set<string>();
  for (const [index, button] of buttons.entries()) {
    const at = `interactive.action.buttons[${index}]`;
    if (!isObject(button) || button.type !== 'reply' || !isObject(button.reply))
      return whatsappError(131009, `${at} must be a reply button`);
    const problem = whatsappText(button.reply.id, `${at}.reply.id`, 256) ?? whatsappText(button.reply.title, `${at}.reply.title`, 20);
    if (problem) return problem;
    if (ids.has(String(button.reply.id)) || titles.has(String(button.reply.title)))
      return whatsappError(131009, `${at}: button ids and titles must be unique`);
    ids.add(String(button.reply.id));
    titles.add(String(button.reply.title));
  }
  return null;
}
