/** What a tool definition must never ask a visitor for, as the word sequences that name it. */
const TERMS: { label: string; phrases: string[] }[] = [
  { label: 'a password', phrases: ['password', 'passwd', 'pwd', 'passphrase', 'pass phrase', 'pass word'] },
  { label: 'a passcode or PIN', phrases: ['passcode', 'pin', 'pin number'] },
  {
    label: 'a one-time or verification code',
    phrases: [
      'otp',
      'totp',
      'one time password',
      'one time code',
      'one time passcode',
      'onetime code',
      'verification code',
      'verify code',
      '2fa',
      '2fa code',
      'mfa code',
      'two factor code',
      'sms code',
      'login code',
      'auth code',
      'authentication code',
    ],
  },
  {
    label: 'a full card number',
    phrases: ['card number', 'cardnumber', 'card num', 'card no', 'cc number', 'ccnumber', 'cc num', 'ccnum', 'credit card', 'debit card'],
  },
  {
    label: 'a card security code (CVV)',
    phrases: ['cvv', 'cvv2', 'cvc', 'cvc2', 'cvn', 'card verification', 'card security', 'security code'],
  },
  {
    label: 'a card expiry date',
    phrases: [
      'card expiry',
      'card expiration',
      'card exp',
      'cc exp',
      'expiry month',
      'expiry year',
      'expiration month',
      'expiration year',
      'exp month',
      'exp year',
      'exp date',
    ],
  },
  { label: 'a social security number', phrases: ['ssn', 'social security', 'social insurance number', 'national insurance number'] },
  {
    label: 'a bank account or routing number',
    phrases: ['bank account', 'routing number', 'iban', 'sort code', 'aba number', 'account routing'],
  },
  {
    label: 'a private key, API key or secret token',
    phrases: [
      'private key',
      'api key',
      'apikey',
      'secret',
      'secret key',
      'secret token',
      'access token',
      'auth token',
      'bearer token',
      'api token',
      'refresh token',
      'client secret',
    ],
  },
];

/** Phrases that ask for the secret as a field name but are harmless in prose ("pay by credit card or PayPal"). */
const NAME_ONLY = new Set(['credit card', 'debit card']);

const PHRASES = TERMS.map(({ label, phrases }) => ({
  label,
  phrases: phrases.map((phrase) => ({ words: phrase.split(' '), nameOnly: NAME_ONLY.has(phrase) })),
}));

/** Cards that are not payment cards: their numbers are lookups, not card details. */
const NOT_PAYMENT_CARDS = new Set(['gift', 'loyalty', 'member', 'membership', 'reward', 'library', 'id', 'business', 'sim']);

/** Words that make "PIN code" mean a postal code (as it does in India) rather than a secret number. */
const POSTAL_CONTEXT = new Set(['postal', 'post', 'zip', 'delivery', 'deliver', 'shipping', 'address', 'area', 'pincode']);

/**
 * Splits identifiers and prose into lowercase words (`cardNumber`, `card_number`, `APIKey` and
 * "card number" all give card/number), so terms only match whole words: `pin` but not `pinned`,
 * `shipping` or `opinion`.
 */
export function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/(\d)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z\d]+/)
    .filter(Boolean)
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

/**
 * The label of the first secret a field asks for, from its name and description, or null.
 * `context` is the field's other text, which can turn a match into something harmless ("PIN code"
 * next to "delivery").
 */
export function sensitiveLabel(text: string, kind: 'name' | 'prose', context = ''): string | null {
  const tokens = words(text);
  const around = words(context);
  for (const { label, phrases } of PHRASES) {
    for (const phrase of phrases) {
      if (phrase.nameOnly && kind !== 'name') continue;
      for (let start = 0; start + phrase.words.length <= tokens.length; start++) {
        if (!phrase.words.every((word, i) => tokens[start + i] === word)) continue;
        if (phrase.words[0] === 'pin' && isPostalPin(tokens, start, around)) continue;
        if (phrase.words[0] === 'card' && NOT_PAYMENT_CARDS.has(tokens[start - 1] ?? '')) continue;
        return label;
      }
    }
  }
  return null;
}

function isPostalPin(tokens: string[], start: number, around: string[]): boolean {
  return tokens[start + 1] === 'code' && [...tokens, ...around].some((token) => POSTAL_CONTEXT.has(token));
}
